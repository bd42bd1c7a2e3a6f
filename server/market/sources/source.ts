/**
 * What a market source is to the rest of the market side: it lists symbols with their precision, produces domain
 * events (MarketEvent) into a sink, and may load history before it goes live. index.ts wires a source to the hub.
 */
import type { FeedMakeup, MarketSourceKind } from '../../../common/api/public'
import type { KlineTick, TradeItem } from '../../../common/feed/messages'
import type { KlinePeriod } from '../../../common/feed/topics'
import type { MarketEvent, SourceListing } from '../types'

/**
 * A listing plus the decimals the hub uses for summed figures: `volume_decimals` for base volume (`amount` of bars
 * and tickers, ≥ amount_precision: recorded volumes may carry more decimals than a trade size) and
 * `turnover_decimals` for quote turnover (`vol`).
 */
export interface SymbolSpec extends SourceListing {
  volume_decimals: number
  turnover_decimals: number
}

/** Where a source delivers what it produces (the hub). */
export interface SourceSink {
  /** A live domain event. */
  event(event: MarketEvent): void
  /** Completed 1min bars before the play head, ascending `id` (seconds); loaded silently as history for `req`. */
  history(symbol: string, bars: KlineTick[]): void
  /**
   * Bars of a coarser `period` from before the 1min history (ids at the period's bucket starts, ascending; the last
   * may be the part before the first minute of a bucket the minutes finish), for the history `req` serves beyond the
   * minutes kept (a replay's loop read backwards, its daily files). Replaces what the period had.
   */
  earlierBars?(symbol: string, period: KlinePeriod, bars: KlineTick[]): void
  /**
   * The current bar of a coarser period, taken from upstream (htx relay): `minuteThen` is the upstream 1min bar it
   * already includes. Until seeded, that period's live bars are not pushed.
   */
  seedPeriod?(symbol: string, period: KlinePeriod, bar: KlineTick, minuteThen: KlineTick | undefined): void
  /**
   * Trades from before this process joined the feed (oldest first), kept for `req` and never pushed or handed to
   * event listeners as new: a process that starts while ingest runs gets them from its snapshot (server/bus).
   */
  recentTrades?(symbol: string, trades: TradeItem[]): void
}

/** Kline history from upstream for `req` (htx relay). `from`/`to` epoch seconds; ≤ 300 bars, ascending. */
export type HistoryProvider = (symbol: string, period: KlinePeriod, from?: number, to?: number) => Promise<KlineTick[]>

export interface MarketSource {
  kind: MarketSourceKind
  /** Human detail: replayed path, relay URL, "seed 42" (only when a seed was given explicitly). */
  detail: string
  /** Set when MARKET_SOURCE=auto fell back to this source (the simulator): why, e.g. the relay was not reachable. */
  fallback?: string
  live: boolean
  specs: SymbolSpec[]
  /** true: the hub derives tickers from the 1min bars; false: the source sends ticker events (htx). */
  tickerFromBars: boolean
  /** Replay: per symbol, which parts of the feed are played as recorded and which are derived (common/config). */
  makeup?: FeedMakeup[]
  /** Set when coarser periods come from upstream (htx): the hub waits for `seedPeriod` before pushing them. */
  history?: HistoryProvider
  start(sink: SourceSink): Promise<void>
  stop(): Promise<void>
}
