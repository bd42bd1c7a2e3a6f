/**
 * How a market order fills against a book (DESIGN §4 Spot: "walk the levels, VWAP"): a buy takes the asks from the
 * best up, a sell the bids from the best down, each level up to its size, until the order's amount is filled. Exact
 * decimals throughout (common/amount); the VWAP is Σ price × amount / Σ amount.
 */
import {
  add,
  compare,
  divide,
  feedDecimal,
  multiply,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../amount'
import type { Level } from '../feed/messages'

/** One level's part of the fill. */
export interface LevelFill {
  price: DecimalString
  amount: DecimalString
}

/** A walk that filled the whole amount. */
export interface Walk {
  fills: LevelFill[]
  /** Σ price × amount, exact. */
  quote: DecimalString
  /** Volume-weighted average price at `scale` decimals, rounded against the taker: up for a buy, down for a sell. */
  vwap: DecimalString
  /** The farthest level used. */
  worst: DecimalString
}

/** A level of a feed book as exact decimals (common/amount feedDecimal); undefined for a level not > 0 in both. */
function levelOf([price, size]: Level): LevelFill | undefined {
  const p = feedDecimal(price)
  const a = feedDecimal(size)
  return p && a ? { price: p, amount: a } : undefined
}

/**
 * Walks `levels` (best first: the asks for a buy, the bids for a sell) for `amount`; undefined when they hold less
 * than `amount` in all.
 * @param scale decimals of the returned VWAP (the market's price precision plus a few)
 * @param taker the walking side: its VWAP is rounded against it (a buyer's up, a seller's down), so a price that
 *   moves money never favours the taker over the exact Σ price × amount / Σ amount (the venue is the counterparty).
 */
export function walkBook(
  levels: readonly Level[],
  amount: DecimalString,
  scale: number,
  taker: 'buy' | 'sell',
): Walk | undefined {
  let left = amount
  let quote = parseDecimal('0')
  const fills: LevelFill[] = []
  for (const raw of levels) {
    if (sign(left) === 0) break
    const level = levelOf(raw)
    if (!level) continue
    const take = compare(level.amount, left) < 0 ? level.amount : left
    fills.push({ price: level.price, amount: take })
    quote = add(quote, multiply(level.price, take))
    left = subtract(left, take)
  }
  if (sign(left) > 0 || fills.length === 0) return undefined
  const worst = (fills[fills.length - 1] as LevelFill).price
  return { fills, quote, vwap: divide(quote, amount, scale, taker === 'buy' ? 'up' : 'down'), worst }
}

/**
 * True when `worst` lies within `cap` (a fraction) of `best`: at most best × (1 + cap) for a buy, at least
 * best × (1 − cap) for a sell.
 */
export function withinSlippage(side: 'buy' | 'sell', best: DecimalString, worst: DecimalString, cap: DecimalString) {
  const one = parseDecimal('1')
  const bound = multiply(best, side === 'buy' ? add(one, cap) : subtract(one, cap))
  return side === 'buy' ? compare(worst, bound) <= 0 : compare(worst, bound) >= 0
}

/**
 * The most base currency that `budget` (quote currency) buys by walking `asks` (best first), floored to `scale`
 * decimals: each level is taken up to its size or what the budget left buys at its price. This is what "100 % of my
 * USDT" means for a market buy; the fill itself is priced by {@link walkBook} at placement.
 */
export function amountForBudget(asks: readonly Level[], budget: DecimalString, scale: number): DecimalString {
  let left = budget
  let amount = parseDecimal('0')
  for (const raw of asks) {
    if (sign(left) <= 0) break
    const level = levelOf(raw)
    if (!level) continue
    const affordable = divide(left, level.price, scale + 8, 'down')
    const take = compare(level.amount, affordable) < 0 ? level.amount : affordable
    amount = add(amount, take)
    left = subtract(left, multiply(level.price, take))
  }
  return round(amount, scale, 'down')
}

/**
 * What a crossing limit order takes from a book at once (issue 21 part 4): walks `levels` (best first) for up to
 * `amount`, taking only levels at `limit` or better (at most `limit` for a buy's asks, at least `limit` for a sell's
 * bids) — as a limit order on an exchange matches the opposite book up to its price. Answers the levels' parts
 * (empty when the best level does not cross) and what is left to rest.
 */
export function walkBookTo(
  side: 'buy' | 'sell',
  levels: readonly Level[],
  amount: DecimalString,
  limit: DecimalString,
): { fills: LevelFill[]; left: DecimalString } {
  let left = amount
  const fills: LevelFill[] = []
  for (const raw of levels) {
    if (sign(left) === 0) break
    const level = levelOf(raw)
    if (!level) continue
    const c = compare(level.price, limit)
    if (side === 'buy' ? c > 0 : c < 0) break
    const take = compare(level.amount, left) < 0 ? level.amount : left
    fills.push({ price: level.price, amount: take })
    left = subtract(left, take)
  }
  return { fills, left }
}
