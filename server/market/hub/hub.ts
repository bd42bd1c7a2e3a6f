/**
 * The hub: per-symbol market state fed by the active source's domain events (MarketEvent). It aggregates 1min bars
 * into every period, keeps the rolling 24 h ticker, the book and recent trades, answers `req` history, and hands
 * every change to the gateway (as topic pushes) and to `onEvent` listeners (as domain events).
 */
import type { DepthTick, KlineTick, TradeDetailTick, TradeItem } from '../../../common/feed/messages'
import {
  KLINE_PERIODS,
  type KlinePeriod,
  type Topic,
  depthTopic,
  klineTopic,
  tickerTopic,
  tradeTopic,
} from '../../../common/feed/topics'
import { KLINE_REQ_MAX_BARS, TRADE_REQ_MAX } from '../../../common/constants'
import type { MarketEvent } from '../types'
import type { HistoryProvider, SourceSink, SymbolSpec } from '../sources/source'
import { joinEarlier } from './earlier-days'
import { SymbolState } from './symbol-state'

/** Receiver of topic pushes (the gateway). `wants` lets the hub skip building frames nobody subscribed to. */
export interface PushSink {
  wants(topic: string): boolean
  push(topic: string, ts: number, tick: unknown): void
}

/** A `req` the hub cannot answer; the message becomes the error reply's `err-msg`. */
export class RequestError extends Error {}

export interface HubOptions {
  tickerFromBars: boolean
  history?: HistoryProvider
  log?: (msg: string) => void
}

export class Hub implements SourceSink {
  private readonly symbols = new Map<string, SymbolState>()
  /** Event time (epoch ms) of each symbol's latest ticker, for values priced "as of" it. */
  private readonly tickerAt = new Map<string, number>()
  private readonly sinks = new Set<PushSink>()
  private readonly listeners = new Set<(e: MarketEvent) => void>()

  constructor(
    specs: readonly SymbolSpec[],
    private readonly opts: HubOptions,
  ) {
    for (const spec of specs) {
      const state = new SymbolState(spec)
      // Without an upstream to seed from, every coarser bar is built here from the 1min bars.
      if (!opts.history) for (const p of KLINE_PERIODS) state.seeded.add(p)
      state.seeded.add('1min')
      this.symbols.set(spec.symbol, state)
    }
  }

  /** True when the active source lists `symbol`. */
  hasSymbol(symbol: string): boolean {
    return this.symbols.has(symbol)
  }

  /** The state held for a symbol (tests and diagnostics). */
  state(symbol: string): SymbolState | undefined {
    return this.symbols.get(symbol)
  }

  /** Adds a push receiver; returns its removal. */
  attach(sink: PushSink): () => void {
    this.sinks.add(sink)
    return () => this.sinks.delete(sink)
  }

  /** Adds a domain-event listener; returns its removal. */
  onEvent(listener: (e: MarketEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  history(symbol: string, bars: KlineTick[]): void {
    const s = this.symbols.get(symbol)
    if (!s) return
    if (s.series.load(bars)) s.rolling.reload()
    else for (const bar of bars) s.rolling.update(s.series.upsert(bar).delta)
    if (!this.opts.history) s.refreshTicker()
  }

  earlierBars(symbol: string, period: KlinePeriod, bars: KlineTick[]): void {
    this.symbols.get(symbol)?.earlier.set(period, bars)
  }

  seedPeriod(symbol: string, period: KlinePeriod, bar: KlineTick, minuteThen: KlineTick | undefined): void {
    const s = this.symbols.get(symbol)
    if (!s) return
    s.series.seed(period, bar, minuteThen)
    s.seeded.add(period)
  }

  recentTrades(symbol: string, trades: TradeItem[]): void {
    this.symbols.get(symbol)?.addTrades(trades)
  }

  event(e: MarketEvent): void {
    const s = this.symbols.get(e.symbol)
    if (!s) return
    if (e.type === 'candle') this.onCandle(s, e.symbol, e.ts, e.bar)
    else if (e.type === 'trades') {
      s.addTrades(e.trades)
      const first = e.trades[0]
      const tick: TradeDetailTick = { id: first ? first.tradeId : e.ts, ts: e.ts, data: e.trades }
      this.push(tradeTopic(e.symbol), e.ts, tick)
    } else if (e.type === 'book') {
      s.book = e.tick
      s.bookRecorded = e.recorded
      this.push(depthTopic(e.symbol), e.ts, e.tick)
    } else {
      s.ticker = e.tick
      const ts = this.tickerTs(e.symbol, e.ts)
      this.push(tickerTopic(e.symbol), ts, e.tick)
      this.emit(ts === e.ts ? e : { ...e, ts })
      return
    }
    this.emit(e)
    if (this.opts.tickerFromBars && e.type !== 'trades') this.emitTicker(s, e.symbol, e.ts)
  }

  /** Latest ticker of a symbol. */
  lastTicker(symbol: string) {
    return this.symbols.get(symbol)?.ticker
  }

  /** The latest book of a symbol (its `ts` the event time, ms) and whether it was recorded; undefined before one. */
  lastBook(symbol: string): { tick: DepthTick; recorded: boolean | undefined } | undefined {
    const s = this.symbols.get(symbol)
    return s?.book ? { tick: s.book, recorded: s.bookRecorded } : undefined
  }

  /** Event time (epoch ms) of the latest ticker of a symbol. */
  lastTickerAt(symbol: string): number | undefined {
    return this.tickerAt.get(symbol)
  }

  /**
   * Answers a `req`: kline → ≤ 300 bars ascending (`from`/`to` epoch seconds: both → the last 300 of [from, to];
   * only `to` → the 300 ending at `to`; otherwise the latest 300), trade → latest ≤ 300 trades newest first,
   * depth → the book snapshot, ticker → the latest ticker. Throws RequestError when there is nothing to answer.
   */
  async request(topic: Topic, from?: number, to?: number): Promise<unknown> {
    const s = this.symbols.get(topic.symbol)
    if (!s) throw new RequestError(`invalid symbol ${topic.symbol}`)
    if (topic.channel === 'kline') {
      if (this.opts.history) return this.opts.history(topic.symbol, topic.period, from, to)
      const lo = from !== undefined && to !== undefined ? from : -Infinity
      const recent = s.series.range(topic.period, lo, to ?? Infinity, KLINE_REQ_MAX_BARS)
      const earlier = s.earlier.get(topic.period)
      if (!earlier) return recent
      const first = s.series.first(topic.period)
      return joinEarlier(earlier, recent, first, lo, to ?? Infinity, KLINE_REQ_MAX_BARS, s.precision)
    }
    if (topic.channel === 'trade') return s.latestTrades(TRADE_REQ_MAX)
    if (topic.channel === 'depth') return s.book ?? emptyBook()
    if (!s.ticker) throw new RequestError(`no data yet for market.${topic.symbol}.ticker`)
    return s.ticker
  }

  private onCandle(s: SymbolState, symbol: string, ts: number, bar: KlineTick): void {
    const { delta } = s.series.upsert(bar)
    s.rolling.update(delta)
    for (const period of KLINE_PERIODS) {
      const topic = klineTopic(symbol, period)
      if (!s.seeded.has(period) || !this.wanted(topic)) continue
      const tick = period === '1min' ? bar : s.series.current(period)
      if (tick) this.push(topic, ts, tick)
    }
  }

  private emitTicker(s: SymbolState, symbol: string, ts: number): void {
    const tick = s.refreshTicker()
    if (!tick) return
    const at = this.tickerTs(symbol, ts)
    this.push(tickerTopic(symbol), at, tick)
    this.emit({ type: 'ticker', symbol, ts: at, tick })
  }

  /**
   * The event time a symbol's next ticker carries (epoch ms), recorded as its latest: `ts`, or the previous ticker's
   * when `ts` is older. A symbol's tickers never go back in time, so "the first price at or after" a moment is the
   * same in the order they are sent and by their times: a source whose events are stamped by different clocks (a
   * replay's bar ticks and its books at the wall clock) could otherwise send a ticker stamped before one already
   * sent, a price that clients saw second but second contracts (price-tape.ts) would take as the earlier one.
   */
  private tickerTs(symbol: string, ts: number): number {
    const last = this.tickerAt.get(symbol)
    const at = last !== undefined && ts < last ? last : ts
    this.tickerAt.set(symbol, at)
    return at
  }

  private wanted(topic: string): boolean {
    for (const sink of this.sinks) if (sink.wants(topic)) return true
    return false
  }

  private push(topic: string, ts: number, tick: unknown): void {
    for (const sink of this.sinks) if (sink.wants(topic)) sink.push(topic, ts, tick)
  }

  private emit(e: MarketEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(e)
      } catch (err) {
        this.opts.log?.(`market event listener failed: ${(err as Error).message}`)
      }
    }
  }
}

function emptyBook(): DepthTick {
  return { bids: [], asks: [], version: 0, ts: Date.now() }
}
