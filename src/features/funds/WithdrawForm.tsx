import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import type { SavedAddress, WithdrawOption } from '../../../common/api/assets'
import { describeFailure } from '../../api/problem'
import { useSecondFactorProps } from '../auth'
import { appFormOptions, changeField, fieldError, setFieldProblem, useAppForm, useFormText } from '../../ui/form'
import { confirmDialog } from '../../ui/dialog'
import { showToast } from '../../ui/toast'
import { AddressPicker } from './AddressPicker'
import { AddressSheet } from './AddressSheet'
import { allOf, frozenTotal, normalizeAmount, readAmount } from './amount-check'
import { amountText } from './bound-amount'
import { WithdrawSummary } from './WithdrawSummary'
import '../../styles/funds.css'
import { formatMoney } from '../../lib/format'

/** The question before a withdrawal is sent (issue 24 part 3): a withdrawal cannot be called back. */
export const CONFIRM_WITHDRAW = msg({ id: 'funds.confirmWithdraw', message: 'Confirm this withdrawal?' })

interface Values {
  address_id: number | null
  amount: string
  pay_password: string
  totp_code: string
}

/** Why nothing can be withdrawn now: a chain deposit still confirming, or a reversed deposit's debt. */
function WithdrawLockNote({ locked }: { locked: NonNullable<WithdrawOption['locked']> }) {
  const { i18n } = useLingui()
  const lockedCurrency = locked.currency
  const owed = locked.reason === 'debt' ? formatMoney(locked.amount, i18n.locale) : ''
  return (
    <p className="fd-lock-note" role="note" data-testid="withdraw-locked">
      {locked.reason === 'confirming' ? (
        <Trans id="funds.lockedConfirming">
          Withdrawals open once your {lockedCurrency} deposits reach 6 confirmations. Until then they can be traded, not
          withdrawn.
        </Trans>
      ) : (
        <Trans id="funds.lockedDebt">
          A reversed {lockedCurrency} deposit still owes {owed} {lockedCurrency}: withdrawals open once your next
          deposits have repaid it.
        </Trans>
      )}
    </p>
  )
}

/**
 * A withdrawal (spec §5: address, amount and transaction password required; a coin address must be set first): the
 * address, the amount with "All", the available balance, minimum and fee, what arrives and what is frozen, and the
 * transaction password — or, without one, the way to set it — and, with two-factor authentication on, the
 * authenticator's code (issue 24 part 7). A refusal lands under the field the server names.
 */
export function WithdrawForm({
  option,
  addresses,
  hasPayPassword,
  twoFactor = false,
  onAddressesChanged,
  onDone,
}: {
  option: WithdrawOption
  /** The saved addresses of this currency and network. */
  addresses: readonly SavedAddress[]
  hasPayPassword: boolean
  /** Two-factor authentication is on: the form asks for the authenticator's code. */
  twoFactor?: boolean
  onAddressesChanged: () => Promise<unknown>
  onDone: () => void
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const show = useFormText()
  const [adding, setAdding] = useState(false)
  const codeProps = useSecondFactorProps()
  const { currency, chain, scale, available, withdraw_fee: fee, min_withdraw: min } = option
  const money = (v: string) => `${formatMoney(v, i18n.locale)} ${currency}`
  const form = useAppForm(
    appFormOptions<Values>({
      defaultValues: { address_id: addresses[0]?.id ?? null, amount: '', pay_password: '', totp_code: '' },
      check: (v) => ({
        address_id:
          v.address_id !== null
            ? undefined
            : addresses.length === 0
              ? msg({ id: 'funds.addressFirst', message: 'Set your coin address first' })
              : msg({ id: 'funds.chooseAddress', message: 'Choose the address to withdraw to' }),
        amount: amountText(v.amount, currency, { scale, min, available, fee }),
        pay_password: v.pay_password
          ? undefined
          : msg({ id: 'funds.payPasswordRequired', message: 'Please enter your transaction password' }),
        totp_code:
          !twoFactor || /^\d{6}$/.test(v.totp_code)
            ? undefined
            : msg({ id: 'twoFactor.codeSix', message: 'Enter the 6-digit code' }),
      }),
      describe: describeFailure,
      send: async (v) => {
        const amount = readAmount(v.amount)
        const to = addresses.find((a) => a.id === v.address_id)
        if (amount === null || !to) return // the check has refused it already
        // What leaves, where to and what it costs, as the summary under the amount computed it.
        const ok = await confirmDialog({
          message: CONFIRM_WITHDRAW,
          confirmText: msg({ id: 'funds.withdrawSubmit', message: 'Withdraw' }),
          details: [
            { label: msg({ id: 'funds.network', message: 'Network' }), value: `${currency} · ${chain}` },
            {
              label: msg({ id: 'funds.withdrawAddress', message: 'Withdrawal address' }),
              value: to.address,
              testId: 'confirm-address',
            },
            {
              label: msg({ id: 'funds.arrival', message: 'Arrival amount' }),
              value: money(amount),
              testId: 'confirm-arrival',
            },
            { label: msg({ id: 'funds.fee', message: 'Fee' }), value: money(fee), testId: 'confirm-fee' },
            {
              label: msg({ id: 'funds.frozenTotal', message: 'Frozen until reviewed (amount + fee)' }),
              value: money(frozenTotal(amount, fee) ?? amount),
              testId: 'confirm-frozen',
            },
          ],
        })
        if (!ok) return
        await api.withdraw(
          {
            currency,
            chain,
            address_id: v.address_id ?? 0,
            amount,
            pay_password: v.pay_password,
            ...(twoFactor ? { totp_code: v.totp_code } : {}),
          },
          { silent: true },
        )
        showToast(msg({ id: 'funds.withdrawSubmitted', message: 'Withdrawal submitted' }), 'success')
        onDone()
      },
    }),
  )
  const fillAll = () => {
    form.setFieldValue('amount', allOf(available, scale, fee))
    setFieldProblem(form, 'amount', undefined)
  }
  return (
    <form.AppForm>
      <form.Form className="fd-card fd-form">
        <form.Field name="address_id">
          {(field) => (
            <AddressPicker
              addresses={addresses}
              value={field.state.value}
              onChange={(id) => changeField(field, id)}
              onAdd={() => setAdding(true)}
              onDeleted={(id) => {
                if (field.state.value === id) changeField(field, null)
                void onAddressesChanged()
              }}
              error={show(fieldError(field))}
            />
          )}
        </form.Field>
        <AddressSheet
          open={adding}
          currency={currency}
          chain={chain}
          onClose={() => setAdding(false)}
          onSaved={(id) => {
            setAdding(false)
            void onAddressesChanged().then(() => form.setFieldValue('address_id', id))
            setFieldProblem(form, 'address_id', undefined)
          }}
        />
        <p className="fd-available">
          <Trans id="funds.available">Available</Trans>{' '}
          <strong data-testid="withdraw-available">{money(available)}</strong>
        </p>
        {option.locked && <WithdrawLockNote locked={option.locked} />}
        <form.AppField name="amount">
          {(f) => (
            <f.TextField
              label={t({ id: 'funds.withdrawAmount', message: `Amount (${currency})` })}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t({ id: 'funds.minimumHint', message: `At least ${min}` })}
              normalize={normalizeAmount}
              hint={t({ id: 'funds.minAndFee', message: `Minimum ${min} ${currency} · fee ${fee} ${currency}` })}
              suffix={
                <button type="button" className="fd-all" onClick={fillAll}>
                  <Trans id="funds.all">All</Trans>
                </button>
              }
            />
          )}
        </form.AppField>
        <form.Subscribe selector={(s) => s.values.amount}>
          {(amount) => <WithdrawSummary amount={amount} fee={fee} currency={currency} />}
        </form.Subscribe>
        {hasPayPassword ? (
          <>
            <form.AppField name="pay_password">
              {(f) => (
                <f.SecretField
                  label={t({ id: 'funds.payPassword', message: 'Transaction password' })}
                  autoComplete="off"
                />
              )}
            </form.AppField>
            {twoFactor && (
              <form.AppField name="totp_code">
                {(f) => <f.TextField {...codeProps} data-testid="withdraw-totp" />}
              </form.AppField>
            )}
            <form.FormProblem />
            <form.SubmitButton busyLabel={<Trans id="identity.submitting">Submitting…</Trans>}>
              <Trans id="funds.withdrawSubmit">Withdraw</Trans>
            </form.SubmitButton>
          </>
        ) : (
          <div className="fd-nopay" role="note">
            <p>
              <Trans id="funds.setPayPasswordFirst">
                Withdrawals ask for a transaction password. Set one in the security center first.
              </Trans>
            </p>
            <Link to="/change-pay-passwd" className="btn btn--primary btn--block">
              <Trans id="security.setPayTitle">Set transaction password</Trans>
            </Link>
          </div>
        )}
      </form.Form>
    </form.AppForm>
  )
}
