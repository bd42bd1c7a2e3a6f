/**
 * The funding rate of a perpetual (issue 21 part 6), after Binance's published USDⓈ-M formula ("Introduction to
 * Binance Futures Funding Rates", Binance Academy / Futures FAQ):
 *
 *   Funding Rate (F) = Average Premium Index (P) + clamp(Interest Rate (I) − P, −0.05 %, +0.05 %)
 *   capped at ±0.75 × the maintenance margin rate ("Funding Rate Cap/Floor"),
 *   Premium Index = [max(0, Impact Bid Price − Price Index) − max(0, Price Index − Impact Ask Price)] / Price Index,
 *   Impact Bid/Ask Price = the average fill price of the Impact Margin Notional (200 USDT × the market's maximum
 *   leverage, i.e. 200 USDT of initial margin at the maximum leverage) on that side of the book,
 *   Average Premium Index = the time-weighted average of the samples of the interval, weights 1, 2, …, n (Binance:
 *   "(1 × PI₁ + 2 × PI₂ + … + n × PIₙ) / (1 + 2 + … + n)"), sampled every 5 s,
 *   I = 0.01 % per 8-hour interval (Binance: 0.03 % a day, the quote and base rates' difference, /3).
 *
 * Our definition of the inputs: the platform is the counterparty at the feed's prices, so the futures book IS the
 * feed's order book, and the "spot index" is the feed's last trade price (the spot market the feed relays; its
 * book's mid before the first trade). The premium therefore measures how far the book a futures order would fill
 * against sits from the spot index; on a healthy feed the index lies between the impact bid and ask and the premium is
 * 0, so the rate is the interest rate, 0.01 % — longs pay shorts 0.01 % of their notional every 8 hours.
 *
 * All figures are exact decimals (common/amount); rates are fractions per funding interval.
 */
import {
  add,
  compare,
  divide,
  multiply,
  negate,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { Level } from '../../../common/feed/messages'

/** Funding interval, ms: 8 hours (Binance, OKX and HTX pay at 00:00, 08:00 and 16:00 UTC). */
export const FUNDING_INTERVAL_MS = 8 * 3_600_000
/** Interest rate per interval (Binance: 0.01 %). */
export const FUNDING_INTEREST_RATE = parseDecimal('0.0001')
/** The clamp around I − P (Binance: ±0.05 %). */
export const FUNDING_CLAMP = parseDecimal('0.0005')
/** Cap and floor as a share of the maintenance margin rate (Binance: 0.75). */
export const FUNDING_CAP_SHARE = parseDecimal('0.75')
/** Initial margin of the impact notional, quote currency (Binance: 200 USDT). */
export const IMPACT_MARGIN = parseDecimal('200')
/** Decimals of a premium index and of a rate (Binance publishes rates to 8 decimals). */
export const RATE_SCALE = 8
/** Decimals of an impact price. */
const PRICE_SCALE = 12

const ZERO = parseDecimal('0')

/** The funding time at or before `ms` (epoch ms): a multiple of 8 h since the epoch, i.e. 00:00, 08:00, 16:00 UTC. */
export function fundingTimeAtOrBefore(ms: number): number {
  return Math.floor(ms / FUNDING_INTERVAL_MS) * FUNDING_INTERVAL_MS
}

/** The next funding time strictly after `ms`. */
export function nextFundingTime(ms: number): number {
  return fundingTimeAtOrBefore(ms) + FUNDING_INTERVAL_MS
}

/** The impact notional of a market, quote currency: 200 × its maximum leverage (Binance). */
export function impactNotional(maxLeverage: number): DecimalString {
  return multiply(IMPACT_MARGIN, parseDecimal(String(maxLeverage)))
}

/**
 * The average price of buying (`asks`) or selling (`bids`) `notional` of quote currency, levels best first: Σ quote /
 * Σ base, where the last level taken gives what is left of the notional divided by its price. Undefined when the
 * side holds less than `notional` in all (the sample is then skipped).
 */
export function impactPrice(levels: readonly Level[], notional: DecimalString): DecimalString | undefined {
  let left = notional
  let base = ZERO
  for (const [rawPrice, rawSize] of levels) {
    if (sign(left) <= 0) break
    const price = parseDecimal(String(rawPrice))
    const size = parseDecimal(String(rawSize))
    if (sign(price) <= 0 || sign(size) <= 0) continue
    const quote = multiply(price, size)
    if (compare(quote, left) <= 0) {
      base = add(base, size)
      left = subtract(left, quote)
    } else {
      base = add(base, divide(left, price, 24, 'half-even'))
      left = ZERO
    }
  }
  if (sign(left) > 0 || sign(base) <= 0) return undefined
  return divide(notional, base, PRICE_SCALE, 'half-even')
}

/**
 * One premium index sample: [max(0, impactBid − index) − max(0, index − impactAsk)] / index, rounded half-even to
 * RATE_SCALE + 4 decimals (the average is rounded to RATE_SCALE).
 */
export function premiumIndex(impactBid: DecimalString, impactAsk: DecimalString, index: DecimalString): DecimalString {
  const up = subtract(impactBid, index)
  const down = subtract(index, impactAsk)
  const gap = subtract(sign(up) > 0 ? up : ZERO, sign(down) > 0 ? down : ZERO)
  return divide(gap, index, RATE_SCALE + 4, 'half-even')
}

/** Binance's time-weighted average of `samples` (oldest first): weights 1…n; 0 without samples. */
export function averagePremium(samples: readonly DecimalString[]): DecimalString {
  if (samples.length === 0) return ZERO
  let sum = ZERO
  samples.forEach((p, i) => {
    sum = add(sum, multiply(p, parseDecimal(String(i + 1))))
  })
  const weights = (samples.length * (samples.length + 1)) / 2
  return divide(sum, parseDecimal(String(weights)), RATE_SCALE, 'half-even')
}

const clamp = (v: DecimalString, low: DecimalString, high: DecimalString) =>
  compare(v, low) < 0 ? low : compare(v, high) > 0 ? high : v

/**
 * F = P + clamp(I − P, −0.05 %, +0.05 %), then capped at ±0.75 × `maintenanceMarginRate`; RATE_SCALE decimals.
 * @param premium the interval's average premium index P
 * @param maintenanceMarginRate the market's maintenance margin rate (0.005 → cap ±0.375 %)
 */
export function fundingRate(
  premium: DecimalString,
  maintenanceMarginRate: DecimalString,
  interest: DecimalString = FUNDING_INTEREST_RATE,
): DecimalString {
  const raw = add(premium, clamp(subtract(interest, premium), negate(FUNDING_CLAMP), FUNDING_CLAMP))
  const cap = multiply(FUNDING_CAP_SHARE, maintenanceMarginRate)
  return round(clamp(raw, negate(cap), cap), RATE_SCALE, 'half-even')
}
