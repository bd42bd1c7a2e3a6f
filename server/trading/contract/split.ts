/**
 * Splitting an open position for a partial close (issue 21 part 1). Positions are one per filled order (hedge-style:
 * each order's position keeps its own opening price, margin and triggers), so closing part of one splits it: the open
 * row keeps `amount − q` with its margin, opening fee and maintenance amount reduced pro rata, and a new row — the
 * closed part, `split_from` the open one, same order, side, leverage, opening price and time — carries `q` and the
 * rest; the caller then closes that row through the shared close path (settle-close.ts), so history shows the part
 * with its own realized PnL and fees and the ledger reference `position:<part id>` stays unique.
 *
 * Money: the split posts nothing. The part's margin, fee and maintenance amount are the parent's × q / amount rounded
 * down to the margin currency's unit and the open row keeps exactly the rest, so the two margins sum to what was
 * frozen for the one (the frozen check, server/ledger/frozen-check.ts, holds at every commit) and no unit is lost or
 * made. The remainder keeps its take-profit and stop-loss (Binance and OKX keep a position's TP/SL on a partial close).
 */
import { eq } from 'drizzle-orm'
import {
  compare,
  currencyScale,
  divide,
  multiply,
  parseDecimal,
  scaleOf,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { Db } from '../../db/client'
import { contractPositions } from '../../db/schema'
import { fieldError } from '../../money/amounts'
import type { PositionRow } from './account'
import type { ContractTerms } from './config'
import { PRICE_MAX_SCALE } from './book-price'

/**
 * Checks `q` (base currency) as a part of open position `p` to close: positive, on the market's amount step, at
 * least its minimum amount, at most the position, and leaving either nothing or at least the minimum open.
 * Answers true when `q` is the whole position.
 * @throws DomainError naming `amount`: `amountNotPositive`, `orderAmountPrecision`, `orderBelowMinimum`,
 *   `closeAmountAbovePosition`, `closeRemainderBelowMinimum`.
 */
export function checkCloseAmount(p: PositionRow, q: DecimalString, terms: ContractTerms): boolean {
  const pair = `${terms.base}/${terms.quote}`
  if (sign(q) <= 0) throw fieldError('amount', 'amountNotPositive')
  if (scaleOf(q) > Math.min(terms.amountPrecision, currencyScale(terms.base), PRICE_MAX_SCALE)) {
    throw fieldError('amount', 'orderAmountPrecision', { symbol: pair, scale: terms.amountPrecision })
  }
  const held = parseDecimal(p.amount)
  const c = compare(q, held)
  if (c > 0) throw fieldError('amount', 'closeAmountAbovePosition', { amount: held, currency: terms.base })
  if (c === 0) return true
  if (compare(q, terms.minAmount) < 0) {
    throw fieldError('amount', 'orderBelowMinimum', { min: terms.minAmount, currency: terms.base })
  }
  const left = subtract(held, q)
  if (compare(left, terms.minAmount) < 0) {
    throw fieldError('amount', 'closeRemainderBelowMinimum', { left, min: terms.minAmount, currency: terms.base })
  }
  return false
}

/** `value` × q / amount, rounded down to the currency's unit. */
function share(value: string, q: DecimalString, amount: DecimalString, currency: string): DecimalString {
  return divide(multiply(parseDecimal(value), q), amount, currencyScale(currency), 'down')
}

/**
 * Splits `q` (0 < q < amount, checked by checkCloseAmount) off open position `p` (locked, under the account lock) in
 * `tx`: answers the new open row of `q` (the part to close; `overrides` may set its closing fee rate or the reduce-only
 * order that closes it) and the parent as it now stands.
 * @throws DomainError `closePartTooSmall` (amount) when either margin would round to nothing (a dust part).
 */
export async function splitPosition(
  tx: Db,
  p: PositionRow,
  q: DecimalString,
  overrides: Partial<Pick<PositionRow, 'closeFeeRate' | 'closeOrderId'>> = {},
): Promise<{ part: PositionRow; rest: PositionRow }> {
  const amount = parseDecimal(p.amount)
  const margin = share(p.margin, q, amount, p.currency)
  const openFee = share(p.openFee, q, amount, p.currency)
  const maintenanceAmount = share(p.maintenanceAmount, q, amount, p.currency)
  const restMargin = subtract(parseDecimal(p.margin), margin)
  if (sign(margin) <= 0 || sign(restMargin) <= 0) throw fieldError('amount', 'closePartTooSmall')
  const [rest] = await tx
    .update(contractPositions)
    .set({
      amount: subtract(amount, q),
      margin: restMargin,
      openFee: subtract(parseDecimal(p.openFee), openFee),
      maintenanceAmount: subtract(parseDecimal(p.maintenanceAmount), maintenanceAmount),
    })
    .where(eq(contractPositions.id, p.id))
    .returning()
  const { id: _id, ...copy } = p
  void _id
  const [part] = await tx
    .insert(contractPositions)
    .values({ ...copy, amount: q, margin, openFee, maintenanceAmount, splitFrom: p.id, ...overrides })
    .returning()
  return { part: part!, rest: rest! }
}
