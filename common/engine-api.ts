/**
 * The market engine's API: what the React UI may ask of the worker (src-worker) through comlink. The worker owns the
 * socket and the caches; the UI only ever sees coalesced snapshots, never raw feed deltas.
 *
 * Callbacks cross the thread boundary as comlink proxies (src/engine wraps them); each subscription returns an id,
 * cancelled with `unsubscribe(id)`. Times are epoch ms unless a field says seconds.
 */
import type { KlinePeriod } from './feed/topics'
import type { KlineTick, Level, TickerTick, TradeItem } from './feed/messages'

/** Opaque subscription id. */
export type SubscriptionId = number

/** Where a snapshot's data came from: the live socket, or IndexedDB after a cold/offline start. */
export type SnapshotOrigin = 'live' | 'cache'

/** A ticker as the UI shows it. `ts` = feed time of the last tick (ms); `receivedAt` = when the worker got it (ms). */
export interface TickerSnapshot extends TickerTick {
  symbol: string
  ts: number
  receivedAt: number
  origin: SnapshotOrigin
}

/** Order book snapshot: bids descending, asks ascending, at most `depth` levels each. */
export interface BookSnapshot {
  symbol: string
  bids: Level[]
  asks: Level[]
  version: number
  ts: number
  receivedAt: number
  origin: SnapshotOrigin
}

/**
 * Candles of one symbol and period. `reset` true: `bars` is the whole series held (ascending `id`, seconds); false:
 * `bars` are only the bars that changed since the previous snapshot (upsert by `id`, may append).
 */
export interface CandleSnapshot {
  symbol: string
  period: KlinePeriod
  reset: boolean
  bars: KlineTick[]
  receivedAt: number
  origin: SnapshotOrigin
}

/** Latest trades, newest first (at most `limit`). */
export interface TradesSnapshot {
  symbol: string
  trades: TradeItem[]
  receivedAt: number
  origin: SnapshotOrigin
}

/** Engine counters, also visible as `self.engine` in the worker's devtools console. */
export interface EngineStatus {
  url: string | null
  connected: boolean
  /** ms of the last frame received, or null. */
  lastFrameAt: number | null
  reconnects: number
  /** frames per second over the last 5 s. */
  framesPerSec: number
  decodeErrors: number
  /** Topics currently subscribed on the socket. */
  topics: string[]
}

/**
 * How the engine coped with the feed since it started (issue 9 part 3): frames received, decoded, and every frame it
 * chose not to decode or apply, by reason. Also shown in `self.engine.counters` in the worker's devtools console.
 */
export interface EngineStats {
  /** Frames the socket received (every frame, before any is skipped). */
  frames: number
  /** Frames decoded (inflate + JSON.parse + shape check). */
  decoded: number
  decodeErrors: number
  /** Frames skipped while behind because a newer frame of the same ticker, depth book or kline bar was queued. */
  conflated: { ticker: number; depth: number; kline: number }
  /** Frames dropped, by reason: trade frames beyond the newest 200 queued per topic, queue full (oldest dropped),
   * depth books not newer (by `version`) than the one held, tickers older (by `ts`) than the one held. */
  dropped: { trades: number; overflow: number; staleDepth: number; staleTicker: number }
  /** Frames waiting to be decoded now, the most ever waiting, and the longest wait of one frame, ms. */
  queued: number
  maxQueued: number
  maxQueueWaitMs: number
  /** Snapshots delivered to the UI. */
  snapshotsDelivered: number
  /** Latest a snapshot timer ran after it was due, ms (a starved timer shows here). */
  maxTimerLateMs: number
}

export interface TickerOptions {
  /** Snapshot interval, ms; also sent as the sub's `freq`. Default TICKER_FREQ_MS on lists. */
  intervalMs?: number
}
export interface BookOptions {
  /** Levels per side in snapshots (default 20). */
  depth?: number
  /** Snapshot interval, ms (default: one per animation frame ≈ 100 ms in a worker). */
  intervalMs?: number
}
export interface TradesOptions {
  limit?: number
  intervalMs?: number
}

export interface EngineApi {
  /**
   * Opens (or re-targets) the socket. `url` e.g. `ws://localhost:8292/ws`; when omitted the worker derives it from
   * its own location: wss when the page is https, the page host, port `port` (default MARKET_PORT).
   */
  connect(opts?: { url?: string; port?: number }): Promise<void>
  /** Closes the socket for good (logout, page teardown): no reconnect until `connect` is called again. */
  close(): Promise<void>

  subscribeTickers(
    symbols: string[],
    cb: (snaps: TickerSnapshot[]) => void,
    opts?: TickerOptions,
  ): Promise<SubscriptionId>
  subscribeBook(symbol: string, cb: (snap: BookSnapshot) => void, opts?: BookOptions): Promise<SubscriptionId>
  subscribeCandles(symbol: string, period: KlinePeriod, cb: (snap: CandleSnapshot) => void): Promise<SubscriptionId>
  subscribeTrades(symbol: string, cb: (snap: TradesSnapshot) => void, opts?: TradesOptions): Promise<SubscriptionId>
  subscribeStatus(cb: (status: EngineStatus) => void): Promise<SubscriptionId>
  unsubscribe(id: SubscriptionId): Promise<void>

  /**
   * Older candles through the feed's `req` (≤ 300 per answer), ending before bar id `beforeId` (seconds), ascending.
   * Also merged into the candle cache so subscribers get them in their next reset snapshot. Rejects when offline.
   */
  loadHistory(symbol: string, period: KlinePeriod, beforeId: number, count?: number): Promise<KlineTick[]>

  /**
   * Optional (added by the worker engine): checks the socket at once — retries now if waiting to reconnect, or pings
   * and drops it if nothing answers within one ping interval. The UI calls it when the page becomes visible again or
   * the network comes back (reliability.md W8); workers cannot see page visibility themselves.
   */
  checkLiveness?(): Promise<void>

  /** Optional (added by the worker engine): feed and conflation counters, see {@link EngineStats}. */
  stats?(): Promise<EngineStats>

  /** Last tickers restored from IndexedDB (origin 'cache'), for an offline or cold start. */
  cachedTickers(): Promise<TickerSnapshot[]>
  status(): Promise<EngineStatus>
}
