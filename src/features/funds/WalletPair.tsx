import { useLingui } from '@lingui/react/macro'
import { WALLETS, type Wallet } from '../../../common/api/assets'
import { WALLET_LABELS } from '../assets'
import { Icon } from '../../ui/Icon'

/**
 * From and to wallets of a transfer, with a swap button between them. Picking the wallet on the other side swaps
 * the two, so they always differ (the server refuses a transfer to the same wallet).
 */
export function WalletPair({
  from,
  to,
  onChange,
  error,
}: {
  from: Wallet
  to: Wallet
  onChange: (pair: { from: Wallet; to: Wallet }) => void
  error?: string | undefined
}) {
  const { t, i18n } = useLingui()
  const options = WALLETS.map((w) => (
    <option key={w} value={w}>
      {i18n._(WALLET_LABELS[w])}
    </option>
  ))
  const setFrom = (w: Wallet) => onChange(w === to ? { from: w, to: from } : { from: w, to })
  const setTo = (w: Wallet) => onChange(w === from ? { from: to, to: w } : { from, to: w })
  return (
    <div className={error ? 'fd-wallets field--error' : 'fd-wallets'}>
      <div className="fd-wallets__rows">
        <label className="fd-wallets__row">
          <span className="fd-wallets__label">{t({ id: 'funds.from', message: 'From' })}</span>
          <select className="fd-wallets__select" value={from} onChange={(e) => setFrom(e.target.value as Wallet)}>
            {options}
          </select>
        </label>
        <label className="fd-wallets__row">
          <span className="fd-wallets__label">{t({ id: 'funds.to', message: 'To' })}</span>
          <select className="fd-wallets__select" value={to} onChange={(e) => setTo(e.target.value as Wallet)}>
            {options}
          </select>
        </label>
      </div>
      <button type="button" className="fd-wallets__swap" onClick={() => onChange({ from: to, to: from })}>
        <Icon name="swap" size={20} label={t({ id: 'funds.swap', message: 'Swap accounts' })} />
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
