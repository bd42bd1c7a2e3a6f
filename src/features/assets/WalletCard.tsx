import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type { WalletBalances } from '../../../common/api/assets'
import { Icon } from '../../ui/Icon'
import { BalanceRow } from './BalanceRow'
import { WALLET_LABELS } from './wallet-labels'
import { formatAmount, trendOf } from '../../lib/format'

/**
 * One wallet of the book (coin, contract, options): its name and value in USDT, and "Detail", which opens the list
 * of its currencies in place. Currencies with nothing in them are left out of the list.
 */
export function WalletCard({ wallet, defaultOpen = false }: { wallet: WalletBalances; defaultOpen?: boolean }) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(defaultOpen)
  const listId = useId()
  const name = i18n._(WALLET_LABELS[wallet.wallet])
  const held = wallet.balances.filter((b) => trendOf(b.amount) !== 0)
  return (
    <section className="as-wallet" aria-label={name} data-wallet={wallet.wallet}>
      <div className="as-wallet__head">
        <h2 className="as-wallet__name">{name}</h2>
        <button
          type="button"
          className="as-wallet__detail"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {t({ id: 'assets.detail', message: 'Detail' })}
          <Icon name="chevronRight" size={14} className={open ? 'as-chevron as-chevron--open' : 'as-chevron'} />
        </button>
      </div>
      <p className="as-wallet__total">
        <span className="as-wallet__value">≈ {formatAmount(wallet.total_usdt, 'USDT', i18n.locale)}</span> USDT
      </p>
      {open && (
        <div id={listId}>
          {held.length === 0 ? (
            <p className="as-wallet__empty">
              <Trans id="assets.walletEmpty">Nothing in this account yet.</Trans>
            </p>
          ) : (
            <ul className="as-balances">
              {held.map((b) => (
                <BalanceRow key={b.currency} balance={b} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  )
}
