import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useId } from 'react'
import type { SavedAddress } from '../../../common/api/assets'
import { confirmDialog } from '../../ui/dialog'
import { Icon } from '../../ui/Icon'
import { showToast } from '../../ui/toast'

/**
 * The withdrawal address: the saved addresses of the chosen currency and network to pick from, each deletable, and
 * "Add address". With none saved it says "Set your coin address first" (spec §5, §8) with the button to add one.
 */
export function AddressPicker({
  addresses,
  value,
  onChange,
  onAdd,
  onDeleted,
  error,
}: {
  /** Already filtered to the currency and network. */
  addresses: readonly SavedAddress[]
  value: number | null
  onChange: (id: number) => void
  onAdd: () => void
  onDeleted: (id: number) => void
  error?: string | undefined
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t } = useLingui()
  const labelId = useId()
  const remove = async (a: SavedAddress) => {
    const ok = await confirmDialog({
      message: msg({ id: 'funds.deleteAddressConfirm', message: 'Delete this address from your address book?' }),
      confirmText: msg({ id: 'funds.delete', message: 'Delete' }),
    })
    if (!ok) return
    try {
      await api.addressDelete(a.id)
    } catch {
      return // the request layer has shown why
    }
    showToast(msg({ id: 'funds.addressDeleted', message: 'Address deleted' }), 'success')
    onDeleted(a.id)
  }
  const title = t({ id: 'funds.withdrawAddress', message: 'Withdrawal address' })
  return (
    <div className={error ? 'fd-addresses field--error' : 'fd-addresses'}>
      <span className="choices__label" id={labelId}>
        {title}
      </span>
      {addresses.length === 0 ? (
        <div className="fd-addresses__none" role="note">
          <p>
            <Trans id="funds.addressFirst">Set your coin address first</Trans>
          </p>
        </div>
      ) : (
        <ul className="fd-addresses__list" role="radiogroup" aria-labelledby={labelId}>
          {addresses.map((a) => (
            <li key={a.id} className="fd-addr">
              <button
                type="button"
                role="radio"
                aria-checked={a.id === value}
                className={a.id === value ? 'fd-addr__pick fd-addr__pick--on' : 'fd-addr__pick'}
                onClick={() => onChange(a.id)}
              >
                <span className="fd-addr__dot" aria-hidden="true" />
                <span className="fd-addr__text">
                  {a.label && <span className="fd-addr__label">{a.label}</span>}
                  <span className="fd-addr__address">{a.address}</span>
                </span>
              </button>
              <button type="button" className="icon-btn fd-addr__delete" onClick={() => void remove(a)}>
                <Icon name="trash" size={18} label={t({ id: 'funds.deleteAddress', message: 'Delete address' })} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn--ghost fd-addresses__add" onClick={onAdd}>
        <Icon name="plus" size={18} />
        <Trans id="funds.addAddress">Add address</Trans>
      </button>
    </div>
  )
}
