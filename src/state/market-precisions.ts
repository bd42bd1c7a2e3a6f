/**
 * The price precision of each listed market as the last market list loaded in this page gave it (by feed symbol,
 * `extends`), for text made away from a market screen: a fired price alert's toast formats its prices with it. Not
 * persisted, not reactive: nothing renders from it.
 */
import type { MarketItem } from '../../common/market'

const precisions = new Map<string, number>()

/** Records the precisions of `items` (every market list the app loads). */
export function rememberPrecisions(items: readonly Pick<MarketItem, 'extends' | 'price_precision'>[]): void {
  for (const m of items) precisions.set(m.extends, m.price_precision)
}

/** Decimals of market `symbol`'s prices, or undefined before a list holding it was loaded. */
export function pricePrecisionOf(symbol: string): number | undefined {
  return precisions.get(symbol)
}
