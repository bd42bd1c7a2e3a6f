/** Display of a contract's figures: payout rates as percentages, prices at the market's precision. Exact decimals. */
import { multiply, parseDecimal } from '../../../common/amount'
import type { MarketItem } from '../../../common/market'
import { formatMoney, formatPrice, groupDecimal } from '../../lib/format'

/** A rate as a percentage, exactly: ("0.85", 'en') → "85%", ("0.875", 'pt') → "87,5%". "--" for bad text. */
export function formatRate(rate: string, locale: string): string {
  try {
    return `${groupDecimal(multiply(parseDecimal(rate), parseDecimal('100')), locale)}%`
  } catch {
    return '--'
  }
}

/** A percentage the server wrote ("85.00", "-100.00") with its sign: "+85.00%", "-100.00%", "0.00%". */
export function formatPercent(pct: string | null, locale: string): string {
  return pct === null ? '--' : `${formatMoney(pct, locale, { signed: true })}%`
}

/**
 * A price of `market` (the contract's open or close price) at its price precision; every decimal it has when the
 * market is not listed. "--" for null.
 */
export function formatMicroPrice(value: string | null, market: MarketItem | undefined, locale: string): string {
  if (value === null) return '--'
  return market ? formatPrice(value, market.price_precision, locale) : formatMoney(value, locale)
}
