/** What the futures lists show of a symbol's market: its pair name, currencies and price decimals. */
import type { MarketItem } from '../../../common/market'
import { pairName } from '../markets'

/** A symbol's pair as the lists name and format it. */
export interface PairInfo {
  /** "BTC/USDT". */
  pair: string
  /** Base currency ("BTC"): quantities. */
  base: string
  /** Quote currency ("USDT"): prices and money. */
  quote: string
  /** Decimals of its prices. */
  precision: number
}

/** Decimals of a price when the market is not listed (any more). */
const FALLBACK_PRECISION = 2

/** The pair of `symbol` among `markets`; an unlisted one is named by its symbol in capitals, quoted in USDT. */
export function pairInfo(symbol: string, markets: readonly MarketItem[]): PairInfo {
  const m = markets.find((x) => x.extends === symbol)
  if (!m) return { pair: symbol.toUpperCase(), base: '', quote: 'USDT', precision: FALLBACK_PRECISION }
  return { pair: pairName(m), base: m.currency_name, quote: m.legal_name, precision: m.price_precision }
}
