import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { ADDRESS_MAX, LABEL_MAX, type Chain } from '../../../common/api/assets'
import { describeFailure } from '../../api/problem'
import { appFormOptions, useAppForm } from '../../ui/form'
import { Sheet } from '../../ui/Sheet'
import { showToast } from '../../ui/toast'

interface Values {
  address: string
  label: string
}

/**
 * "Add address": a withdrawal address for one currency and network, with an optional label, saved to the user's
 * address book (the server checks the address's format for the network and names the field when it refuses).
 */
export function AddressSheet({
  open,
  currency,
  chain,
  onClose,
  onSaved,
}: {
  open: boolean
  currency: string
  chain: Chain
  onClose: () => void
  /** After saving, with the new address's id. */
  onSaved: (id: number) => void
}) {
  const { t } = useLingui()
  return (
    <Sheet
      open={open}
      title={t({ id: 'funds.addAddressTitle', message: `Add a ${currency} address (${chain})` })}
      onClose={onClose}
    >
      <AddressForm currency={currency} chain={chain} onSaved={onSaved} />
    </Sheet>
  )
}

function AddressForm({ currency, chain, onSaved }: { currency: string; chain: Chain; onSaved: (id: number) => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t } = useLingui()
  const form = useAppForm(
    appFormOptions<Values>({
      defaultValues: { address: '', label: '' },
      check: (v) => ({
        address: v.address.trim()
          ? undefined
          : msg({ id: 'funds.addressRequired', message: 'Please enter an address' }),
      }),
      describe: describeFailure,
      send: async (v) => {
        const label = v.label.trim()
        const { id } = await api.addressSave(
          { currency, chain, address: v.address.trim(), ...(label ? { label } : {}) },
          { silent: true },
        )
        showToast(msg({ id: 'funds.addressSaved', message: 'Address saved' }), 'success')
        onSaved(id)
      },
    }),
  )
  return (
    <form.AppForm>
      <form.Form className="fd-sheet-form">
        <form.AppField name="address">
          {(f) => (
            <f.TextField
              label={t({ id: 'funds.address', message: 'Address' })}
              placeholder={t({ id: 'funds.addressPlaceholder', message: `Your ${chain} address` })}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={ADDRESS_MAX}
            />
          )}
        </form.AppField>
        <form.AppField name="label">
          {(f) => (
            <f.TextField
              label={t({ id: 'funds.addressLabel', message: 'Label (optional)' })}
              placeholder={t({ id: 'funds.addressLabelHint', message: 'e.g. My wallet' })}
              autoComplete="off"
              maxLength={LABEL_MAX}
            />
          )}
        </form.AppField>
        <p className="fd-sheet-form__note">
          <Trans id="funds.addressNote">Check the address and network twice: a withdrawal cannot be called back.</Trans>
        </p>
        <form.FormProblem />
        <form.SubmitButton>
          <Trans id="funds.saveAddress">Save address</Trans>
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}
