/**
 * The figures of a subscription before and after it is made, by the server's own rules
 * (server/trading/earn/income.ts): a day's income is amount × daily rate rounded DOWN to the currency's unit, the
 * whole cycle's income that times the cycle's days, an early redemption's fee amount × fee rate rounded UP. Rates are
 * shown as percentages, exactly. Pure and exact (common/amount): nothing passes through a JS number.
 */
import { earlyFee as settledEarlyFee } from '../../../common/earn'
import {
  compare,
  CURRENCY_SCALES,
  isCurrencyCode,
  MAX_SCALE,
  multiply,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { FinancialProduct } from '../../../common/api/financial'
import { groupDecimal } from '../../lib/format'
import { checkAmount, readAmount, type AmountProblem } from '../funds'

/** Decimals an amount of `currency` may have: its scale (USDT 6), or the most any amount has when it is not listed. */
export function amountScale(currency: string): number {
  return isCurrencyCode(currency) ? CURRENCY_SCALES[currency] : MAX_SCALE
}

/** A rate as a percentage number, exactly, grouped for `locale`: ("0.005", 'en') → "0.5", ("0.1825", 'pt') → "18,25". */
export function percentText(rate: string, locale: string): string {
  try {
    return groupDecimal(multiply(parseDecimal(rate), parseDecimal('100')), locale)
  } catch {
    return '--'
  }
}

type Terms = Pick<FinancialProduct, 'daily_rate' | 'cycle_days' | 'currency'>

/** One day's income of `amount` (rounded down to the currency's unit). */
export function dailyIncome(amount: DecimalString, p: Terms): DecimalString {
  return round(multiply(amount, parseDecimal(p.daily_rate)), amountScale(p.currency), 'down')
}

/** The income of the whole cycle: one day's income × the cycle's days. */
export function cycleIncome(amount: DecimalString, p: Terms): DecimalString {
  return multiply(dailyIncome(amount, p), parseDecimal(String(p.cycle_days)))
}

/** The fee of redeeming `amount` early at `feeRate` (rounded up to the currency's unit, as the server charges it). */
export function earlyFee(amount: string, feeRate: string, currency: string): DecimalString {
  return settledEarlyFee(parseDecimal(amount), parseDecimal(feeRate), currency)
}

/** What an early redemption gives back: amount less its fee. */
export function earlyReturn(amount: string, feeRate: string, currency: string): DecimalString {
  return subtract(parseDecimal(amount), earlyFee(amount, feeRate, currency))
}

/** Daily and whole-cycle income of the typed `text`; nulls while it is not a positive decimal. */
export function previewIncome(text: string, p: Terms): { daily: DecimalString | null; total: DecimalString | null } {
  const amount = readAmount(text)
  if (amount === null || sign(amount) <= 0) return { daily: null, total: null }
  return { daily: dailyIncome(amount, p), total: cycleIncome(amount, p) }
}

/** What is wrong with a subscription amount: an amount problem, or above the product's maximum. */
export type SubscriptionProblem = AmountProblem | 'aboveMaximum'

/**
 * The first problem of the typed amount, or null when it may be sent: required, a decimal, positive, no more decimals
 * than the currency has, at least the minimum, at most the maximum, and (when known) at most the spot wallet's usable
 * balance ("Lack of funds", spec §5/§8).
 * @param available usable balance of the spot (coin) wallet in the product's currency; undefined while unknown
 */
export function subscriptionProblem(
  text: string,
  p: Pick<FinancialProduct, 'currency' | 'min_amount' | 'max_amount'>,
  available: string | undefined,
): SubscriptionProblem | null {
  const shape = checkAmount(text, { scale: amountScale(p.currency), min: p.min_amount })
  if (shape) return shape
  const amount = readAmount(text)!
  if (compare(amount, parseDecimal(p.max_amount)) > 0) return 'aboveMaximum'
  if (available !== undefined && compare(amount, parseDecimal(available)) > 0) return 'lackOfFunds'
  return null
}

/**
 * `share` (e.g. "0.5") of the usable balance, no more than the product's maximum, floored to the currency's unit;
 * "0" when nothing is usable.
 */
export function shareOf(available: string, share: string, p: Pick<FinancialProduct, 'currency' | 'max_amount'>) {
  const part = round(multiply(parseDecimal(available), parseDecimal(share)), amountScale(p.currency), 'down')
  const capped = compare(part, parseDecimal(p.max_amount)) > 0 ? parseDecimal(p.max_amount) : part
  return sign(capped) > 0 ? capped : parseDecimal('0')
}
