/**
 * The zod schema of an amount on the wire. Built with zod/mini like the rest of common/api; a zod/mini schema is a
 * zod core schema, so it also nests in classic `zod` objects and passes the server's `parseInput` unchanged.
 * Only built-in checks are used, so zod's own locales translate the problem for the user.
 */
import * as z from 'zod/mini'
import { MAX_INTEGER_DIGITS, MAX_SCALE, parseDecimal, type DecimalString } from './decimal-string'

/** What `decimalString()` accepts. */
export interface DecimalStringRules {
  /** Most fraction digits, 0…MAX_SCALE; default MAX_SCALE. Use `currencyScale(code)` for a currency's amounts. */
  maxScale?: number
  /** Most integer digits, 1…MAX_INTEGER_DIGITS; default MAX_INTEGER_DIGITS. */
  maxIntegerDigits?: number
  /** `any` (default; "-0" reads as 0), `non-negative` (no "-"), `positive` (no "-", not zero). */
  sign?: 'any' | 'non-negative' | 'positive'
}

/**
 * The pattern `decimalString(rules)` checks: no exponent, no spaces, no '+', no leading zeros, no '.5' or '5.',
 * at most `maxIntegerDigits` integer and `maxScale` fraction digits, and the sign policy.
 * @throws RangeError for bounds outside the ranges documented on DecimalStringRules.
 */
export function decimalPattern(rules: DecimalStringRules = {}): RegExp {
  const scale = rules.maxScale ?? MAX_SCALE
  const intDigits = rules.maxIntegerDigits ?? MAX_INTEGER_DIGITS
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE)
    throw new RangeError(`maxScale out of range: ${scale}`)
  if (!Number.isInteger(intDigits) || intDigits < 1 || intDigits > MAX_INTEGER_DIGITS) {
    throw new RangeError(`maxIntegerDigits out of range: ${intDigits}`)
  }
  const sign = rules.sign ?? 'any'
  const minus = sign === 'any' ? '-?' : ''
  const notZero = sign === 'positive' ? '(?!0(?:\\.0+)?$)' : ''
  const int = `(?:0|[1-9]\\d{0,${intDigits - 1}})`
  const frac = scale > 0 ? `(?:\\.\\d{1,${scale}})?` : ''
  return new RegExp(`^${minus}${notZero}${int}${frac}$`)
}

/**
 * A decimal amount sent as a JSON string ("12.5"; a JSON number is refused), checked by `decimalPattern(rules)`
 * and parsed to its canonical DecimalString ("12.50" → "12.5").
 * @example decimalString({ maxScale: currencyScale('USDT'), sign: 'positive' })
 */
export function decimalString(rules: DecimalStringRules = {}) {
  const pattern = decimalPattern(rules)
  return z.pipe(
    z.string().check(z.regex(pattern)),
    z.transform((text: string): DecimalString =>
      parseDecimal(text, { maxScale: MAX_SCALE, maxIntegerDigits: MAX_INTEGER_DIGITS }),
    ),
  )
}
