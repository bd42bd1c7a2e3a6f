import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { ADDRESS_MAX, TX_HASH_MAX, type DepositOption } from '../../../common/api/assets'
import { describeFailure } from '../../api/problem'
import { appFormOptions, changeField, fieldError, useAppForm, useFormText } from '../../ui/form'
import { ImageUploader, type UploadedImage } from '../../ui/ImageUploader'
import { showToast } from '../../ui/toast'
import { normalizeAmount, readAmount } from './amount-check'
import { amountText } from './bound-amount'
import '../../styles/funds.css'

interface Values {
  amount: string
  from_address: string
  tx_hash: string
  proof_image: UploadedImage | null
}

const EMPTY: Values = { amount: '', from_address: '', tx_hash: '', proof_image: null }

/**
 * The deposit claim (spec §5: amount and wallet address required): how much the user sent, from which address, and
 * optionally the transaction hash and a screenshot, for an operator to find the transfer on chain. A refusal lands
 * under the field the server names; once submitted, `onDone` (the record list).
 */
export function DepositClaimForm({ option, onDone }: { option: DepositOption; onDone: () => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t } = useLingui()
  const show = useFormText()
  const { currency, chain, scale } = option
  const form = useAppForm(
    appFormOptions<Values>({
      defaultValues: EMPTY,
      check: (v) => ({
        amount: amountText(v.amount, currency, { scale }),
        from_address: v.from_address.trim()
          ? undefined
          : msg({ id: 'funds.fromAddressRequired', message: 'Please enter the address you sent from' }),
      }),
      describe: describeFailure,
      send: async (v) => {
        await api.depositClaim(
          {
            currency,
            chain,
            amount: readAmount(v.amount) ?? v.amount,
            from_address: v.from_address.trim(),
            ...(v.tx_hash.trim() ? { tx_hash: v.tx_hash.trim() } : {}),
            ...(v.proof_image ? { proof_image: v.proof_image.id } : {}),
          },
          { silent: true },
        )
        showToast(msg({ id: 'funds.submitted', message: 'Submitted' }), 'success')
        onDone()
      },
    }),
  )
  const upload = async (file: Blob, signal: AbortSignal) => {
    try {
      return await api.uploadImage(file, { silent: true, signal })
    } catch (err) {
      throw new Error(show(describeFailure(err).text) ?? '', { cause: err })
    }
  }
  return (
    <form.AppForm>
      <form.Form className="fd-card fd-form">
        <h2 className="fd-form__title">
          <Trans id="funds.claimTitle">I have sent a deposit</Trans>
        </h2>
        <form.AppField name="amount">
          {(f) => (
            <f.TextField
              label={t({ id: 'funds.depositAmount', message: `Amount sent (${currency})` })}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              normalize={normalizeAmount}
            />
          )}
        </form.AppField>
        <form.AppField name="from_address">
          {(f) => (
            <f.TextField
              label={t({ id: 'funds.fromAddress', message: 'Your sending address' })}
              placeholder={t({ id: 'funds.fromAddressHint', message: `The ${chain} address you sent from` })}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={ADDRESS_MAX}
            />
          )}
        </form.AppField>
        <form.AppField name="tx_hash">
          {(f) => (
            <f.TextField
              label={t({ id: 'funds.txHash', message: 'Transaction hash (optional)' })}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={TX_HASH_MAX}
            />
          )}
        </form.AppField>
        <form.Field name="proof_image">
          {(field) => (
            <ImageUploader
              label={t({ id: 'funds.proofImage', message: 'Screenshot of the transfer (optional)' })}
              value={field.state.value}
              onChange={(v) => changeField(field, v)}
              upload={upload}
              error={show(fieldError(field))}
            />
          )}
        </form.Field>
        <form.FormProblem />
        <form.SubmitButton busyLabel={<Trans id="identity.submitting">Submitting…</Trans>}>
          <Trans id="identity.submit">Submit</Trans>
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}
