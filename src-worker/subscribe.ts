/**
 * UI subscriptions: each one holds references on the feed topics it needs (shared through the topic registry) and
 * a publishable in the scheduler. Removing it releases both, and frees the comlink callback proxy.
 */
import type {
  BookSnapshot,
  CandleSnapshot,
  EngineStatus,
  SubscriptionId,
  TickerSnapshot,
  TradesSnapshot,
} from '../common/engine-api'
import { depthTopic, klineTopic, tickerTopic, tradeTopic, type KlinePeriod } from '../common/feed/topics'
import type { MarketCaches } from './caches/market-caches'
import type { Restored } from './persist/records'
import type { Publishable, Scheduler } from './publish/scheduler'
import {
  BookSubscription,
  CandleSubscription,
  keys,
  StatusSubscription,
  TickerSubscription,
  TradesSubscription,
} from './publish/subscriptions'
import type { MarketSocket } from './socket/market-socket'
import { checkCount, checkInterval, checkPeriod, checkSymbol, type LruList } from './validate'

/** Default snapshot interval for books, trades and candles, ms. */
export const DEFAULT_INTERVAL_MS = 100
/** Status snapshots: counters refresh once a second; connect/disconnect shows within this interval, ms. */
const STATUS_INTERVAL_MS = 250

interface Entry {
  pub: Publishable
  topics: { topic: string; freq?: number }[]
  cb: unknown
  kind: 'tickers' | 'book' | 'candles' | 'trades' | 'status'
  symbol?: string
  period?: KlinePeriod
}

export interface SubscriptionsDeps {
  caches: MarketCaches
  scheduler: Scheduler
  socket: MarketSocket
  status: () => EngineStatus
  releaseCallback?: (cb: unknown) => void
}

export class Subscriptions {
  private seq = 0
  private readonly entries = new Map<SubscriptionId, Entry>()
  private statusTimer: ReturnType<typeof setInterval> | undefined

  constructor(private readonly d: SubscriptionsDeps) {}

  tickers(symbols: string[], cb: (s: TickerSnapshot[]) => void, intervalMs: number): SubscriptionId {
    if (!Array.isArray(symbols)) throw new Error('symbols: expected an array of market symbols')
    const unique = [...new Set(symbols.map((s) => checkSymbol(s, 'symbols')))]
    const freq = checkInterval(intervalMs)
    const id = ++this.seq
    const pub = new TickerSubscription(id, freq, cb, unique, this.d.caches.tickers)
    return this.add({ pub, cb, kind: 'tickers', topics: unique.map((s) => ({ topic: tickerTopic(s), freq })) })
  }

  book(symbol: string, cb: (s: BookSnapshot) => void, depth: number, intervalMs: number): SubscriptionId {
    checkSymbol(symbol)
    const pub = new BookSubscription(
      ++this.seq,
      checkInterval(intervalMs),
      cb,
      symbol,
      checkCount(depth, 'depth', 400),
      this.d.caches.books,
    )
    return this.add({ pub, cb, kind: 'book', symbol, topics: [{ topic: depthTopic(symbol) }] })
  }

  candles(symbol: string, period: KlinePeriod, cb: (s: CandleSnapshot) => void): SubscriptionId {
    checkSymbol(symbol)
    checkPeriod(period)
    const pub = new CandleSubscription(++this.seq, DEFAULT_INTERVAL_MS, cb, symbol, period, this.d.caches.candles)
    return this.add({ pub, cb, kind: 'candles', symbol, period, topics: [{ topic: klineTopic(symbol, period) }] })
  }

  trades(symbol: string, cb: (s: TradesSnapshot) => void, limit: number, intervalMs: number): SubscriptionId {
    checkSymbol(symbol)
    const pub = new TradesSubscription(
      ++this.seq,
      checkInterval(intervalMs),
      cb,
      symbol,
      checkCount(limit, 'limit', 200),
      this.d.caches.trades,
    )
    return this.add({ pub, cb, kind: 'trades', symbol, topics: [{ topic: tradeTopic(symbol) }] })
  }

  status(cb: (s: EngineStatus) => void): SubscriptionId {
    const pub = new StatusSubscription(++this.seq, STATUS_INTERVAL_MS, cb, this.d.status)
    this.statusTimer ??= setInterval(() => this.d.scheduler.markDirty(keys.status), 1000)
    return this.add({ pub, cb, kind: 'status', topics: [] })
  }

  /** Ends a subscription; unknown ids are ignored. */
  remove(id: SubscriptionId): void {
    const e = this.entries.get(id)
    if (!e) return
    this.entries.delete(id)
    this.d.scheduler.remove(id)
    for (const t of e.topics) this.d.socket.release(t.topic, t.freq)
    if (e.kind === 'status' && !this.list().some((x) => x.kind === 'status')) {
      clearInterval(this.statusTimer)
      this.statusTimer = undefined
    }
    try {
      this.d.releaseCallback?.(e.cb)
    } catch {
      // The UI side may already be gone.
    }
  }

  /** Distinct candle series with subscribers. */
  candleSeries(): { symbol: string; period: KlinePeriod }[] {
    const seen = new Map<string, { symbol: string; period: KlinePeriod }>()
    for (const e of this.entries.values()) {
      if (e.kind === 'candles') seen.set(`${e.symbol}|${e.period}`, { symbol: e.symbol!, period: e.period! })
    }
    return [...seen.values()]
  }

  tradeSymbols(): string[] {
    return [
      ...new Set(
        this.list()
          .filter((e) => e.kind === 'trades')
          .map((e) => e.symbol!),
      ),
    ]
  }

  list(): Entry[] {
    return [...this.entries.values()]
  }

  /** Puts IndexedDB data into the caches (where nothing live is held yet) and tells subscribers. */
  applyRestored(r: Restored, books: LruList<string>, series: LruList<string>): Restored {
    const { caches, scheduler } = this.d
    for (const t of r.tickers) if (caches.tickers.restore(t)) scheduler.markDirty(keys.ticker(t.symbol))
    for (const { symbol, ...b } of r.books) {
      books.append(symbol)
      if (caches.books.restore(symbol, b)) scheduler.markDirty(keys.book(symbol))
    }
    for (const c of r.candles) {
      series.append(`${c.symbol}|${c.period}`)
      if (caches.candles.restore(c.symbol, c.period, c.bars, c.receivedAt))
        scheduler.markDirty(keys.candles(c.symbol, c.period))
    }
    return r
  }

  private add(e: Entry): SubscriptionId {
    this.entries.set(e.pub.id, e)
    for (const t of e.topics) this.d.socket.acquire(t.topic, t.freq)
    this.d.scheduler.add(e.pub)
    return e.pub.id
  }
}
