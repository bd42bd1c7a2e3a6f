/**
 * The UI's view of the market engine: plain callbacks in, an unsubscribe function out. `client.ts` implements it
 * over the comlink-wrapped worker; UI tests put a fake in the router context.
 */
import type {
  BookOptions,
  BookSnapshot,
  CandleSnapshot,
  EngineStats,
  EngineStatus,
  TickerOptions,
  TickerSnapshot,
  TradesOptions,
  TradesSnapshot,
  UserSeed,
  UserSnapshot,
  UserStreamStatus,
} from '../../common/engine-api'
import type { KlineTick } from '../../common/feed/messages'
import type { KlinePeriod } from '../../common/feed/topics'

/** Cancels a subscription. Safe to call more than once. */
export type Unsubscribe = () => void

/**
 * The signed-in user's stream as the UI uses it (the worker's `engine.user`, common/engine-api.ts UserApi), with
 * plain callbacks: `connect` hands `getTicket` over as a comlink proxy, `onSnapshot` returns an unsubscribe function.
 */
export interface UserClient {
  /** Opens the user stream; `getTicket` is called before every (re)connect for a fresh `user/ws_ticket` ticket. */
  connect(getTicket: () => Promise<string>, opts?: { url?: string; port?: number }): Promise<void>
  /** Closes the stream for good and forgets the user's state (logout, session ended). */
  disconnect(): Promise<void>
  /** REST snapshots into the worker's state; ends a `resync`. */
  seed(snapshot: UserSeed): Promise<void>
  /** Coalesced snapshots (≤ one per 50 ms, the first at once) with the events applied since the previous one. */
  onSnapshot(cb: (snap: UserSnapshot) => void): Promise<Unsubscribe>
  status(): Promise<UserStreamStatus>
}

/**
 * Market engine as the UI uses it. Every `on*` call resolves once the worker has registered the subscription; the
 * callback then receives coalesced snapshots (never raw deltas) until the returned function is called.
 */
export interface EngineClient {
  /** Opens or re-targets the market socket; default URL derived from the page (wss on https, MARKET_PORT, /ws). */
  connect(opts?: { url?: string; port?: number }): Promise<void>
  /** Closes the socket for good: no reconnects until `connect` is called again. */
  close(): Promise<void>
  status(): Promise<EngineStatus>
  /** Feed and overload counters (frames received, decoded, conflated, dropped); absent on fakes that lack them. */
  stats?(): Promise<EngineStats>
  /** Last tickers restored from IndexedDB (origin 'cache'), for offline or cold starts. */
  cachedTickers(): Promise<TickerSnapshot[]>
  /** Older candles (ascending, ≤ 300 per feed request) ending before bar id `beforeId` (epoch seconds). */
  loadHistory(symbol: string, period: KlinePeriod, beforeId: number, count?: number): Promise<KlineTick[]>
  /** Ticker snapshots of `symbols`, at most one batch per `opts.intervalMs` (default TICKER_FREQ_MS). */
  onTickers(symbols: string[], cb: (snaps: TickerSnapshot[]) => void, opts?: TickerOptions): Promise<Unsubscribe>
  /** Order book snapshots (depth.step0), trimmed to `opts.depth` levels per side (default 20). */
  onBook(symbol: string, cb: (snap: BookSnapshot) => void, opts?: BookOptions): Promise<Unsubscribe>
  /** Candles: first snapshot `reset: true` with the whole series, then only changed bars (upsert by `id`). */
  onCandles(symbol: string, period: KlinePeriod, cb: (snap: CandleSnapshot) => void): Promise<Unsubscribe>
  /** Latest trades, newest first, at most `opts.limit`. */
  onTrades(symbol: string, cb: (snap: TradesSnapshot) => void, opts?: TradesOptions): Promise<Unsubscribe>
  /** Engine status on every change (connected, reconnects, counters). */
  onStatus(cb: (status: EngineStatus) => void): Promise<Unsubscribe>
  /** The user stream; absent on fakes without one (then screens keep polling). */
  user?: UserClient
}
