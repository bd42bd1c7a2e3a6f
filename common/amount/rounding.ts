/**
 * Rounding modes, named so every narrowing says which one it uses (there is no default), and the integer rounding
 * step all of them share. Names follow IEEE 754 / java.math.RoundingMode; big.js equivalents noted.
 */
import { AmountError } from './errors'

/**
 * How to drop digits:
 * - `down`: toward zero, i.e. truncate (big.js roundDown). 1.29 → 1.2, −1.29 → −1.2
 * - `up`: away from zero (big.js roundUp). 1.21 → 1.3, −1.21 → −1.3
 * - `floor`: toward −∞. 1.29 → 1.2, −1.21 → −1.3
 * - `ceiling`: toward +∞. 1.21 → 1.3, −1.29 → −1.2
 * - `half-up`: nearest, ties away from zero (big.js roundHalfUp; the spec §9 helpers). 1.25 → 1.3, −1.25 → −1.3
 * - `half-even`: nearest, ties to the even digit, banker's rounding (big.js roundHalfEven). 1.25 → 1.2, 1.35 → 1.4
 */
export type RoundingMode = 'down' | 'up' | 'floor' | 'ceiling' | 'half-up' | 'half-even'

/** Every RoundingMode, for validation and tests. */
export const ROUNDING_MODES: readonly RoundingMode[] = ['down', 'up', 'floor', 'ceiling', 'half-up', 'half-even']

/** @throws AmountError `bad-rounding-mode` unless `mode` is one of ROUNDING_MODES (JS callers can pass anything). */
export function checkMode(mode: unknown): RoundingMode {
  if (typeof mode === 'string' && (ROUNDING_MODES as readonly string[]).includes(mode)) return mode as RoundingMode
  throw new AmountError(
    'bad-rounding-mode',
    `rounding mode must be one of ${ROUNDING_MODES.join(', ')}; got ${String(mode)}`,
  )
}

/** n ÷ d as an integer, rounded by `mode`. `d` must be positive. */
export function roundQuotient(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const q = n / d // BigInt division truncates toward zero
  const r = n % d // same sign as n
  if (r === 0n) return q
  const negative = n < 0n
  const twice = (r < 0n ? -r : r) * 2n
  let away: boolean
  switch (mode) {
    case 'down':
      away = false
      break
    case 'up':
      away = true
      break
    case 'floor':
      away = negative
      break
    case 'ceiling':
      away = !negative
      break
    case 'half-up':
      away = twice >= d
      break
    case 'half-even':
      away = twice > d || (twice === d && q % 2n !== 0n)
      break
  }
  return away ? q + (negative ? -1n : 1n) : q
}
