/**
 * The figures of a second-contract stake before it is placed, by the server's own rules (server/trading/micro): the
 * fee is stake × fee rate rounded up to the currency's unit and paid on top of the stake, a win pays stake × payout
 * rate rounded down to that unit on top of the stake given back, and the options wallet must hold stake + fee.
 * Pure and exact (common/amount): nothing here passes through a JS number.
 */
import {
  add,
  CURRENCY_SCALES,
  divide,
  isCurrencyCode,
  MAX_SCALE,
  multiply,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { MicroProduct } from '../../../common/api/micro'
import { checkAmount, readAmount, type AmountProblem } from '../funds'

/** What the form shows for a stake: all null while the typed text is not a positive decimal. */
export interface StakePreview {
  /** Charged at placement, on top of the stake (quote currency). */
  fee: DecimalString | null
  /** What a win adds to the stake (quote currency). */
  profit: DecimalString | null
  /** What a win pays back: stake + profit (quote currency). */
  payout: DecimalString | null
}

/** Decimals a stake in `currency` may have: its scale (USDT 6), or the most any amount has when it is not listed. */
export function stakeScale(currency: string): number {
  return isCurrencyCode(currency) ? CURRENCY_SCALES[currency] : MAX_SCALE
}

/** amount × fee rate, rounded up to the currency's unit (as the server charges it). */
export function feeOf(amount: DecimalString, product: Pick<MicroProduct, 'fee_rate' | 'currency'>): DecimalString {
  return round(multiply(amount, parseDecimal(product.fee_rate)), stakeScale(product.currency), 'up')
}

/** amount × payout rate, rounded down to the currency's unit (as the server pays a win). */
export function profitOf(
  amount: DecimalString,
  product: Pick<MicroProduct, 'payout_rate' | 'currency'>,
): DecimalString {
  return round(multiply(amount, parseDecimal(product.payout_rate)), stakeScale(product.currency), 'down')
}

/** Fee, profit and payout of the typed stake `text` on `product`; nulls while it is not a positive decimal. */
export function previewStake(text: string, product: MicroProduct | undefined): StakePreview {
  const amount = readAmount(text)
  if (!product || amount === null || sign(amount) <= 0) return { fee: null, profit: null, payout: null }
  const profit = profitOf(amount, product)
  return { fee: feeOf(amount, product), profit, payout: add(amount, profit) }
}

/**
 * The first problem of the typed stake, or null when it may be sent: required, a decimal, positive, no more
 * decimals than the currency has, at least the product's minimum, and (when the balance is known) stake + fee at
 * most the options wallet's usable balance ("Lack of funds", spec §5/§8).
 * @param available usable balance of the options wallet in the product's currency; undefined while unknown
 */
export function stakeProblem(text: string, product: MicroProduct, available: string | undefined): AmountProblem | null {
  const amount = readAmount(text)
  const fee = amount !== null && sign(amount) > 0 ? feeOf(amount, product) : undefined
  return checkAmount(text, {
    scale: stakeScale(product.currency),
    min: product.min_amount,
    ...(available === undefined ? {} : { available }),
    ...(fee === undefined ? {} : { fee }),
  })
}

/**
 * The largest stake `available` covers with its fee: available / (1 + fee rate), floored to the currency's unit,
 * and one unit less when the fee's rounding up would then overshoot. "0" when nothing is available.
 */
export function maxStake(available: string, product: MicroProduct): DecimalString {
  const scale = stakeScale(product.currency)
  const have = parseDecimal(available)
  if (sign(have) <= 0) return parseDecimal('0')
  let best = divide(have, add(parseDecimal('1'), parseDecimal(product.fee_rate)), scale, 'down')
  const unit = parseDecimal(scale === 0 ? '1' : `0.${'0'.repeat(scale - 1)}1`)
  while (sign(best) > 0 && sign(subtract(have, add(best, feeOf(best, product)))) < 0) {
    best = subtract(best, unit)
  }
  return sign(best) > 0 ? best : parseDecimal('0')
}
