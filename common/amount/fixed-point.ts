/**
 * Internal representation: an exact decimal as a BigInt count of 10^-scale units. Parsing checks the text grammar
 * (and the type: a JS number is refused at run time too), formatting writes the canonical text.
 */
import { AmountError } from './errors'

/** value = units × 10^-scale */
export interface FixedPoint {
  units: bigint
  scale: number
}

/**
 * Plain decimal text: optional '-', integer digits without leading zeros, optional '.' and at least one digit.
 * No exponent, no '+', no spaces, no bare '.5' or '5.'.
 */
export const DECIMAL_GRAMMAR = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/

/** Largest scale an operation accepts as an argument (rounding to more places than any currency uses). */
export const MAX_OP_SCALE = 64

const powers: bigint[] = [1n]

/** 10^n as a BigInt (cached). */
export function pow10(n: number): bigint {
  for (let i = powers.length; i <= n; i++) powers.push(powers[i - 1]! * 10n)
  return powers[n]!
}

/**
 * Parses `value` (named `what` in errors).
 * @throws AmountError `not-a-string` for anything but a string (a number included), `format` for text outside
 *   DECIMAL_GRAMMAR.
 */
export function parseFixed(value: unknown, what: string): FixedPoint {
  if (typeof value !== 'string') {
    throw new AmountError('not-a-string', `${what}: expected a decimal string, got ${typeof value}`)
  }
  if (!DECIMAL_GRAMMAR.test(value)) {
    throw new AmountError('format', `${what}: not a plain decimal string: ${JSON.stringify(value.slice(0, 40))}`)
  }
  const negative = value.charCodeAt(0) === 45 // '-'
  const body = negative ? value.slice(1) : value
  const dot = body.indexOf('.')
  const digits = dot < 0 ? body : body.slice(0, dot) + body.slice(dot + 1)
  const units = BigInt(digits)
  return { units: negative ? -units : units, scale: dot < 0 ? 0 : body.length - dot - 1 }
}

/** Canonical text: no trailing fraction zeros, no '-0'. With `padTo`, exactly that many decimals instead. */
export function formatFixed(f: FixedPoint, padTo?: number): string {
  const negative = f.units < 0n
  const abs = (negative ? -f.units : f.units).toString().padStart(f.scale + 1, '0')
  const intPart = abs.slice(0, abs.length - f.scale)
  let frac = abs.slice(abs.length - f.scale)
  if (padTo === undefined) frac = frac.replace(/0+$/, '')
  else frac = frac.padEnd(padTo, '0')
  const text = frac ? `${intPart}.${frac}` : intPart
  return negative && /[1-9]/.test(text) ? `-${text}` : text
}

/** Both values at the larger of their scales (for add, subtract, compare). */
export function align(a: FixedPoint, b: FixedPoint): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale)
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale]
}

/** @throws AmountError `bad-scale` unless `scale` is an integer in 0…MAX_OP_SCALE. */
export function checkScale(scale: unknown): number {
  if (typeof scale === 'number' && Number.isInteger(scale) && scale >= 0 && scale <= MAX_OP_SCALE) return scale
  throw new AmountError('bad-scale', `scale must be an integer from 0 to ${MAX_OP_SCALE}; got ${String(scale)}`)
}
