import { useLingui } from '@lingui/react/macro'
import type { FinancialProduct } from '../../../common/api/financial'
import { shareOf } from './figures'
import './financial.css'
import { formatMoney } from '../../lib/format'

/** Shares of the usable balance offered as one-tap amounts ("All" last: the whole balance, up to the maximum). */
const SHARES = [
  ['0.25', '25%'],
  ['0.5', '50%'],
  ['0.75', '75%'],
] as const

/** One-tap amounts: the minimum, then shares of the spot wallet's usable balance once it is known. */
export function QuickFill({
  product: p,
  available,
  onPick,
}: {
  product: FinancialProduct
  /** Usable balance of the spot wallet; undefined while unknown. */
  available: string | undefined
  onPick: (amount: string) => void
}) {
  const { t, i18n } = useLingui()
  const min = formatMoney(p.min_amount, i18n.locale, { minScale: 0 })
  return (
    <div className="fi-quick" role="group" aria-label={t({ id: 'financial.quickFill', message: 'Quick fill' })}>
      <button type="button" className="fi-quick__btn" onClick={() => onPick(p.min_amount)}>
        {t({ id: 'financial.quickMin', message: `Min ${min}` })}
      </button>
      {available !== undefined && (
        <>
          {SHARES.map(([share, label]) => (
            <button
              key={share}
              type="button"
              className="fi-quick__btn"
              onClick={() => onPick(shareOf(available, share, p))}
            >
              {label}
            </button>
          ))}
          <button type="button" className="fi-quick__btn" onClick={() => onPick(shareOf(available, '1', p))}>
            {t({ id: 'funds.all', message: 'All' })}
          </button>
        </>
      )}
    </div>
  )
}
