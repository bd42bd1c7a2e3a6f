/**
 * Display decimals (spec §9): prices, volumes and quote changes on their way to the screen, on big.js, never JS
 * float arithmetic. Money itself (balances, orders, the ledger) uses common/amount, not this module.
 * Nothing here drops digits silently: add, subtract and multiply are exact; divide and toFixed take the places and
 * the rounding mode at every call (the spec's "6 decimals" is SPEC_HELPER_ROUNDING, named where it is used).
 * Numbers are accepted only through `feedDec` (and the helpers built on it), which reads a number as the text a
 * JSON sender wrote; `dec` takes strings only, so a computed float (`dec(0.1 + 0.2)`) is refused.
 */
import Big from 'big.js'
import { feedNumberText } from './amount/feed-number'
import type { RoundingMode } from './amount/rounding'
import { HELPER_DECIMALS } from './constants'

/** A feed value: a decimal string ("12.5"), a number parsed from a JSON feed, or a Big. */
export type DecimalInput = string | number | Big

/** Places and rounding mode of a display narrowing. */
export interface DisplayRounding {
  places: number
  mode: RoundingMode
}

/** The spec §9 helpers' rounding: 6 decimals (HELPER_DECIMALS), half-up. */
export const SPEC_HELPER_ROUNDING: DisplayRounding = { places: HELPER_DECIMALS, mode: 'half-up' }

/**
 * Parses decimal text (big.js syntax, surrounding spaces ignored) or passes a Big through.
 * @throws Error('invalid decimal: …') on text that is not a decimal, and on a number (`typeof` checked at run time
 *   too): a number that came from JSON goes through `feedDec`, a computed float has no exact decimal to give.
 */
export function dec(value: string | Big): Big {
  if (value instanceof Big) return value
  if (typeof value !== 'string') throw new Error(`invalid decimal: ${typeof value} (use feedDec for feed numbers)`)
  try {
    return new Big(value.trim())
  } catch {
    throw new Error(`invalid decimal: ${value.slice(0, 40)}`)
  }
}

/**
 * A feed value as a Big. A number is read as `String(n)`, the shortest decimal that round-trips the double: the text
 * the JSON sender wrote (HTX volumes carry up to 17 significant digits and are kept as sent). Numbers and text go
 * through `feedNumberText` (common/amount/feed-number.ts), the one reading of feed numbers, exponent forms included.
 * Only for numbers parsed from a feed or API answer, never for the result of float arithmetic.
 * @throws Error('invalid decimal: …') on NaN, ±Infinity or text that is not a decimal.
 */
export function feedDec(value: DecimalInput): Big {
  if (value instanceof Big) return value
  const text = feedNumberText(value)
  if (text === undefined) throw new Error(`invalid decimal: ${String(value).slice(0, 40)}`)
  return new Big(text)
}

/** True when `value` is decimal text or a finite number (a feed value `feedDec` accepts). */
export function isDecimal(value: unknown): value is string | number {
  if (typeof value !== 'string' && typeof value !== 'number') return false
  try {
    feedDec(value)
    return true
  } catch {
    return false
  }
}

/** a + b, exact. */
export function add(a: DecimalInput, b: DecimalInput): string {
  return feedDec(a).plus(feedDec(b)).toFixed()
}

/** a − b, exact ("1" − "0.0000001" = "0.9999999"). Round for display with `roundTo`. */
export function subtract(a: DecimalInput, b: DecimalInput): string {
  return feedDec(a).minus(feedDec(b)).toFixed()
}

/** a × b, exact. Round for display with `roundTo`. */
export function multiply(a: DecimalInput, b: DecimalInput): string {
  return feedDec(a).times(feedDec(b)).toFixed()
}

/**
 * a ÷ b rounded once to `rounding` (the spec's helpers: SPEC_HELPER_ROUNDING, 6 places half-up).
 * @throws Error('division by zero') when b is 0.
 */
export function divide(a: DecimalInput, b: DecimalInput, rounding: DisplayRounding): string {
  const divisor = feedDec(b)
  if (divisor.eq(0)) throw new Error('division by zero')
  return roundedQuotient(feedDec(a), divisor, rounding).toFixed()
}

/** a ÷ b rounded once, as asked: a private constructor's DP/RM govern its division (Big.DP/RM are global). */
function roundedQuotient(a: Big, b: Big, rounding: DisplayRounding): Big {
  const B = Big()
  B.DP = rounding.places
  B.RM = bigMode(rounding.mode, a.s * b.s)
  return new B(a).div(b)
}

/** `value` with at most `rounding.places` decimals ("0.1234565", 6 places half-up → "0.123457"). */
export function roundTo(value: DecimalInput, rounding: DisplayRounding): string {
  const v = feedDec(value)
  return v.round(rounding.places, bigMode(rounding.mode, v.s)).toFixed()
}

/** Fixed-point text with exactly `places` decimals, rounded by `mode` ("1.5", 3 → "1.500"; "1.005", 2 half-up → "1.01"). */
export function toFixed(value: DecimalInput, places: number, mode: RoundingMode): string {
  const v = feedDec(value)
  return v.toFixed(places, bigMode(mode, v.s))
}

/** Compares two decimals: −1, 0 or 1. */
export function compare(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  return feedDec(a).cmp(feedDec(b))
}

/**
 * Quote change of a ticker (spec §3 derived fields): `increase` = close − open; `change` = percent with 2 decimals,
 * half-up, prefixed "+" when positive ("+1.25", "-0.40", "0.00"); `sign` = 1 when positive, else 0.
 * An open of 0 gives change "0.00".
 */
export function quoteChange(
  open: DecimalInput,
  close: DecimalInput,
): { increase: string; change: string; sign: 0 | 1 } {
  const o = feedDec(open)
  const increase = feedDec(close).minus(o)
  if (o.eq(0)) return { increase: increase.toFixed(), change: '0.00', sign: 0 }
  const pct = roundedQuotient(increase.times(100), o, { places: 2, mode: 'half-up' })
  const positive = pct.gt(0)
  return { increase: increase.toFixed(), change: (positive ? '+' : '') + pct.toFixed(2), sign: positive ? 1 : 0 }
}

/** big.js rounding constant of `mode` for a value of sign `s` (floor and ceiling depend on the sign). */
function bigMode(mode: RoundingMode, s: number): Big.RoundingMode {
  switch (mode) {
    case 'down':
      return Big.roundDown
    case 'up':
      return Big.roundUp
    case 'half-up':
      return Big.roundHalfUp
    case 'half-even':
      return Big.roundHalfEven
    case 'floor':
      return s < 0 ? Big.roundUp : Big.roundDown
    case 'ceiling':
      return s < 0 ? Big.roundDown : Big.roundUp
  }
}
