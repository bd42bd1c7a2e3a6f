/**
 * Risk limits checked when a futures order is placed (issue 21 part 5 and 11), and the maintenance terms a position
 * gets when it opens. All notionals are in the quote currency at one price: the order's limit price, or the mark for
 * a market order. Per market (risk-terms.ts for the values and defaults):
 * - risk-limit tiers: the account's position on the order's side (open positions + pending orders + this order) must
 *   fit a tier whose maximum leverage is at least the order's (Binance "Leverage and Margin of USDⓈ-M Futures"; like
 *   Binance, open orders count toward the bracket);
 * - that position's notional is at most the market's maximum position (and the ladder's last cap);
 * - the market's open interest (long and short positions and pending orders of the book) stays within its maximum;
 * - the platform's net exposure as counterparty, |Σ long − Σ short| × price (positions, plus pending orders on the
 *   order's side), may not grow past its cap; an order that shrinks it is always accepted.
 * The market-wide figures are read under a transaction lock per market and book, so two orders cannot both take the
 * last room under a cap. A reduce-only order (issue 21 part 1) closes rather than opens and should not be checked.
 */
import { and, eq, ne, sql } from 'drizzle-orm'
import {
  add,
  compare,
  currencyScale,
  divide,
  multiply,
  negate,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { ContractSide } from '../../../common/api/contract'
import { maxLeverageAt, positionMaintenance, type PositionMaintenance } from '../../../common/trading/risk-tiers'
import type { Db } from '../../db/client'
import { contractOrders, contractPositions } from '../../db/schema'
import { fieldError } from '../../money/amounts'
import type { ContractTerms } from './config'
import type { MarkBoard } from './marks'
import type { ContractOrderRow } from './views'

const ZERO = parseDecimal('0')
/** Advisory-lock namespace of a market's risk limits (ASCII "RL"), first key of the two-key form. */
const LOCK_NAMESPACE = 0x524c

/** Base amounts of one market in one book: open positions and pending orders by side. */
export interface MarketAmounts {
  longPositions: DecimalString
  shortPositions: DecimalString
  longPending: DecimalString
  shortPending: DecimalString
}

/**
 * Refuses order `order` (already inserted as pending, in `tx` under its account's lock) when it breaks a risk limit
 * of `terms` (header). Call once when an order that opens or adds to a position is placed.
 * @throws DomainError `priceStale` (type: a market order without a mark); `positionLimit`, `openInterestLimit`,
 *   `exposureLimit` (amount, with the largest amount accepted); `riskTierLeverage` (leverage, with the maximum for
 *   the position's size).
 */
export async function checkRiskLimits(
  tx: Db,
  marks: Pick<MarkBoard, 'mark'>,
  order: ContractOrderRow,
  terms: ContractTerms,
): Promise<void> {
  const price = order.price === null ? marks.mark(order.symbol)?.price : parseDecimal(order.price)
  if (!price) throw fieldError('type', 'priceStale', {}, 'rejected')
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${`${order.book}:${order.symbol}`}))`)
  const amount = parseDecimal(order.amount)
  const { mine, market } = await amountsAround(tx, order)
  const vars = { symbol: `${terms.base}/${terms.quote}`, currency: terms.quote, base: terms.base }
  const scale = Math.min(terms.amountPrecision, currencyScale(terms.base))
  const room = (notional: DecimalString, used: DecimalString) => {
    const left = subtract(divide(notional, price, scale, 'floor'), used)
    return sign(left) < 0 ? ZERO : left
  }

  const lastCap = terms.riskTiers[terms.riskTiers.length - 1]!.cap
  const positionCap = compare(terms.maxPositionNotional, lastCap) < 0 ? terms.maxPositionNotional : lastCap
  const position = add(mine, amount)
  const notional = multiply(position, price)
  if (compare(notional, positionCap) > 0) {
    throw fieldError(
      'amount',
      'positionLimit',
      { ...vars, limit: positionCap, max: room(positionCap, mine) },
      'rejected',
    )
  }
  const maxLeverage = Math.min(maxLeverageAt(terms.riskTiers, notional), terms.maxLeverage)
  if (order.leverage > maxLeverage) {
    const shown = round(notional, currencyScale(terms.quote), 'up')
    throw fieldError('leverage', 'riskTierLeverage', { ...vars, notional: shown, max: maxLeverage }, 'rejected')
  }

  const interest = add(add(market.longPositions, market.shortPositions), add(market.longPending, market.shortPending))
  if (compare(multiply(add(interest, amount), price), terms.maxOpenInterest) > 0) {
    const max = room(terms.maxOpenInterest, interest)
    throw fieldError('amount', 'openInterestLimit', { ...vars, limit: terms.maxOpenInterest, max }, 'rejected')
  }

  const max = exposureRoom(market, order.side, terms.maxNetExposure, price, scale)
  if (compare(amount, max) > 0) throw fieldError('amount', 'exposureLimit', { ...vars, max }, 'rejected')
}

/**
 * The largest amount an order on `side` may have under the net-exposure cap `cap` (quote currency) at `price`:
 * users' net position U = long − short (positions, with pending orders on `side`), s = +1 long / −1 short, E =
 * cap / price: the order is accepted when |U + s·a| ≤ E or |U + s·a| ≤ |U|, i.e. a ≤ max(E − s·U, 2|U| when s·U < 0).
 * Rounded down at `scale`, never below 0.
 */
export function exposureRoom(
  m: MarketAmounts,
  side: ContractSide,
  cap: DecimalString,
  price: DecimalString,
  scale: number,
): DecimalString {
  const net = subtract(m.longPositions, m.shortPositions)
  const signed = side === 'long' ? add(net, m.longPending) : negate(subtract(net, m.shortPending))
  const e = divide(cap, price, scale, 'floor')
  const grow = subtract(e, signed)
  const shrink = sign(signed) < 0 ? multiply(parseDecimal('2'), negate(signed)) : ZERO
  const max = compare(grow, shrink) >= 0 ? grow : shrink
  return sign(max) < 0 ? ZERO : max
}

/**
 * The maintenance terms of a position of `amount` opening at `price` for `order`'s account (in `tx`, before the
 * position row is inserted): its tier's rate and maintenance amount given the account's other open positions on the
 * same symbol and side (common/trading/risk-tiers.ts positionMaintenance). What `contract_positions` stores.
 * @param growing a position growing to `amount` (the next fill of its order, fills.ts): left out of the others
 */
export async function maintenanceAtOpen(
  tx: Db,
  order: Pick<ContractOrderRow, 'book' | 'userId' | 'symbol' | 'side'>,
  amount: DecimalString,
  price: DecimalString,
  terms: ContractTerms,
  growing?: number,
): Promise<PositionMaintenance> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${contractPositions.amount}), 0)` })
    .from(contractPositions)
    .where(
      and(
        eq(contractPositions.userId, order.userId),
        eq(contractPositions.book, order.book),
        eq(contractPositions.symbol, order.symbol),
        eq(contractPositions.side, order.side),
        eq(contractPositions.status, 'open'),
        growing === undefined ? undefined : ne(contractPositions.id, growing),
      ),
    )
  const before = multiply(parseDecimal(String(row?.total ?? '0')), price)
  return positionMaintenance(terms.riskTiers, before, multiply(amount, price), terms.quote)
}

type AmountRow = { mine: string; lp: string; sp: string; lo: string; so: string }

/**
 * In one read: the base amount of `order`'s account on its symbol and side (open positions and pending orders), and
 * the market's open positions and pending orders by side in its book (a partly filled order counts its unfilled
 * rest: its filled part is a position); `order` itself is left out.
 */
async function amountsAround(
  tx: Db,
  order: Pick<ContractOrderRow, 'id' | 'book' | 'userId' | 'symbol' | 'side'>,
): Promise<{ mine: DecimalString; market: MarketAmounts }> {
  const result = (await tx.execute(sql`
    select
      coalesce(sum(amount) filter (where user_id = ${order.userId} and side = ${order.side}), 0)::text as mine,
      coalesce(sum(amount) filter (where open and side = 'long'), 0)::text as lp,
      coalesce(sum(amount) filter (where open and side = 'short'), 0)::text as sp,
      coalesce(sum(amount) filter (where not open and side = 'long'), 0)::text as lo,
      coalesce(sum(amount) filter (where not open and side = 'short'), 0)::text as so
    from (
      select true as open, user_id, side, amount from ${contractPositions}
        where book = ${order.book} and symbol = ${order.symbol} and status = 'open'
      union all
      select false, user_id, side, amount - filled_amount from ${contractOrders}
        where book = ${order.book} and symbol = ${order.symbol} and status = 'pending' and id <> ${order.id}
    ) x`)) as { rows: AmountRow[] }
  const r = result.rows[0]!
  return {
    mine: parseDecimal(r.mine),
    market: {
      longPositions: parseDecimal(r.lp),
      shortPositions: parseDecimal(r.sp),
      longPending: parseDecimal(r.lo),
      shortPending: parseDecimal(r.so),
    },
  }
}
