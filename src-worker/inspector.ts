/**
 * `self.engine` in the worker's devtools console: live views of the counters, subscriptions and caches. Every
 * property is a getter, so typing `engine.counters` shows the current values. See src-worker/README.md.
 */
import type { EngineStats, EngineStatus } from '../common/engine-api'
import type { MarketCaches } from './caches/market-caches'
import type { SnapshotStore } from './persist/snapshot-store'
import type { Scheduler } from './publish/scheduler'
import type { MarketSocket } from './socket/market-socket'
import type { StallWatch } from './socket/stall-watch'
import type { UserEngine } from './user/user-engine'

export interface Inspector {
  readonly counters: Record<string, unknown>
  readonly subscriptions: Record<string, unknown>[]
  readonly topics: Record<string, number>
  readonly caches: Record<string, unknown>
  /**
   * The user stream: status (state, lastSeq, counters, bad frames by reason), sizes, the held open orders,
   * positions, balances and notices (in memory only), and `recent`: the last 50 applied events (seq, channel, event)
   * in the order applied.
   */
  readonly user: Record<string, unknown>
  /** The EngineStatus the UI receives. */
  status(): EngineStatus
  /** Ticker, book (top 5 levels), candle (last 5 bars) or trades (newest 5) of one symbol. */
  show(symbol: string): Record<string, unknown>
}

export function createInspector(d: {
  caches: MarketCaches
  scheduler: Scheduler
  socket: MarketSocket
  status: () => EngineStatus
  stats: () => EngineStats
  store: SnapshotStore | undefined
  stalls: StallWatch
  user: UserEngine
}): Inspector {
  const { caches, scheduler, socket } = d
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
  return {
    get counters() {
      const c = socket.counters
      return {
        connected: socket.connected,
        url: socket.url,
        lastFrameAt: iso(c.lastFrameAt),
        reconnects: c.reconnects,
        framesPerSec: socket.framesPerSec(),
        decodeErrorsBy: { ...c.decodeErrorsBy },
        sent: c.sent,
        lastError: c.lastError,
        persistWrites: d.store?.writes ?? 0,
        stalledTopicResubs: d.stalls.resubscribed,
        // Overload (issue 9): what was decoded, conflated or dropped, and how far behind the engine ran.
        ...d.stats(),
      }
    },
    get subscriptions() {
      return scheduler.subscriptions().map((s) => ({ id: s.id, kind: s.kind, keys: s.keys, intervalMs: s.intervalMs }))
    },
    get topics() {
      return Object.fromEntries(socket.topics.names().map((t) => [t, socket.topics.refCount(t)]))
    },
    get caches() {
      const books = caches.books.symbols().map((s) => {
        const b = caches.books.get(s)!
        return [
          s,
          {
            bestBid: b.bids[0],
            bestAsk: b.asks[0],
            levels: [b.bids.length, b.asks.length],
            version: b.version,
            origin: b.origin,
            ageMs: Date.now() - b.receivedAt,
          },
        ] as const
      })
      const candles = caches.candles
        .all()
        .map(
          (e) =>
            [
              `${e.symbol} ${e.period}`,
              { bars: e.series.length, firstId: e.series.firstId(), lastId: e.series.lastId(), origin: e.origin },
            ] as const,
        )
      return {
        tickers: Object.fromEntries(
          caches.tickers
            .all()
            .map((t) => [t.symbol, { close: t.close, origin: t.origin, ageMs: Date.now() - t.receivedAt }]),
        ),
        books: Object.fromEntries(books),
        candles: Object.fromEntries(candles),
        trades: Object.fromEntries(caches.trades.symbols().map((s) => [s, caches.trades.count(s)])),
      }
    },
    get user() {
      const u = d.user
      return {
        status: u.stream.status(),
        url: u.stream.url,
        badFramesBy: u.stream.badFramesBy(),
        holesSkipped: u.stream.seqs.holesSkipped,
        sizes: u.cache.sizes(),
        subscriptions: u.subscriptions().map((s) => ({ id: s.id, intervalMs: s.intervalMs })),
        recent: u.cache.recent(),
        ...u.cache.view(),
      }
    },
    status: d.status,
    show(symbol) {
      const series = caches.candles.all().filter((e) => e.symbol === symbol)
      return {
        ticker: caches.tickers.get(symbol),
        book: caches.books.snapshot(symbol, 5),
        candles: Object.fromEntries(series.map((e) => [e.period, e.series.bars(5)])),
        trades: caches.trades.latest(symbol, 5),
      }
    },
  }
}
