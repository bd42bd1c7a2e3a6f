/**
 * Exact amounts for money (issue 8 part 2.1), separate from the spec's 6-decimal display helpers in
 * common/decimal.ts. Amounts are `DecimalString`s: validated plain decimal text, never a JS number (refused by the
 * types and again at run time). Arithmetic is exact BigInt fixed-point; every narrowing names its scale and
 * rounding mode; each currency has a scale (its smallest unit); `decimalString()` is the wire schema.
 *
 * Why BigInt and not big.js: exactness needs no configuration (big.js divides with a global DP/RM), and the property
 * tests can then check this module against big.js as an independent oracle.
 *
 * Shape of use:
 * ```ts
 * const price = parseDecimal('97000.5')                 // DecimalString (throws AmountError on bad text)
 * const cost = multiply(price, parseDecimal('0.0123'))   // "1193.10615", exact
 * const fee = roundToCurrency(multiply(cost, parseDecimal('0.001')), 'USDT', 'up') // "1.193107" (6 decimals)
 * const third = divide(cost, parseDecimal('3'), 6, 'half-even')                  // "397.70205"
 * const body = decimalString({ maxScale: currencyScale('USDT'), sign: 'positive' }) // the wire schema
 * ```
 */
export { AmountError, type AmountErrorReason } from './errors'
export { ROUNDING_MODES, type RoundingMode } from './rounding'
export {
  add,
  compare,
  divide,
  fromUnits,
  isDecimalString,
  MAX_INTEGER_DIGITS,
  MAX_SCALE,
  multiply,
  negate,
  parseDecimal,
  round,
  scaleOf,
  sign,
  subtract,
  toFixedScale,
  toUnits,
  type DecimalBounds,
  type DecimalString,
} from './decimal-string'
export {
  checkCurrencyScale,
  CURRENCY_SCALES,
  currencyScale,
  DISPLAY_SCALES,
  displayScale,
  isCurrencyCode,
  LEDGER_SCALE,
  MAX_CLAIM_UNITS,
  roundToCurrency,
  type CurrencyCode,
} from './currency-scale'
export { decimalPattern, decimalString, type DecimalStringRules } from './schema'
export { feedDecimal, feedNumberText } from './feed-number'
export { MAX_OP_SCALE } from './fixed-point'
