/**
 * The market engine's API: what the React UI may ask of the worker (src-worker) through comlink. The worker owns the
 * socket and the caches; the UI only ever sees coalesced snapshots, never raw feed deltas.
 *
 * Callbacks cross the thread boundary as comlink proxies (src/engine wraps them); each subscription returns an id,
 * cancelled with `unsubscribe(id)`. Times are epoch ms unless a field says seconds.
 */
import type { KlinePeriod } from './feed/topics'
import type { KlineTick, Level, TickerTick, TradeItem } from './feed/messages'
import type { NoticeEventData, OrderEventData, OrderEventKind, PositionEventKind, UserEventData } from './api/stream'

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

/**
 * The user stream's connection (issue 22 part 2): `idle` before `user.connect` and after `user.disconnect`;
 * `connecting` while a ticket is fetched, the socket opens and authenticates; `live` once authenticated and every
 * channel answered; `offline` while waiting to reconnect (backoff); `resync` when the server could not resume from the
 * last sequence number (older than 24 h, code 410): the UI reloads orders, positions and balances by REST and hands them
 * to `user.seed`, which returns the state to `live`; `unauthorized` after close code 4401 (session ended): no reconnect.
 */
export type UserStreamState = 'idle' | 'connecting' | 'live' | 'resync' | 'unauthorized' | 'offline'

/** The user stream's status and counters (also `engine.user.status` in devtools). */
export interface UserStreamStatus {
  state: UserStreamState
  /** Highest sequence number up to which every event was applied (resume point), or null before any is known. */
  lastSeq: number | null
  /** Sockets opened after the first. */
  reconnects: number
  /** Inbound frames refused (not JSON, too large, wrong shape): ignored, never thrown. */
  badFrames: number
  /** Pushes whose `seq` was already applied (a resume overlapping what was seen): dropped. */
  duplicates: number
  /** Last failure (close code, refused auth, failed ticket), for diagnostics; null when none. */
  lastError: string | null
}

/** Which order book an order belongs to: spot, futures opening, reduce-only close, second contract (`micro`). */
export type UserOrderKind = OrderEventData['kind']

/** An open order held by the worker: `order` as its REST list returns it; `event` the last that touched it. */
export interface UserOrder {
  kind: UserOrderKind
  id: number
  symbol: string
  order: Record<string, unknown>
  /** `seeded` when it came from `user.seed` and no event changed it since. */
  event: OrderEventKind | 'seeded'
  /** Sequence number of that event (null when seeded). */
  seq: number | null
}

/** An open futures position: `position` as `contract/positions` returns it. */
export interface UserPosition {
  id: number
  symbol: string
  position: Record<string, unknown>
  event: PositionEventKind | 'seeded'
  seq: number | null
}

/** One balance (decimal strings, never floats): keyed by book, wallet and currency. */
export interface UserBalance {
  book: 'live' | 'demo'
  wallet: 'spot' | 'contract' | 'option'
  currency: string
  available: string
  frozen: string
  seq: number | null
}

/** A notice pushed on `notices` (deposit/withdrawal/identity reviewed, feedback replied). */
export interface UserNotice extends NoticeEventData {
  seq: number
  /** Worker time it arrived, ms. */
  receivedAt: number
}

/**
 * One applied event, for toasts: fills (`orders` `filled`/`partially_filled`), settled second contracts (`settled`),
 * liquidations (`positions` `liquidated`), TP/SL closes (`positions` `closed` with `position.close_reason`
 * `take_profit`/`stop_loss`), and every other change. `ch` is the channel it came on (`orders#btcusdt`, …).
 */
export interface UserEvent {
  seq: number
  ch: string
  data: UserEventData
  /** Worker time it arrived, ms. */
  receivedAt: number
}

/**
 * What a `user.subscribe` callback receives: the whole user state held (open orders, open positions, balances,
 * newest notices first, at most 50) and the events applied since this subscriber's previous snapshot (oldest first,
 * at most 200; `eventsDropped` counts older ones left out). Snapshots are coalesced: at most one per 50 ms.
 */
export interface UserSnapshot {
  status: UserStreamStatus
  orders: UserOrder[]
  positions: UserPosition[]
  balances: UserBalance[]
  notices: UserNotice[]
  events: UserEvent[]
  eventsDropped: number
}

/**
 * REST snapshots for `user.seed` (events only carry changes). Each part given replaces what is held for it (orders
 * per kind given: e.g. `{ orders: { spot: [...] } }` leaves futures orders alone); events that arrived since the
 * previous seed are then applied again on top, so a change that raced the REST read is not lost. Items need an
 * integer `id` (orders and positions) and a `symbol`; balances decimal strings.
 */
export interface UserSeed {
  orders?: Partial<Record<UserOrderKind, Record<string, unknown>[]>>
  positions?: Record<string, unknown>[]
  balances?: Omit<UserBalance, 'seq'>[]
}

/**
 * The signed-in user's stream and state, owned by the worker (`engine.user`). Nothing of it is persisted.
 * Errors: methods reject with an Error naming the bad argument (e.g. `seed.orders.spot[0].id: …`).
 */
export interface UserApi {
  /**
   * Opens the user stream (`ws[s]://<host>:<MARKET_PORT>/ws/v2`: the market socket's host and port, or `opts`).
   * `getTicket` (a comlink proxy on the UI side) is called before every (re)connect for a fresh single-use ticket
   * (`POST user/ws_ticket`); a rejection counts as a failed connect and is retried with backoff. Subscribes
   * `orders#*`, `positions`, `accounts.update`, `notices`, resuming from the last sequence number seen.
   */
  connect(getTicket: () => Promise<string>, opts?: { url?: string; port?: number }): Promise<void>
  /** Logout: closes the stream (no reconnect) and forgets all user state; subscribers get an empty snapshot. */
  disconnect(): Promise<void>
  /** Loads REST snapshots into the state (see {@link UserSeed}); ends a `resync`. */
  seed(snapshot: UserSeed): Promise<void>
  /** Coalesced snapshots (≤ one per 50 ms, the first at once) until `unsubscribe(id)`. */
  subscribe(cb: (snap: UserSnapshot) => void): Promise<SubscriptionId>
  unsubscribe(id: SubscriptionId): Promise<void>
  status(): Promise<UserStreamStatus>
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

  /**
   * Optional (added by the worker engine): writes the last snapshots to IndexedDB now instead of at the next throttled
   * write (≤ 5 s). The UI calls it when the page hides (`visibilitychange` to hidden, `pagehide`): a hidden page may be
   * frozen or closed, and its next start may be offline (issue 24 part 9). Never rejects for a storage failure.
   */
  flush?(): Promise<void>

  /**
   * Optional (added by the worker engine): the device reported it went offline (`offline` event). The user stream is
   * dropped at once (its screens say so and fall back to REST) instead of after three missed server pings (15 s);
   * `checkLiveness` on `online` reconnects it without waiting out the backoff.
   */
  networkLost?(): Promise<void>

  /** Optional (added by the worker engine): feed and conflation counters, see {@link EngineStats}. */
  stats?(): Promise<EngineStats>

  /**
   * Optional (added by the worker engine): the signed-in user's stream, open orders, positions, balances and notices
   * ({@link UserApi}); reached over comlink as `remote.user.connect(Comlink.proxy(getTicket))`.
   */
  user?: UserApi

  /** Last tickers restored from IndexedDB (origin 'cache'), for an offline or cold start. */
  cachedTickers(): Promise<TickerSnapshot[]>
  status(): Promise<EngineStatus>
}
