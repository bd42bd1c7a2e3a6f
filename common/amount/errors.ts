/** The one error type of common/amount: a reason a caller can branch on, and a message naming the argument. */

/** Why an amount operation refused its input. */
export type AmountErrorReason =
  /** the value is not a string (a JS number, undefined, an object…) */
  | 'not-a-string'
  /** the text is not a plain decimal: exponent, spaces, '+', leading zeros, a bare '.', … */
  | 'format'
  /** more fraction digits than allowed (a currency's scale or a schema bound) */
  | 'too-many-decimals'
  /** more integer digits than allowed */
  | 'too-many-digits'
  /** division by a zero divisor */
  | 'division-by-zero'
  /** a scale that is not an integer in 0…MAX_OP_SCALE */
  | 'bad-scale'
  /** a rounding mode that is not one of ROUNDING_MODES */
  | 'bad-rounding-mode'
  /** a currency code missing from CURRENCY_SCALES */
  | 'unknown-currency'

/** Thrown by every function of common/amount on bad input; never thrown for a valid input. */
export class AmountError extends Error {
  override name = 'AmountError'
  constructor(
    readonly reason: AmountErrorReason,
    message: string,
  ) {
    super(message)
  }
}
