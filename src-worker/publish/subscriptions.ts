/**
 * The four snapshot kinds the UI can subscribe to (plus status), each building plain objects from the caches.
 * Nothing here posts raw feed messages: tickers send the symbols that changed, books a trimmed copy, candles the
 * whole series once and then the changed bars, trades the newest `limit`.
 */
import type {
  BookSnapshot,
  CandleSnapshot,
  EngineStatus,
  TickerSnapshot,
  TradesSnapshot,
} from '../../common/engine-api'
import type { KlinePeriod } from '../../common/feed/topics'
import type { CandleCache } from '../caches/candles'
import type { OrderBookCache } from '../caches/order-book'
import type { TickerCache } from '../caches/tickers'
import type { TradeCache } from '../caches/trades'
import type { Push } from '../codec/decode'
import type { Publishable } from './scheduler'

/** Dirty keys, one per cache entry. */
export const keys = {
  ticker: (symbol: string) => `ticker:${symbol}`,
  book: (symbol: string) => `book:${symbol}`,
  candles: (symbol: string, period: KlinePeriod) => `candles:${symbol}|${period}`,
  trades: (symbol: string) => `trades:${symbol}`,
  status: 'status',
} as const

/** The dirty key of the cache entry a feed push changes. */
export function keyOfPush(p: Push): string {
  if (p.channel === 'ticker') return keys.ticker(p.symbol)
  if (p.channel === 'depth') return keys.book(p.symbol)
  if (p.channel === 'trade') return keys.trades(p.symbol)
  return keys.candles(p.symbol, p.period)
}

type Deliver<T> = (snap: T) => unknown

abstract class Base<T> implements Publishable {
  abstract readonly keys: readonly string[]
  /** For the devtools inspector (class names do not survive minification). */
  abstract readonly kind: string
  constructor(
    readonly id: number,
    readonly intervalMs: number,
    readonly deliver: Deliver<T>,
  ) {}
  touch(_key: string): void {}
  firstFill(): boolean {
    return false
  }
  abstract build(): T | undefined
}

export class TickerSubscription extends Base<TickerSnapshot[]> {
  readonly kind = 'tickers'
  readonly keys: string[]
  private readonly changed: Set<string>
  /** Symbols already delivered with live data: later changes wait for the interval, first ones do not. */
  private readonly deliveredLive = new Set<string>()
  constructor(
    id: number,
    intervalMs: number,
    cb: Deliver<TickerSnapshot[]>,
    readonly symbols: string[],
    private readonly cache: TickerCache,
  ) {
    super(id, intervalMs, cb)
    this.keys = symbols.map(keys.ticker)
    this.changed = new Set(symbols)
  }
  override touch(key: string): void {
    this.changed.add(key.slice('ticker:'.length))
  }
  /** A list fills within a frame or two instead of one row per interval: any symbol not yet shown live is urgent. */
  override firstFill(): boolean {
    for (const s of this.changed) if (!this.deliveredLive.has(s)) return true
    return false
  }
  build(): TickerSnapshot[] | undefined {
    const out: TickerSnapshot[] = []
    for (const s of this.changed) {
      const t = this.cache.get(s)
      if (!t) continue
      out.push(t)
      if (t.origin === 'live') this.deliveredLive.add(s)
    }
    this.changed.clear()
    return out.length ? out : undefined
  }
}

export class BookSubscription extends Base<BookSnapshot> {
  readonly kind = 'book'
  readonly keys: string[]
  constructor(
    id: number,
    intervalMs: number,
    cb: Deliver<BookSnapshot>,
    readonly symbol: string,
    readonly depth: number,
    private readonly cache: OrderBookCache,
  ) {
    super(id, intervalMs, cb)
    this.keys = [keys.book(symbol)]
  }
  build(): BookSnapshot | undefined {
    return this.cache.snapshot(this.symbol, this.depth)
  }
}

export class CandleSubscription extends Base<CandleSnapshot> {
  readonly kind = 'candles'
  readonly keys: string[]
  /** Series seq already delivered; -1 = nothing yet (next snapshot is a reset). */
  private sentSeq = -1
  constructor(
    id: number,
    intervalMs: number,
    cb: Deliver<CandleSnapshot>,
    readonly symbol: string,
    readonly period: KlinePeriod,
    private readonly cache: CandleCache,
  ) {
    super(id, intervalMs, cb)
    this.keys = [keys.candles(symbol, period)]
  }
  build(): CandleSnapshot | undefined {
    const e = this.cache.get(this.symbol, this.period)
    if (!e || e.series.seq === this.sentSeq) return undefined
    const reset = this.sentSeq < 0 || e.series.resetSeq > this.sentSeq
    const bars = reset ? e.series.bars() : e.series.changedSince(this.sentSeq)
    this.sentSeq = e.series.seq
    if (!reset && bars.length === 0) return undefined
    return { symbol: this.symbol, period: this.period, reset, bars, receivedAt: e.receivedAt, origin: e.origin }
  }
}

export class TradesSubscription extends Base<TradesSnapshot> {
  readonly kind = 'trades'
  readonly keys: string[]
  constructor(
    id: number,
    intervalMs: number,
    cb: Deliver<TradesSnapshot>,
    readonly symbol: string,
    readonly limit: number,
    private readonly cache: TradeCache,
  ) {
    super(id, intervalMs, cb)
    this.keys = [keys.trades(symbol)]
  }
  build(): TradesSnapshot | undefined {
    const l = this.cache.latest(this.symbol, this.limit)
    return l ? { symbol: this.symbol, ...l } : undefined
  }
}

export class StatusSubscription extends Base<EngineStatus> {
  readonly kind = 'status'
  readonly keys = [keys.status]
  constructor(
    id: number,
    intervalMs: number,
    cb: Deliver<EngineStatus>,
    private readonly status: () => EngineStatus,
  ) {
    super(id, intervalMs, cb)
  }
  build(): EngineStatus {
    return this.status()
  }
}
