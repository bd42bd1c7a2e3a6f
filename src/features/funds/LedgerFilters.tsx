import { useLingui } from '@lingui/react/macro'
import { LEDGER_KINDS, WALLETS, type LedgerKind, type Wallet } from '../../../common/api/assets'
import { WALLET_LABELS } from '../assets'
import { LEDGER_KIND_LABELS } from './labels'
import '../../styles/funds.css'

/** The records' filters; `all` = no filter. */
export interface LedgerFilter {
  wallet: Wallet | 'all'
  type: LedgerKind | 'all'
}

/** Filter by account and by kind: two lists side by side, so the records start high on a phone. */
export function LedgerFilters({ value, onChange }: { value: LedgerFilter; onChange: (f: LedgerFilter) => void }) {
  const { t, i18n } = useLingui()
  return (
    <div className="fd-filters">
      <label className="fd-filters__item">
        <span className="choices__label">{t({ id: 'funds.filterWallet', message: 'Account' })}</span>
        <select
          className="fd-select"
          value={value.wallet}
          onChange={(e) => onChange({ ...value, wallet: e.target.value as Wallet | 'all' })}
        >
          <option value="all">{t({ id: 'funds.filterAllWallets', message: 'All accounts' })}</option>
          {WALLETS.map((w) => (
            <option key={w} value={w}>
              {i18n._(WALLET_LABELS[w])}
            </option>
          ))}
        </select>
      </label>
      <label className="fd-filters__item">
        <span className="choices__label">{t({ id: 'funds.filterType', message: 'Type' })}</span>
        <select
          className="fd-select"
          value={value.type}
          onChange={(e) => onChange({ ...value, type: e.target.value as LedgerKind | 'all' })}
        >
          <option value="all">{t({ id: 'funds.filterAllTypes', message: 'All types' })}</option>
          {LEDGER_KINDS.map((k) => (
            <option key={k} value={k}>
              {i18n._(LEDGER_KIND_LABELS[k])}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
