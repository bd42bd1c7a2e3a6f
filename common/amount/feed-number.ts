/**
 * The one reading of a feed number (issue 21 Part 9): prices and sizes arrive as JSON numbers or as decimal text, and
 * either may be in exponent form — `String(1e-7)` is "1e-7", HTX and CSV dumps write "6.1E+4". `parseDecimal` refuses
 * exponents (money text must be plain), so every place that turns a feed value into money goes through here:
 * `feedNumberText` writes it as plain decimal text, digit for digit (no float arithmetic), and `feedDecimal` gives the
 * exact DecimalString of a usable price or size. NaN, ±Infinity, text that is not a number and, for `feedDecimal`,
 * zero, negatives and values beyond the amount bounds (MAX_SCALE decimals, MAX_INTEGER_DIGITS digits) are refused.
 */
import { parseDecimal, type DecimalString } from './decimal-string'

/** Sign, integer digits, fraction digits, exponent: "-12.5e-3", ".5", "6.1E+4", "7." */
const FEED_NUMBER = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/

/** Exponents beyond this are no price or size (and would write thousands of zeros). */
const MAX_EXPONENT = 64

/**
 * `value` as plain canonical decimal text ("1e-7" → "0.0000001", "6.1E+4" → "61000", 0.5 → "0.5", "-0" → "0"); a
 * number is read as `String(n)`, the shortest text that reads back as that double, i.e. what the JSON sender wrote.
 * @returns undefined for NaN, ±Infinity, an exponent beyond ±64, or text that is not a decimal number.
 */
export function feedNumberText(value: number | string): string | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined
  const m = FEED_NUMBER.exec(typeof value === 'number' ? String(value) : value.trim())
  if (!m) return undefined
  const [, sign, int = '', frac = '', exp = '0'] = m
  if (int === '' && frac === '') return undefined
  const shift = Number(exp)
  if (Math.abs(shift) > MAX_EXPONENT) return undefined
  const digits = int + frac
  const point = int.length + shift
  const whole = point <= 0 ? '0' : digits.slice(0, point).padEnd(point, '0')
  const fraction = point < 0 ? '0'.repeat(-point) + digits : digits.slice(Math.max(point, 0))
  const intPart = whole.replace(/^0+(?=\d)/, '')
  const fracPart = fraction.replace(/0+$/, '')
  const text = fracPart === '' ? intPart : `${intPart}.${fracPart}`
  return sign === '-' && /[1-9]/.test(text) ? `-${text}` : text
}

/**
 * A feed price or size as an exact DecimalString, when it is a finite number greater than zero within the amount
 * bounds (MAX_SCALE decimals, MAX_INTEGER_DIGITS integer digits); undefined otherwise, so the caller skips the value
 * rather than moving money on it.
 * @example feedDecimal(1e-7) === '0.0000001'; feedDecimal('6.1E+4') === '61000'; feedDecimal(-1) === undefined
 */
export function feedDecimal(value: number | string): DecimalString | undefined {
  const text = feedNumberText(value)
  if (text === undefined || text.startsWith('-') || !/[1-9]/.test(text)) return undefined
  try {
    return parseDecimal(text)
  } catch {
    return undefined
  }
}
