/**
 * "25 / 50 / 75 / 100 %" of a futures order: the quantity whose initial margin and fee take that share of the
 * contract wallet's available balance at the chosen leverage, priced as the order would be (limit price, or a walk of
 * the visible book for a market order).
 */
import {
  add,
  divide,
  compare,
  multiply,
  parseDecimal,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { ContractMarket } from '../../../common/api/contract'
import { amountForBudget } from '../../../common/trading/book-walk'
import { amountScale, feeRate, positive, previewOpen, type BookSides, type OpenDraft } from './open-math'

/**
 * The quantity (base currency) whose margin + fee use `pct` % of `available` at the draft's leverage: at its limit
 * price, or walking the book for a market order. Floored to the quantity's scale, then lowered while the rounded-up
 * margin and fee still exceed the share; null when it cannot be worked out yet (no price, no book) or is zero.
 */
export function amountForShare(
  pct: number,
  draft: Pick<OpenDraft, 'side' | 'type' | 'price' | 'leverage'>,
  terms: ContractMarket,
  available: DecimalString,
  book: BookSides | undefined,
): DecimalString | null {
  const scale = amountScale(terms)
  const budget = divide(multiply(available, parseDecimal(String(pct))), parseDecimal('100'), 24, 'down')
  const lev = parseDecimal(String(draft.leverage))
  // margin + fee = notional × (1/leverage + rate), so the notional the share allows is budget × L / (1 + L × rate).
  const notionalBudget = divide(
    multiply(budget, lev),
    add(parseDecimal('1'), multiply(lev, feeRate(draft.type, terms))),
    24,
    'down',
  )
  const levels = book && (draft.side === 'long' ? book.asks : book.bids)
  const price = draft.type === 'limit' ? positive(draft.price) : null
  let amount: DecimalString
  if (draft.type === 'market') {
    if (!levels) return null
    amount = amountForBudget(levels, notionalBudget, scale)
  } else {
    if (!price) return null
    amount = divide(notionalBudget, price, scale, 'down')
  }
  const unit = divide(parseDecimal('1'), parseDecimal(`1${'0'.repeat(scale)}`), scale, 'down')
  for (let i = 0; i < 5 && sign(amount) > 0; i++) {
    const p = previewOpen({ ...draft, amount, tpsl: false, tp: '', sl: '' }, terms, book, undefined, undefined)
    if (!p.cost || compare(p.cost, budget) <= 0) break
    amount = subtract(amount, unit)
  }
  return sign(amount) > 0 ? amount : null
}
