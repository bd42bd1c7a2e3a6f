/**
 * Depth-chart maths: cumulative base amounts of each book side, summed exactly as integers of the market's amount
 * step (10^-amountPrecision) so totals print without float noise, and the price/amount domain both sides share.
 */
import { feedDec } from '../../../common/decimal'
import type { Level } from '../../../common/feed/messages'

/** One side's cumulative curve: `cum[i]` = total base amount from the best level through level i. */
export interface DepthCurve {
  /** Level prices (quote currency), best first. */
  price: Float64Array
  /** Cumulative amounts (base currency), for plotting. */
  cum: Float64Array
  count: number
  /** Total amount of the side as an exact decimal string with `amountPrecision` decimals. */
  total: string
}

/** Exact decimal text of `units` × 10^-decimals ("12345", 3 → "12.345"). */
export function unitsToDecimal(units: number, decimals: number): string {
  if (decimals <= 0) return String(units)
  const neg = units < 0
  const digits = String(Math.abs(units)).padStart(decimals + 1, '0')
  const text = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
  return neg ? `-${text}` : text
}

/**
 * Cumulates `levels` (best first: bids descending, asks ascending). Amounts are rounded to `amountPrecision`
 * decimals (the feed already sends them so), summed as integers, so `total` is exact.
 */
export function cumulate(levels: readonly Level[], amountPrecision: number): DepthCurve {
  const scale = 10 ** amountPrecision
  const n = levels.length
  const price = new Float64Array(n)
  const cum = new Float64Array(n)
  let units = 0
  for (let i = 0; i < n; i++) {
    const [p, q] = levels[i]!
    units += Math.round(q * scale)
    price[i] = p
    cum[i] = units / scale
  }
  // Past 2^53 units the integer sum is no longer exact: fall back to decimals for the printed total.
  const total = Number.isSafeInteger(units)
    ? unitsToDecimal(units, amountPrecision)
    : levels.reduce((sum, [, q]) => sum.plus(feedDec(q)), feedDec(0)).toFixed(amountPrecision)
  return { price, cum, count: n, total }
}

/** Shared axes of both curves: prices centred on the mid price, amounts from 0 to the larger total. */
export interface DepthDomain {
  minPrice: number
  maxPrice: number
  mid: number
  maxCum: number
}

/** The domain of `bids` and `asks`; null when either side is empty. */
export function depthDomain(bids: DepthCurve, asks: DepthCurve): DepthDomain | null {
  if (bids.count === 0 || asks.count === 0) return null
  const mid = (bids.price[0]! + asks.price[0]!) / 2
  const half = Math.max(mid - bids.price[bids.count - 1]!, asks.price[asks.count - 1]! - mid, mid * 1e-6)
  const maxCum = Math.max(bids.cum[bids.count - 1]!, asks.cum[asks.count - 1]!)
  return { minPrice: mid - half, maxPrice: mid + half, mid, maxCum: maxCum || 1 }
}
