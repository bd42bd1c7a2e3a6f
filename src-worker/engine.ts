/**
 * The market engine: implements EngineApi (common/engine-api.ts) on top of the socket, the caches, the coalescing
 * scheduler and the IndexedDB store. No worker globals here: index.ts supplies the socket factory and location,
 * so tests drive the same engine in Node against a real `ws` server.
 */
import { KLINE_REQ_MAX_BARS, TICKER_FREQ_MS } from '../common/constants'
import type {
  BookOptions,
  BookSnapshot,
  CandleSnapshot,
  EngineApi,
  EngineStats,
  EngineStatus,
  SubscriptionId,
  TickerOptions,
  TickerSnapshot,
  TradesOptions,
  TradesSnapshot,
} from '../common/engine-api'
import type { KlineTick } from '../common/feed/messages'
import { depthTopic, tickerTopic, type KlinePeriod } from '../common/feed/topics'
import { seriesKey } from './caches/candles'
import { MarketCaches } from './caches/market-caches'
import type { Push } from './codec/decode'
import { latestBars, latestTrades, pageBackwards, type Requester } from './history'
import { HistoryRetry } from './history-retry'
import { createInspector, type Inspector } from './inspector'
import { collectForStore } from './persist/collect'
import { LIMITS, type Restored } from './persist/records'
import { SnapshotStore } from './persist/snapshot-store'
import { Scheduler } from './publish/scheduler'
import { keyOfPush, keys } from './publish/subscriptions'
import { MarketSocket } from './socket/market-socket'
import { StallWatch } from './socket/stall-watch'
import type { MarketSocketDeps } from './socket/options'
import type { SocketFactory, SocketTiming } from './socket/types'
import { marketUrl, userStreamUrl, type LocationLike } from './socket/url'
import { UserEngine } from './user/user-engine'
import type { UserStreamTiming } from './user/user-stream'
import { DEFAULT_INTERVAL_MS, Subscriptions } from './subscribe'
import { LruList, checkCount, checkPeriod, checkSymbol } from './validate'

export interface EngineDeps {
  socketFactory: SocketFactory
  /** The worker's location (mirrors the page origin), used to derive the default URL. */
  location?: LocationLike
  timing?: Partial<SocketTiming>
  /** false: no IndexedDB (tests); a number: write interval, ms. Default: every 5 s. */
  persist?: boolean | number
  now?: () => number
  /** Monotonic ms clock for the inbound queue's slice budget (worker: performance.now). Default `now`. */
  clock?: () => number
  /** Inbound queue knobs (socket/inbound-queue.ts); tests inject `defer` and small thresholds. */
  inbound?: MarketSocketDeps['inbound']
  random?: () => number
  log?: Pick<Console, 'warn'>
  /** Frees a callback proxy (comlink's releaseProxy) when its subscription ends. */
  releaseCallback?: (cb: unknown) => void
  /** User stream timing (src-worker/user/user-stream.ts); tests shorten it. */
  userTiming?: Partial<UserStreamTiming>
  /** First wait before fetching a series' history again after a failed `req`, ms (grows, jittered, to 30 s). Default 1000. */
  historyRetryMs?: number
}

/** EngineApi plus what index.ts and tests need. */
export interface Engine extends EngineApi {
  /** Immediate liveness check (page visible again, network back). Added to EngineApi as an optional method. */
  checkLiveness(): Promise<void>
  /** The device went offline: the user stream drops at once. Added to EngineApi as an optional method. */
  networkLost(): Promise<void>
}

/** Defaults: levels per side in book snapshots (EngineApi BookOptions), trades per snapshot. */
const BOOK_DEPTH = 20
const TRADES_LIMIT = 50

/** The engine. A class so comlink can expose it as is; every public method is part of EngineApi. */
export class MarketEngine implements Engine {
  readonly inspector: Inspector
  /** The signed-in user's stream and state (UserApi); comlink reaches it as `remote.user.…`. */
  readonly user: UserEngine
  private readonly now: () => number
  private readonly log: Pick<Console, 'warn'>
  private readonly caches = new MarketCaches()
  private readonly scheduler: Scheduler
  private readonly socket: MarketSocket
  private readonly store: SnapshotStore | undefined
  private readonly subs: Subscriptions
  private readonly stalls: StallWatch
  private readonly viewedBooks = new LruList<string>(LIMITS.books)
  private readonly viewedSeries = new LruList<string>(LIMITS.candles)
  private readonly viewedTrades = new LruList<string>(LIMITS.trades)
  /** Cache keys (`keys.*`) whose live data was already handed to the store: later changes wait for the throttle. */
  private readonly firstSeen = new Set<string>()
  /** Candle series whose latest history was fetched on the current socket. */
  private readonly primed = new Set<string>()
  private readonly historyRetry: HistoryRetry
  private readonly restored: Promise<Restored | undefined>
  private stallTimer: ReturnType<typeof setInterval> | undefined
  /** Pushes the caches refused as older than what they hold, by channel. */
  private readonly stale = { depth: 0, ticker: 0 }
  private readonly request: Requester = (topic, params) => this.socket.request(topic, params)

  constructor(private readonly deps: EngineDeps) {
    this.now = deps.now ?? Date.now
    this.log = deps.log ?? console
    this.scheduler = new Scheduler(this.now, (e) => this.log.warn('snapshot delivery failed', e))
    this.stalls = new StallWatch(this.now)
    this.historyRetry = new HistoryRetry(deps.historyRetryMs)
    this.socket = new MarketSocket({
      factory: deps.socketFactory,
      timing: deps.timing,
      now: this.now,
      clock: deps.clock,
      inbound: deps.inbound,
      random: deps.random,
      log: this.log,
      onPush: (p, at) => this.onPush(p, at),
      onOpen: () => this.onOpen(),
      onChange: () => this.scheduler.markDirty(keys.status),
    })
    this.user = new UserEngine({
      factory: deps.socketFactory,
      resolveUrl: (opts) => this.userUrl(opts),
      timing: deps.userTiming,
      now: this.now,
      random: deps.random,
      log: this.log,
      releaseCallback: deps.releaseCallback,
    })
    const status = () => this.statusNow()
    this.subs = new Subscriptions({
      caches: this.caches,
      scheduler: this.scheduler,
      socket: this.socket,
      status,
      releaseCallback: deps.releaseCallback,
    })
    this.store =
      deps.persist === false
        ? undefined
        : new SnapshotStore(
            () =>
              collectForStore(
                this.caches,
                this.viewedBooks.items(),
                this.viewedSeries.items(),
                this.viewedTrades.items(),
              ),
            typeof deps.persist === 'number' ? deps.persist : undefined,
            this.log,
          )
    this.restored = this.store
      ? this.store
          .load()
          .then((r) => this.restoreTrades(this.subs.applyRestored(r, this.viewedBooks, this.viewedSeries)))
      : Promise.resolve(undefined)
    this.inspector = createInspector({
      caches: this.caches,
      scheduler: this.scheduler,
      socket: this.socket,
      status,
      stats: () => this.statsNow(),
      store: this.store,
      stalls: this.stalls,
      user: this.user,
    })
  }

  /** `/ws/v2` on the market socket's host and port unless `opts` say otherwise (common/api/stream.ts). */
  private userUrl(opts?: { url?: string; port?: number }): string {
    if (opts?.url === undefined && opts?.port === undefined && this.socket.url) return userStreamUrl(this.socket.url)
    return userStreamUrl(marketUrl(this.deps.location, opts))
  }

  async connect(opts?: { url?: string; port?: number }): Promise<void> {
    this.socket.connect(marketUrl(this.deps.location, opts))
    this.stallTimer ??= setInterval(() => this.checkStalls(), 5000)
  }

  async close(): Promise<void> {
    clearInterval(this.stallTimer)
    this.stallTimer = undefined
    this.historyRetry.clear()
    this.socket.close()
    await this.store?.flush()
  }

  /** Writes what changed to IndexedDB now (the page is hiding: it may not come back online). */
  async flush(): Promise<void> {
    await this.store?.flush()
  }

  async checkLiveness(): Promise<void> {
    this.socket.checkLiveness()
    this.user.checkLiveness()
  }

  async networkLost(): Promise<void> {
    this.user.networkLost()
  }

  async subscribeTickers(
    symbols: string[],
    cb: (s: TickerSnapshot[]) => void,
    opts?: TickerOptions,
  ): Promise<SubscriptionId> {
    return this.subs.tickers(symbols, cb, opts?.intervalMs ?? TICKER_FREQ_MS)
  }

  async subscribeBook(symbol: string, cb: (s: BookSnapshot) => void, opts?: BookOptions): Promise<SubscriptionId> {
    const id = this.subs.book(symbol, cb, opts?.depth ?? BOOK_DEPTH, opts?.intervalMs ?? DEFAULT_INTERVAL_MS)
    this.viewedBooks.touch(symbol)
    return id
  }

  /** Also fetches the latest ≤ 300 bars when connected, so the first snapshot is a full chart. */
  async subscribeCandles(
    symbol: string,
    period: KlinePeriod,
    cb: (s: CandleSnapshot) => void,
  ): Promise<SubscriptionId> {
    const id = this.subs.candles(symbol, period, cb)
    this.viewedSeries.touch(seriesKey(symbol, period))
    this.primeCandles(symbol, period)
    return id
  }

  async subscribeTrades(
    symbol: string,
    cb: (s: TradesSnapshot) => void,
    opts?: TradesOptions,
  ): Promise<SubscriptionId> {
    const id = this.subs.trades(symbol, cb, opts?.limit ?? TRADES_LIMIT, opts?.intervalMs ?? DEFAULT_INTERVAL_MS)
    this.viewedTrades.touch(symbol)
    this.primeTrades(symbol)
    return id
  }

  async subscribeStatus(cb: (s: EngineStatus) => void): Promise<SubscriptionId> {
    return this.subs.status(cb)
  }

  async unsubscribe(id: SubscriptionId): Promise<void> {
    this.subs.remove(id)
  }

  async loadHistory(
    symbol: string,
    period: KlinePeriod,
    beforeId: number,
    count = KLINE_REQ_MAX_BARS,
  ): Promise<KlineTick[]> {
    checkSymbol(symbol)
    checkPeriod(period)
    if (typeof beforeId !== 'number' || !Number.isFinite(beforeId))
      throw new Error(`beforeId: expected epoch seconds, got ${beforeId}`)
    checkCount(count)
    return pageBackwards(this.request, symbol, period, beforeId, count, (page) => this.mergeBars(symbol, period, page))
  }

  async cachedTickers(): Promise<TickerSnapshot[]> {
    return (await this.restored)?.tickers ?? []
  }

  async status(): Promise<EngineStatus> {
    return this.statusNow()
  }

  async stats(): Promise<EngineStats> {
    return this.statsNow()
  }

  private statsNow(): EngineStats {
    const c = this.socket.counters
    const q = this.socket.inbound.counters
    return {
      frames: c.frames,
      decoded: q.decoded,
      decodeErrors: c.decodeErrors,
      conflated: { ...q.conflated },
      dropped: {
        trades: q.tradesTrimmed,
        overflow: q.overflow,
        staleDepth: this.stale.depth,
        staleTicker: this.stale.ticker,
      },
      queued: q.queued,
      maxQueued: q.maxQueued,
      maxQueueWaitMs: Math.round(q.maxWaitMs),
      snapshotsDelivered: this.scheduler.delivered,
      maxTimerLateMs: Math.round(this.scheduler.maxLateMs),
    }
  }

  private statusNow(): EngineStatus {
    const { socket } = this
    return {
      url: socket.url,
      connected: socket.connected,
      lastFrameAt: socket.counters.lastFrameAt,
      reconnects: socket.counters.reconnects,
      framesPerSec: socket.framesPerSec(),
      decodeErrors: socket.counters.decodeErrors,
      topics: socket.topics.names(),
    }
  }

  private onPush(p: Push, receivedAt: number): void {
    if (p.channel === 'ticker') this.stalls.seen(tickerTopic(p.symbol))
    else if (p.channel === 'depth') this.stalls.seen(depthTopic(p.symbol))
    if (!this.caches.apply(p, receivedAt)) {
      if (p.channel === 'depth' || p.channel === 'ticker') this.stale[p.channel]++
      return
    }
    const key = keyOfPush(p)
    this.scheduler.markDirty(key)
    this.persist(key)
  }

  /** Tells the store `key` changed: at once-ish the first time (nothing stored holds it yet), else throttled. */
  private persist(key: string): void {
    if (!this.store) return
    const first = !this.firstSeen.has(key)
    if (first) this.firstSeen.add(key)
    this.store.markDirty(first)
  }

  private onOpen(): void {
    this.stalls.reset()
    this.caches.allowAnyNext()
    this.primed.clear()
    this.historyRetry.clear()
    for (const { symbol, period } of this.subs.candleSeries()) this.primeCandles(symbol, period)
    for (const symbol of this.subs.tradeSymbols()) this.primeTrades(symbol)
  }

  private checkStalls(): void {
    if (!this.socket.connected) return
    for (const topic of this.stalls.stalled(this.socket.topics.live())) this.socket.resubscribe(topic)
  }

  /** Latest bars after (re)connecting: fills the gap while offline and replaces bars restored from IndexedDB. */
  private primeCandles(symbol: string, period: KlinePeriod): void {
    const key = seriesKey(symbol, period)
    if (!this.socket.connected || this.primed.has(key)) return
    this.primed.add(key)
    latestBars(this.request, symbol, period, this.now() / 1000).then(
      (bars) => {
        this.historyRetry.succeeded(key)
        this.mergeBars(symbol, period, bars)
      },
      (err: unknown) => {
        this.primed.delete(key)
        const wait = this.historyRetry.schedule(key, () => {
          if (this.subs.candleSeries().some((s) => s.symbol === symbol && s.period === period))
            this.primeCandles(symbol, period)
        })
        this.log.warn(`kline history ${key} failed; again in ${wait} ms`, err)
      },
    )
  }

  private primeTrades(symbol: string): void {
    if (!this.socket.connected) return
    latestTrades(this.request, symbol).then(
      (trades) => {
        if (!this.caches.trades.apply(symbol, trades, this.now())) return
        this.scheduler.markDirty(keys.trades(symbol))
        this.persist(keys.trades(symbol))
      },
      () => undefined, // optional on our gateway; live pushes fill the list anyway
    )
  }

  /** Puts stored trade lists into the cache (where nothing live is held yet) and tells their subscribers. */
  private restoreTrades(r: Restored): Restored {
    for (const t of r.trades) {
      this.viewedTrades.append(t.symbol)
      if (this.caches.trades.restore(t.symbol, t.trades, t.receivedAt)) this.scheduler.markDirty(keys.trades(t.symbol))
    }
    return r
  }

  /** Merges live history; bars restored from IndexedDB give way to it. */
  private mergeBars(symbol: string, period: KlinePeriod, bars: KlineTick[]): void {
    this.caches.candles.applyLive(symbol, period, bars, this.now(), true)
    const key = keys.candles(symbol, period)
    this.scheduler.markDirty(key)
    this.persist(key)
  }
}

/** Builds an engine and its devtools inspector; nothing connects until `connect` is called. */
export function createEngine(deps: EngineDeps): { engine: MarketEngine; inspector: Inspector } {
  const engine = new MarketEngine(deps)
  return { engine, inspector: engine.inspector }
}
