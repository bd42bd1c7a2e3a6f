/**
 * Exact decimal arithmetic on strings, for money. Every input is a `DecimalString` (checked again at run time, so a
 * JS number or text like "1e3" never slips in); add, subtract, multiply and negate are exact; every step that drops
 * digits (divide, round, toFixedScale) takes a scale and a named rounding mode, with no default.
 * Results are canonical text: no trailing fraction zeros, no "-0" ("1.50" + "0" → "1.5"), except toFixedScale.
 */
import { AmountError } from './errors'
import { align, checkScale, formatFixed, parseFixed, pow10, type FixedPoint } from './fixed-point'
import { checkMode, roundQuotient, type RoundingMode } from './rounding'

declare const decimalStringBrand: unique symbol

/**
 * A plain decimal string that passed validation: optional "-", digits, optional "." and digits. Obtain one from
 * `parseDecimal`, the `decimalString()` schema or an operation of this module; never by a cast.
 */
export type DecimalString = string & { readonly [decimalStringBrand]: true }

/** Bounds applied when text enters from outside (parseDecimal, the schema). */
export interface DecimalBounds {
  /** Most fraction digits; default MAX_SCALE. */
  maxScale?: number
  /** Most integer digits; default MAX_INTEGER_DIGITS. */
  maxIntegerDigits?: number
}

/**
 * Default bound of fraction digits of text read from outside (feeds, operands): 24, NEAR's base unit. Amounts the
 * ledger stores are narrower (LEDGER_SCALE in currency-scale.ts).
 */
export const MAX_SCALE = 24
/** Default bound of integer digits: up to 10^20 − 1 units of any currency. */
export const MAX_INTEGER_DIGITS = 20

const brand = (f: FixedPoint, padTo?: number) => formatFixed(f, padTo) as DecimalString

/**
 * Validates text from outside and returns it canonical ("0.50" → "0.5", "-0" → "0").
 * @throws AmountError `not-a-string`, `format` (exponent, spaces, "+", leading zeros, ".5", "5."),
 *   `too-many-decimals` or `too-many-digits` (beyond `bounds`, default MAX_SCALE and MAX_INTEGER_DIGITS).
 */
export function parseDecimal(value: string, bounds: DecimalBounds = {}): DecimalString {
  const f = parseFixed(value, 'amount')
  const maxScale = bounds.maxScale ?? MAX_SCALE
  const maxInt = bounds.maxIntegerDigits ?? MAX_INTEGER_DIGITS
  if (f.scale > maxScale) throw new AmountError('too-many-decimals', `amount: more than ${maxScale} decimals: ${value}`)
  const intDigits = value.replace('-', '').split('.')[0]!.length
  if (intDigits > maxInt) throw new AmountError('too-many-digits', `amount: more than ${maxInt} integer digits`)
  return brand(f)
}

/** True when `value` is a string in the decimal grammar (no bounds), i.e. any operation here accepts it. */
export function isDecimalString(value: unknown): value is DecimalString {
  try {
    parseFixed(value, 'value')
    return true
  } catch {
    return false
  }
}

/** a + b, exact. @throws AmountError `not-a-string` or `format` for a bad operand. */
export function add(a: DecimalString, b: DecimalString): DecimalString {
  const [x, y, scale] = align(parseFixed(a, 'a'), parseFixed(b, 'b'))
  return brand({ units: x + y, scale })
}

/** a − b, exact ("1" − "0.0000001" = "0.9999999"). @throws AmountError for a bad operand. */
export function subtract(a: DecimalString, b: DecimalString): DecimalString {
  const [x, y, scale] = align(parseFixed(a, 'a'), parseFixed(b, 'b'))
  return brand({ units: x - y, scale })
}

/** a × b, exact (the result has up to scale(a) + scale(b) decimals). @throws AmountError for a bad operand. */
export function multiply(a: DecimalString, b: DecimalString): DecimalString {
  const x = parseFixed(a, 'a')
  const y = parseFixed(b, 'b')
  return brand({ units: x.units * y.units, scale: x.scale + y.scale })
}

/**
 * a ÷ b rounded once, by `mode`, to `scale` decimals (the exact quotient is rounded, never an intermediate).
 * @throws AmountError `division-by-zero`, `bad-scale`, `bad-rounding-mode`, or a bad operand.
 */
export function divide(a: DecimalString, b: DecimalString, scale: number, mode: RoundingMode): DecimalString {
  const x = parseFixed(a, 'a')
  const y = parseFixed(b, 'divisor')
  checkScale(scale)
  checkMode(mode)
  if (y.units === 0n) throw new AmountError('division-by-zero', 'divisor: division by zero')
  // a/b = (x.units·10^y.scale) / (y.units·10^x.scale); × 10^scale to land on `scale` decimals.
  let n = x.units * pow10(y.scale + scale)
  let d = y.units * pow10(x.scale)
  if (d < 0n) [n, d] = [-n, -d]
  return brand({ units: roundQuotient(n, d, mode), scale })
}

/**
 * `a` with at most `scale` decimals, rounded by `mode` (unchanged when it already fits).
 * @throws AmountError `bad-scale`, `bad-rounding-mode`, or a bad operand.
 */
export function round(a: DecimalString, scale: number, mode: RoundingMode): DecimalString {
  return brand(roundFixed(parseFixed(a, 'amount'), checkScale(scale), checkMode(mode)))
}

/**
 * Like `round`, then padded to exactly `scale` decimals: ("1.5", 3, any mode) → "1.500"; ("2.345", 2, 'half-even')
 * → "2.34". For fixed-width columns and display; compare such text with `compare`, not `===`.
 */
export function toFixedScale(a: DecimalString, scale: number, mode: RoundingMode): DecimalString {
  return brand(roundFixed(parseFixed(a, 'amount'), checkScale(scale), checkMode(mode)), scale)
}

/** −1, 0 or 1 as a <, =, > b (numerically: "1.50" equals "1.5"). @throws AmountError for a bad operand. */
export function compare(a: DecimalString, b: DecimalString): -1 | 0 | 1 {
  const [x, y] = align(parseFixed(a, 'a'), parseFixed(b, 'b'))
  return x < y ? -1 : x > y ? 1 : 0
}

/** −1, 0 or 1: the sign of `a`. @throws AmountError for a bad operand. */
export function sign(a: DecimalString): -1 | 0 | 1 {
  const { units } = parseFixed(a, 'amount')
  return units < 0n ? -1 : units > 0n ? 1 : 0
}

/** −a, exact ("0" stays "0"). @throws AmountError for a bad operand. */
export function negate(a: DecimalString): DecimalString {
  const f = parseFixed(a, 'amount')
  return brand({ units: -f.units, scale: f.scale })
}

/**
 * `a` as a whole count of 10^-`scale` units ("1.25", 6 → 1250000n), for sums over many amounts without a text round
 * trip per step (the ledger's batch postings). Exact: refuses what would need rounding.
 * @throws AmountError `too-many-decimals` when `a` has non-zero digits beyond `scale`; `bad-scale`; a bad operand.
 */
export function toUnits(a: DecimalString, scale: number): bigint {
  const f = parseFixed(a, 'amount')
  checkScale(scale)
  if (f.scale <= scale) return f.units * pow10(scale - f.scale)
  const divisor = pow10(f.scale - scale)
  if (f.units % divisor !== 0n) throw new AmountError('too-many-decimals', `amount: more than ${scale} decimals: ${a}`)
  return f.units / divisor
}

/** `units` × 10^-`scale` as canonical text (1250000n, 6 → "1.25"); the inverse of `toUnits`. @throws AmountError `bad-scale`. */
export function fromUnits(units: bigint, scale: number): DecimalString {
  return brand({ units, scale: checkScale(scale) })
}

/** Number of decimals of `a` once canonical ("1.50" → 1, "100" → 0). @throws AmountError for a bad operand. */
export function scaleOf(a: DecimalString): number {
  const text = formatFixed(parseFixed(a, 'amount'))
  const dot = text.indexOf('.')
  return dot < 0 ? 0 : text.length - dot - 1
}

function roundFixed(f: FixedPoint, scale: number, mode: RoundingMode): FixedPoint {
  if (f.scale <= scale) return f
  return { units: roundQuotient(f.units, pow10(f.scale - scale), mode), scale }
}
