import { useLingui } from '@lingui/react/macro'
import { multiply, parseDecimal } from '../../../common/amount'
import type { MicroProduct } from '../../../common/api/micro'
import { maxStake } from './stake'
import './micro-form.css'
import { formatMoney } from '../../lib/format'

/** Multiples of the minimum stake offered as one-tap amounts. */
const MULTIPLES = ['1', '5', '10', '50'] as const

/**
 * One-tap stakes: the minimum and some multiples of it, and "All" (the most the options wallet covers with its
 * fee) once the balance is known.
 */
export function QuickAmounts({
  product,
  available,
  onPick,
}: {
  product: MicroProduct
  /** Usable balance of the options wallet; undefined while unknown. */
  available: string | undefined
  onPick: (amount: string) => void
}) {
  const { t, i18n } = useLingui()
  const amounts = MULTIPLES.map((m) => multiply(parseDecimal(product.min_amount), parseDecimal(m)))
  return (
    <div className="mc-quick" role="group" aria-label={t({ id: 'micro.quickAmounts', message: 'Quick amounts' })}>
      {amounts.map((a) => (
        <button key={a} type="button" className="mc-quick__btn" onClick={() => onPick(a)}>
          {formatMoney(a, i18n.locale, { minScale: 0 })}
        </button>
      ))}
      {available !== undefined && (
        <button type="button" className="mc-quick__btn" onClick={() => onPick(maxStake(available, product))}>
          {t({ id: 'funds.all', message: 'All' })}
        </button>
      )}
    </div>
  )
}
