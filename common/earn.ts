/**
 * Yield-product ("financial") figures both the server and the app compute, so what the app says before an action is
 * what the server settles (issue 24 part 3: the redemption dialog states the fee amount).
 */
import { currencyScale, multiply, round, type DecimalString } from './amount'

/**
 * The fee of redeeming `amount` early at `feeRate` (a fraction, 0.005 = 0.5 %), in `currency`: principal × rate,
 * rounded up to the currency's unit (server/trading/earn/redeem.ts charges exactly this).
 */
export function earlyFee(amount: DecimalString, feeRate: DecimalString, currency: string): DecimalString {
  return round(multiply(amount, feeRate), currencyScale(currency), 'up')
}
