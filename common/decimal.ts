/**
 * Decimal helpers (spec §9): money and prices are never JS floats in arithmetic. Inputs are decimal strings or
 * numbers that came from decimal literals (feed prices); outputs are decimal strings.
 * subtract, multiply and divide round to HELPER_DECIMALS (6) places, half-up, as the spec's helpers do.
 */
import Big from 'big.js'
import { HELPER_DECIMALS } from './constants'

/** A decimal as accepted by the helpers: a decimal string ("12.5") or a number parsed from a decimal literal. */
export type DecimalInput = string | number | Big

/**
 * Parses a decimal. Numbers go through `String(n)`, which is exact for values that came from decimal literals of at
 * most 15 significant digits (every price our feed sends). Throws `Error('invalid decimal: …')` on NaN, Infinity or
 * text that is not a plain decimal.
 */
export function dec(value: DecimalInput): Big {
  if (value instanceof Big) return value
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`invalid decimal: ${value}`)
  try {
    return new Big(typeof value === 'number' ? String(value) : value.trim())
  } catch {
    throw new Error(`invalid decimal: ${String(value)}`)
  }
}

/** True when `value` parses as a finite decimal. */
export function isDecimal(value: unknown): value is string | number {
  if (typeof value !== 'string' && typeof value !== 'number') return false
  try {
    dec(value)
    return true
  } catch {
    return false
  }
}

/** a + b, exact. */
export function add(a: DecimalInput, b: DecimalInput): string {
  return dec(a).plus(dec(b)).toString()
}

/** a − b, rounded half-up to 6 places (spec §9). */
export function subtract(a: DecimalInput, b: DecimalInput): string {
  return dec(a).minus(dec(b)).round(HELPER_DECIMALS, Big.roundHalfUp).toString()
}

/** a × b, rounded half-up to 6 places (spec §9). */
export function multiply(a: DecimalInput, b: DecimalInput): string {
  return dec(a).times(dec(b)).round(HELPER_DECIMALS, Big.roundHalfUp).toString()
}

/** a ÷ b, rounded half-up to 6 places (spec §9). Throws `Error('division by zero')` when b is 0. */
export function divide(a: DecimalInput, b: DecimalInput): string {
  const divisor = dec(b)
  if (divisor.eq(0)) throw new Error('division by zero')
  return dec(a).div(divisor).round(HELPER_DECIMALS, Big.roundHalfUp).toString()
}

/** Fixed-point text with exactly `places` decimals, rounded half-up ("1.5", 3 → "1.500"). */
export function toFixed(value: DecimalInput, places: number): string {
  return dec(value).toFixed(places, Big.roundHalfUp)
}

/** Compares two decimals: −1, 0 or 1. */
export function compare(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  return dec(a).cmp(dec(b)) as -1 | 0 | 1
}

/**
 * Quote change of a ticker (spec §3 derived fields): `increase` = close − open; `change` = percent with 2 decimals,
 * prefixed "+" when positive ("+1.25", "-0.40", "0.00"); `sign` = 1 when positive, else 0.
 * An open of 0 gives change "0.00".
 */
export function quoteChange(open: DecimalInput, close: DecimalInput): { increase: string; change: string; sign: 0 | 1 } {
  const o = dec(open)
  const increase = dec(close).minus(o)
  if (o.eq(0)) return { increase: increase.toString(), change: '0.00', sign: 0 }
  const pct = increase.div(o).times(100).round(2, Big.roundHalfUp)
  const positive = pct.gt(0)
  return { increase: increase.toString(), change: (positive ? '+' : '') + pct.toFixed(2), sign: positive ? 1 : 0 }
}
