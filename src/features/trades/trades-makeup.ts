import type { FeedPart } from '../../../common/api/public'

/**
 * Where a market's trade prints come from, by common/config's `market_feed`: `derived` when the replay derives them
 * all from 1-minute candles, `mixed` when a capture recorded some minutes and the rest are derived, `undefined` when
 * they are real (the live relay, recorded trades only) or the feed sends none. The sim's market_feed is empty: its
 * prices carry the "Simulated" badge instead.
 */
export type TradesMakeup = 'derived' | 'mixed' | undefined

/** One market's entry of `market_feed` (read-only, as the valtio snapshot hands it out). */
interface MakeupEntry {
  readonly symbol: string
  readonly recorded: readonly FeedPart[]
  readonly derived: readonly FeedPart[]
}

/** How the trades of feed symbol `symbol` (`btcusdt`, `BTC-USDT`) are made, from the config's `market_feed`. */
export function tradesMakeup(feed: readonly MakeupEntry[] | undefined, symbol: string | undefined): TradesMakeup {
  const of = symbol === undefined ? undefined : feed?.find((m) => m.symbol === symbol)
  if (!of?.derived.includes('trades')) return undefined
  return of.recorded.includes('trades') ? 'mixed' : 'derived'
}
