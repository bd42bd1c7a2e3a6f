/**
 * Contract between the market side (gateway, sources, hub) and the rest of the server (API, database, later the
 * trading engines). server/main.ts starts the market with `startMarket` (server/market/index.ts) and reads
 * `listings()` to know which markets the active source quotes.
 */
import type { MarketCategory, Tradable } from '../../common/market'
import type { FeedMakeup, MarketSourceKind } from '../../common/api/public'
import type { DepthTick, KlineTick, TickerTick, TradeItem } from '../../common/feed/messages'
import type { ConnectionHandler } from './gateway/server'
import type { MarketSource, SourceSink } from './sources/source'

/** A market the active source quotes. `symbol` is the feed symbol (`btcusdt`, `BTC-USDT`, `eurusd`). */
export interface SourceListing {
  symbol: string
  category: MarketCategory
  /** Base currency code, upper case ("BTC"). */
  base: string
  /** Quote currency code, upper case ("USDT", "USD"). */
  quote: string
  /** Decimals of prices (quote currency). */
  price_precision: number
  /** Decimals of amounts (base currency). */
  amount_precision: number
}

/** Domain events every source produces for every listed symbol (DESIGN §3). Times ms unless noted. */
export type MarketEvent =
  | { type: 'ticker'; symbol: string; ts: number; tick: TickerTick }
  /** `recorded`: replayed from a recording of the book (true), or derived by the source (false or absent: sim, replay
   * elsewhere); the live relay leaves it out. */
  | { type: 'book'; symbol: string; ts: number; tick: DepthTick; recorded?: boolean }
  /** `recorded` as for books: trades replayed as recorded, or derived from candles. */
  | { type: 'trades'; symbol: string; ts: number; trades: TradeItem[]; recorded?: boolean }
  /** A 1min bar changed or opened (`bar.id` seconds). Coarser periods are aggregated by the hub. */
  | { type: 'candle'; symbol: string; ts: number; bar: KlineTick }

/** What the rest of the server sees of the running market. */
export interface MarketService {
  source: MarketSourceKind
  /** Human detail (replayed path, relay URL, sim seed); shown in config, not translated. */
  sourceDetail: string
  /** True only for the live relay. */
  live: boolean
  /**
   * Set when MARKET_SOURCE=auto could not reach the live relay and fell back to the simulator: why. The prices are
   * simulated; common/config says so (`market_fallback`).
   */
  fallback?: string
  /**
   * The operator's LIVE_TRADING_ON_TEST_FEED=1: live-book orders are accepted although the feed is not the live relay
   * (test venues, the e2e suite). Absent or false: they are refused while `source` is not `htx`
   * (server/trading/live-only.ts).
   */
  liveTradingOnTestFeed?: boolean
  /** What of each replayed market's feed is recorded and what derived (empty unless replaying). */
  makeup: FeedMakeup[]
  listings(): SourceListing[]
  /** Subscribe to domain events (for the trading engines of later issues). Returns an unsubscribe function. */
  onEvent(listener: (event: MarketEvent) => void): () => void
  /** Latest ticker of a symbol, or undefined. */
  lastTicker(symbol: string): TickerTick | undefined
  /** Event time (epoch ms) of that ticker, or undefined. */
  lastTickerAt(symbol: string): number | undefined
  /** The latest order book (`tick.ts` its event time, ms), and whether a replay recorded it; undefined before one. */
  lastBook(symbol: string): { tick: DepthTick; recorded: boolean | undefined } | undefined
  /**
   * The price of `symbol` at `ms` (epoch ms) from the minute candles held (about 7 days): the open of the minute that
   * starts at `ms`, else the close of the last minute before it; undefined when the history does not reach back so
   * far (within an hour) or the symbol is unknown. Optional: test markets without candles leave it out.
   */
  priceAt?(symbol: string, ms: number): number | undefined
  /** Port the gateway listens on; 0 when none is bound (`MarketOptions.gateway` false). */
  port: number
  /**
   * Routes the gateway's user-stream connections (`/ws/v2`, issue 22 part 1) to `handler`; returns the detach.
   * Absent on market stand-ins without a gateway.
   */
  attachUserStream?(handler: ConnectionHandler): () => void
  close(): Promise<void>
}

/** Options of `startMarket`, from the server config (DESIGN §2). */
export interface MarketOptions {
  host: string
  port: number
  /** `auto` | `sim` | `htx` | `replay:<file or folder>` */
  source: string
  replaySpeed: number
  /** Upstream URL for the htx relay (default wss://api.huobi.pro/ws). */
  htxUrl?: string
  /** Seed of the sim source, for reproducible markets (tests); default none: secure random draws. */
  simSeed?: number
  /** LIVE_TRADING_ON_TEST_FEED=1 (see MarketService.liveTradingOnTestFeed). */
  liveTradingOnTestFeed?: boolean
  /** PEM certificate and key: serve wss instead of ws (DESIGN §2 TLS_CERT/TLS_KEY). */
  tls?: { cert: string; key: string }
  log?: (msg: string) => void
  /** Where errors the operator must see go (the fallback to the simulator); default `log`. */
  logError?: (msg: string) => void
  /**
   * The source to run instead of the one `source` names (roles other than ingest: a NatsMarketSource that replays
   * ingest's feed, issue 22 part 3). Default: built from `source` (server/market/sources/auto.ts).
   */
  sourceOverride?: MarketSource
  /** false: bind no public gateway (`port` is then 0 and there is no user stream). Default true. */
  gateway?: boolean
  /**
   * Puts something between the source and the local hub before the source starts (ingest: a NatsMarketPublisher
   * that hands every call to the hub and publishes it). Its `stop` runs after the source stopped.
   */
  wrapSink?: (hub: SourceSink, source: MarketSource) => Promise<{ sink: SourceSink; stop(): Promise<void> }>
}

export type { Tradable }
