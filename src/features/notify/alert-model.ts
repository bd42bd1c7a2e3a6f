/**
 * The pure parts of the price-alert sheet (issue 24 part 6): the price it starts from, the reading and checking of
 * the typed price at the market's precision, and the order the alerts are listed in. Decimal text only (common/amount,
 * common/decimal); a feed number is read once, as the text its sender wrote.
 */
import type { PriceAlert } from '../../../common/api/notify'
import { compare, parseDecimal } from '../../../common/amount'
import { toFixed, type DecimalInput } from '../../../common/decimal'
import { checkAmount, readAmount } from '../funds'

/** Why a typed alert price cannot be sent (the same problems as an order's price, src/features/trade). */
export type AlertPriceProblem = 'required' | 'format' | 'notPositive' | 'tooManyDecimals'

/**
 * The price field's first value: the last price at the market's precision, as plain text without grouping
 * ("28500.10"); empty before the first ticker.
 * @param last the ticker's last price (feed number or decimal text), quote currency
 */
export function prefillPrice(last: DecimalInput | null | undefined, precision: number): string {
  if (last === null || last === undefined) return ''
  try {
    return toFixed(last, precision, 'half-up')
  } catch {
    return ''
  }
}

/**
 * The first problem of a typed price at `precision` decimals, or null when it may be sent: the funds amount check
 * (spaces dropped, a decimal comma read as a point) with no minimum and no balance, so only its first four problems.
 */
export function alertPriceProblem(text: string, precision: number): AlertPriceProblem | null {
  return checkAmount(text, { scale: precision }) as AlertPriceProblem | null
}

/**
 * The alerts of one market as the sheet lists them: active ones by target price, highest first (the order they sit
 * on a price axis), then fired ones, most recently fired first.
 */
export function listedAlerts(
  list: readonly PriceAlert[],
  symbol: string,
): { active: PriceAlert[]; fired: PriceAlert[] } {
  const mine = list.filter((a) => a.symbol === symbol)
  const value = (a: PriceAlert) => readAmount(a.price) ?? parseDecimal('0')
  const active = mine.filter((a) => a.state === 'active').sort((a, b) => compare(value(b), value(a)))
  const fired = mine.filter((a) => a.state === 'fired').sort((a, b) => (b.fired_at ?? 0) - (a.fired_at ?? 0))
  return { active, fired }
}
