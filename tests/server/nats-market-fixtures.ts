/**
 * Pieces of the market-over-NATS tests: a sink that logs every call (with the sequence number it carries) before
 * handing it to a real Hub, what a hub answers for a symbol (to compare two processes' hubs), a small deterministic
 * market, and a connection whose publishes the test can drop (a lost message).
 */
import type { DepthTick, KlineTick, TradeItem } from '../../common/feed/messages'
import { KLINE_PERIODS, type KlinePeriod } from '../../common/feed/topics'
import type { NatsConnection } from '../../server/bus/nats'
import type { PublishedSource } from '../../server/bus/market-publisher'
import { Hub } from '../../server/market/hub/hub'
import type { SourceSink, SymbolSpec } from '../../server/market/sources/source'
import type { MarketEvent } from '../../server/market/types'

/** One logged call: which, for which symbol, the sequence number it came with, and its arguments as JSON. */
export interface LoggedCall {
  symbol: string
  seq: number
  call: string
}

/** Logs the calls into a sink. `seqOf(symbol)` reads the number of the call being made. */
export class CallLog {
  readonly calls: LoggedCall[] = []

  sink(target: SourceSink, seqOf: (symbol: string) => number): SourceSink {
    const log = (symbol: string, name: string, args: unknown[]) =>
      this.calls.push({ symbol, seq: seqOf(symbol), call: `${name} ${JSON.stringify(args)}` })
    return {
      event: (e) => {
        log(e.symbol, 'event', [e])
        target.event(e)
      },
      history: (symbol, bars) => {
        log(symbol, 'history', [bars])
        target.history(symbol, bars)
      },
      earlierBars: (symbol, period, bars) => {
        log(symbol, 'earlierBars', [period, bars])
        target.earlierBars?.(symbol, period, bars)
      },
      seedPeriod: (symbol, period, bar, then) => {
        log(symbol, 'seedPeriod', [period, bar, then])
        target.seedPeriod?.(symbol, period, bar, then)
      },
      recentTrades: (symbol, trades) => {
        log(symbol, 'recentTrades', [trades])
        target.recentTrades?.(symbol, trades)
      },
    }
  }

  of(symbol: string): LoggedCall[] {
    return this.calls.filter((c) => c.symbol === symbol)
  }
}

/** What a hub holds of `symbol`, as a client and the engines see it. */
export async function hubView(hub: Hub, symbol: string) {
  const kline: Partial<Record<KlinePeriod, unknown>> = {}
  const state = hub.state(symbol)!
  for (const period of KLINE_PERIODS) kline[period] = state.series.current(period)
  return {
    minutes: state.series.minutes.length,
    last300: await hub.request({ channel: 'kline', symbol, period: '1min' }).catch(() => 'history from upstream'),
    current: kline,
    seeded: [...state.seeded].sort(),
    earlier: Object.fromEntries(state.earlier),
    trades: await hub.request({ channel: 'trade', symbol }),
    book: hub.lastBook(symbol),
    ticker: hub.lastTicker(symbol),
  }
}

/** A hub for `source`'s specs, as startMarket builds it. */
export function hubFor(source: Pick<PublishedSource, 'specs' | 'tickerFromBars' | 'history'>): Hub {
  return new Hub(source.specs, { tickerFromBars: source.tickerFromBars, history: source.history })
}

/** Two spot markets with the catalog's kind of precisions. */
export const SPECS: SymbolSpec[] = ['btcusdt', 'ethusdt'].map((symbol) => ({
  symbol,
  category: 'spot',
  base: symbol.slice(0, 3).toUpperCase(),
  quote: 'USDT',
  price_precision: 2,
  amount_precision: 4,
  volume_decimals: 4,
  turnover_decimals: 6,
}))

/** A source the test drives by hand (its calls go through the publisher). */
export function fakeSource(extra: Partial<PublishedSource> = {}): PublishedSource {
  return { kind: 'sim', detail: 'test', live: false, specs: SPECS, tickerFromBars: true, ...extra }
}

/** A deterministic market of one symbol: minutes from `startMinute` (s), a price walking in cents. */
export class FakeMarket {
  private minute: number
  private bar: KlineTick | undefined
  private cents = 5_000_000
  private step = 0
  private tradeId = 0
  private version = 0

  constructor(
    readonly symbol: string,
    startMinute = 1_750_000_020,
  ) {
    this.minute = startMinute - (startMinute % 60)
  }

  /** `n` closed 1min bars before the current minute, ascending. */
  history(n: number): KlineTick[] {
    return Array.from({ length: n }, (_, i) => {
      const p = (this.cents + ((i * 37) % 200) - 100) / 100
      return {
        id: this.minute - (n - i) * 60,
        open: p,
        close: p + 0.5,
        low: p - 1,
        high: p + 1,
        amount: 1.5,
        vol: 1.5 * p,
        count: 3,
      }
    })
  }

  /** The running bar moved (every 4th call opens the next minute). */
  candle(): MarketEvent {
    this.step++
    if (this.step % 4 === 0 || !this.bar) {
      if (this.bar) this.minute += 60
      const p = this.cents / 100
      this.bar = { id: this.minute, open: p, close: p, low: p, high: p, amount: 0, vol: 0, count: 0 }
    }
    this.cents += ((this.step * 7919) % 41) - 20
    const p = this.cents / 100
    const b = this.bar
    this.bar = {
      ...b,
      close: p,
      low: Math.min(b.low, p),
      high: Math.max(b.high, p),
      amount: b.amount + 0.25,
      vol: b.vol + 0.25 * p,
      count: b.count + 1,
    }
    return { type: 'candle', symbol: this.symbol, ts: this.minute * 1000 + this.step, bar: this.bar }
  }

  /** The latest bar given by `candle` (seeds take it as the minute they include). */
  lastBar(): KlineTick | undefined {
    return this.bar
  }

  book(): MarketEvent {
    const p = this.cents / 100
    const tick: DepthTick = {
      bids: [
        [p - 0.01, 1],
        [p - 0.02, 2],
      ],
      asks: [
        [p + 0.01, 1.5],
        [p + 0.02, 0.5],
      ],
      version: ++this.version,
      ts: this.minute * 1000 + this.step,
    }
    return { type: 'book', symbol: this.symbol, ts: tick.ts, tick }
  }

  trades(): MarketEvent {
    const ts = this.minute * 1000 + this.step
    const trades: TradeItem[] = [0, 1].map((k) => ({
      id: ++this.tradeId,
      ts,
      tradeId: this.tradeId,
      amount: 0.1 + k,
      price: this.cents / 100,
      direction: k ? 'buy' : 'sell',
    }))
    return { type: 'trades', symbol: this.symbol, ts, trades }
  }

  /** A mixed run of `n` events: candles, books and trades. */
  events(n: number): MarketEvent[] {
    return Array.from({ length: n }, (_, i) =>
      i % 3 === 0 ? this.candle() : i % 3 === 1 ? this.book() : this.trades(),
    )
  }
}

/**
 * `nc` with `publish` filtered: `keep(subject, n)` (n counts the publishes on that subject from 1) false drops the
 * message, as a network losing it would.
 */
export function lossy(nc: NatsConnection, keep: (subject: string, n: number) => boolean): NatsConnection {
  const counts = new Map<string, number>()
  return new Proxy(nc, {
    get(target, key) {
      if (key === 'publish')
        return (subject: string, ...rest: unknown[]) => {
          const n = (counts.get(subject) ?? 0) + 1
          counts.set(subject, n)
          if (keep(subject, n)) (target.publish as (...a: unknown[]) => void)(subject, ...rest)
        }
      const v = Reflect.get(target, key, target) as unknown
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v
    },
  })
}
