/**
 * Integer "units" for derived market data: a price with `dp` decimals is an integer count of 10^-dp (ticks), a
 * volume an integer count of its smallest step. Splitting a volume or walking a price path in units stays exact.
 */
import Big from 'big.js'
// Feed numbers (JSON or decimal literals), read as written: common/decimal feedDec.
import { feedDec as dec } from '../../../common/decimal'

/** Decimal text or number → integer units of 10^-dp. Throws when the value has more decimals than `dp`. */
export function toUnits(value: string | number, dp: number): number {
  const scaled = dec(value).times(new Big(10).pow(dp))
  if (!scaled.eq(scaled.round(0, Big.roundDown))) throw new Error(`${String(value)} has more than ${dp} decimals`)
  const n = Number(scaled.toFixed(0))
  if (!Number.isSafeInteger(n)) throw new Error(`${String(value)} is too large`)
  return n
}

/** 10^0 … 10^22 as literals: every one is an exact double (5^22 < 2^53), which the division below relies on. */
const POW10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
  1e21, 1e22,
]

/** 10^dp as an exact double for 0 ≤ dp ≤ 22, else undefined. */
export function pow10(dp: number): number | undefined {
  return POW10[dp]
}

/** Integer units → the number whose decimal literal is `units × 10^-dp` (exact as a decimal, e.g. 11274972, 2 → 112749.72). */
export function fromUnits(units: number, dp: number): number {
  if (dp === 0) return units
  // Both operands exact, so IEEE division rounds the exact quotient once: the same double as parsing the decimal
  // text, without building and parsing a string (this runs for every bar of the sim's start-up history).
  const scale = pow10(dp)
  if (scale !== undefined && Number.isSafeInteger(units)) return units / scale
  return Number(`${units}e-${dp}`)
}

/** Decimals a decimal carries once trailing zeros are dropped ("56714.00000000" → 0, "0.0822" → 4). */
export function decimalsOf(value: string | number): number {
  const b = dec(value)
  return Math.max(0, b.c.length - b.e - 1)
}

/**
 * `value` as an integer count of 10^-dp, or NaN when it is not one. Below 10^15 the count has at most 15 significant
 * digits, so `String(value)` (what feedDec reads) is exactly that decimal: sums of these integers equal big.js sums.
 */
export function exactUnits(value: number, dp: number): number {
  const scale = pow10(dp)
  if (scale === undefined) return NaN
  const units = Math.round(value * scale)
  return Math.abs(units) < 1e15 && units / scale === value ? units : NaN
}
