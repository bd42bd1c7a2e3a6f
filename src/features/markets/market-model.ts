/**
 * Pure helpers over listed markets and their tickers: display names and the Home gain-list rankings
 * (Comprehensive = 24 h quote volume, Increase = risers only, Decline = fallers only). Comparisons use big.js.
 */
import type Big from 'big.js'
import type { TickerSnapshot } from '../../../common/engine-api'
import { compare, feedDec, quoteChange } from '../../../common/decimal'
import type { MarketItem } from '../../../common/market'

/** "BTC/USDT" for every category (futures additionally carry a "Perp" tag on screen). */
export function pairName(item: Pick<MarketItem, 'currency_name' | 'legal_name'>): string {
  return `${item.currency_name}/${item.legal_name}`
}

/** Gain-list rankings of the Home screen (spec §2). */
export const RANKINGS = ['comprehensive', 'increase', 'decline'] as const
export type Ranking = (typeof RANKINGS)[number]

/** Exact relative change (close − open) / open; 0 when open is 0 (as common/decimal quoteChange treats it). */
function changeOf(t: TickerSnapshot): Big {
  const open = feedDec(t.open)
  return open.eq(0) ? feedDec(0) : feedDec(t.close).minus(open).div(open)
}

/**
 * Ranks `items` that have a ticker: comprehensive by 24 h quote volume (`vol`) descending; increase only the risers
 * (shown change > 0.00 %), biggest gain first; decline only the fallers (shown change < 0.00 %), biggest loss first.
 * A market whose change rounds to 0.00 % is in neither list. Items without a ticker are left out. At most `limit`
 * items; empty when none qualifies.
 */
export function rankMarkets(
  items: readonly MarketItem[],
  tickers: ReadonlyMap<string, TickerSnapshot>,
  ranking: Ranking,
  limit = 10,
): MarketItem[] {
  const withTicker = items.flatMap((item) => {
    const t = tickers.get(item.extends)
    if (!t) return []
    if (ranking === 'comprehensive') return [{ item, t, change: feedDec(0) }]
    const change = changeOf(t)
    // Risers and fallers as the change pill shows them (2 decimals): a "0.00%" market is flat, in neither list.
    const sign = feedDec(quoteChange(t.open, t.close).change.replace('+', '')).cmp(0)
    return (ranking === 'increase' ? sign > 0 : sign < 0) ? [{ item, t, change }] : []
  })
  withTicker.sort((a, b) => {
    if (ranking === 'comprehensive') return compare(b.t.vol, a.t.vol)
    return ranking === 'increase' ? compare(b.change, a.change) : compare(a.change, b.change)
  })
  return withTicker.slice(0, limit).map((x) => x.item)
}

/**
 * Markets of the gain list: spot pairs quoted in USDT (volumes are then comparable). The feed's swap listings are left
 * out: the venue does not trade them (its perpetuals follow the spot pairs, features/markets/perpetuals.ts).
 */
export function gainListMarkets(items: readonly MarketItem[]): MarketItem[] {
  return items.filter((i) => i.legal_name === 'USDT' && i.category === 'spot')
}

/**
 * The oldest `receivedAt` (ms) among cached tickers, i.e. how old the prices on screen may be; null when every
 * ticker shown is live or there are none.
 */
export function oldestCachedAt(tickers: Iterable<TickerSnapshot>): number | null {
  let oldest: number | null = null
  for (const t of tickers) if (t.origin === 'cache' && (oldest === null || t.receivedAt < oldest)) oldest = t.receivedAt
  return oldest
}

/** Newest `receivedAt` (ms) among `tickers`, or null when there are none. */
export function newestReceivedAt(tickers: Iterable<TickerSnapshot>): number | null {
  let newest: number | null = null
  for (const t of tickers) if (newest === null || t.receivedAt > newest) newest = t.receivedAt
  return newest
}

/** Lower case without separators: "BTC/USDT", "btc-usdt" and "btcusdt" read alike. */
const squash = (s: string) => s.toLowerCase().replace(/[\s/_-]+/g, '')

/**
 * True when `query` (as typed: any case, with or without "/" or "-") is part of the market's pair ("BTC/USDT"), its
 * base or quote code, or its feed symbol. An empty query matches every market.
 */
export function matchesQuery(
  item: Pick<MarketItem, 'currency_name' | 'legal_name' | 'extends'>,
  query: string,
): boolean {
  const q = squash(query)
  if (q === '') return true
  return squash(`${item.currency_name}${item.legal_name}`).includes(q) || squash(item.extends).includes(q)
}
