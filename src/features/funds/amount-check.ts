/**
 * Client checks of an amount a user typed, before anything is sent, with the server's own rules (common/amount): a
 * plain positive decimal with no more decimals than the currency allows, at least a minimum, at most what is usable.
 * Pure: problems are codes, amount-problems.ts words them. The server checks again and has the last word.
 */
import { add, compare, parseDecimal, round, scaleOf, sign, subtract, type DecimalString } from '../../../common/amount'

/** What is wrong with an amount. */
export type AmountProblem = 'required' | 'format' | 'notPositive' | 'tooManyDecimals' | 'belowMinimum' | 'lackOfFunds'

/** The rules an amount is held to. */
export interface AmountRules {
  /** Decimals the currency allows. */
  scale: number
  /** Smallest amount accepted (a withdrawal's minimum). */
  min?: string
  /** Most that may leave the balance, fee included: the usable balance. */
  available?: string
  /** Charged on top of the amount (a withdrawal's fee): amount + fee must fit in `available`. */
  fee?: string
}

/**
 * Typed text made ready to check: spaces dropped and a decimal comma read as a point (pt, es, id and vi keyboards
 * offer a comma), so "1 000,5" is "1000.5". Anything else stays as typed and fails the check visibly.
 */
export function normalizeAmount(text: string): string {
  return text.replace(/\s+/g, '').replace(',', '.')
}

/** The amount as a decimal string, or null when `text` is not one. */
export function readAmount(text: string): DecimalString | null {
  try {
    return parseDecimal(normalizeAmount(text))
  } catch {
    return null
  }
}

/** The first problem of `text` under `rules`, or null when it may be sent. */
export function checkAmount(text: string, rules: AmountRules): AmountProblem | null {
  if (normalizeAmount(text) === '') return 'required'
  const v = readAmount(text)
  if (v === null) return 'format'
  if (sign(v) <= 0) return 'notPositive'
  if (scaleOf(v) > rules.scale) return 'tooManyDecimals'
  if (rules.min !== undefined && compare(v, parseDecimal(rules.min)) < 0) return 'belowMinimum'
  if (rules.available !== undefined) {
    const total = rules.fee === undefined ? v : add(v, parseDecimal(rules.fee))
    if (compare(total, parseDecimal(rules.available)) > 0) return 'lackOfFunds'
  }
  return null
}

/**
 * The most that can be asked for: `available` less `fee`, floored to `scale` decimals, never below 0 (a withdrawal's
 * "All": the amount plus its fee is what gets frozen).
 */
export function allOf(available: string, scale: number, fee = '0'): DecimalString {
  const rest = round(subtract(parseDecimal(available), parseDecimal(fee)), scale, 'down')
  return sign(rest) > 0 ? rest : parseDecimal('0')
}

/** amount + fee, exact: what a withdrawal freezes. Null while the amount is not a decimal. */
export function frozenTotal(amountText: string, fee: string): DecimalString | null {
  const v = readAmount(amountText)
  return v === null ? null : add(v, parseDecimal(fee))
}
