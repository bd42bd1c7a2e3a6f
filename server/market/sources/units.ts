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

/** Integer units → the number whose decimal literal is `units × 10^-dp` (exact as a decimal, e.g. 11274972, 2 → 112749.72). */
export function fromUnits(units: number, dp: number): number {
  return dp === 0 ? units : Number(`${units}e-${dp}`)
}

/** Decimals a decimal carries once trailing zeros are dropped ("56714.00000000" → 0, "0.0822" → 4). */
export function decimalsOf(value: string | number): number {
  const b = dec(value)
  return Math.max(0, b.c.length - b.e - 1)
}
