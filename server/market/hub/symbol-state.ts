/**
 * Everything the hub holds for one symbol: candles (all periods), the rolling ticker, the latest book and the last
 * 300 trades.
 */
import type { DepthTick, KlineTick, TickerTick, TradeItem } from '../../../common/feed/messages'
import type { KlinePeriod } from '../../../common/feed/topics'
import { TRADE_REQ_MAX } from '../../../common/constants'
import type { SymbolSpec } from '../sources/source'
import type { BarPrecision } from './bar-agg'
import { CandleSeries } from './candle-series'
import { RollingTicker } from './rolling-ticker'

export class SymbolState {
  readonly precision: BarPrecision
  readonly series: CandleSeries
  readonly rolling: RollingTicker
  book: DepthTick | undefined
  /** Whether the latest book was recorded (replay tapes), derived (false), or relayed live (undefined). */
  bookRecorded: boolean | undefined
  ticker: TickerTick | undefined
  /** Oldest first; at most TRADE_REQ_MAX. */
  private readonly trades: TradeItem[] = []
  /** Coarser periods whose current bar is trustworthy (all of them unless the source seeds from upstream). */
  readonly seeded = new Set<KlinePeriod>()
  /** Bars of coarser periods from before the minutes (SourceSink.earlierBars: a replay's loop and daily files). */
  readonly earlier = new Map<KlinePeriod, KlineTick[]>()

  constructor(readonly spec: SymbolSpec) {
    this.precision = { price: spec.price_precision, volume: spec.volume_decimals, turnover: spec.turnover_decimals }
    this.series = new CandleSeries(this.precision)
    this.rolling = new RollingTicker(this.series, this.precision)
  }

  /** Appends trades (any order in), keeping the latest TRADE_REQ_MAX by time then tradeId. */
  addTrades(items: readonly TradeItem[]): void {
    const sorted = [...items].sort((a, b) => a.ts - b.ts || a.tradeId - b.tradeId)
    this.trades.push(...sorted)
    if (this.trades.length > TRADE_REQ_MAX * 2) this.trades.splice(0, this.trades.length - TRADE_REQ_MAX)
  }

  /** Latest trades, newest first, at most `limit`. */
  latestTrades(limit = TRADE_REQ_MAX): TradeItem[] {
    return this.trades.slice(-limit).reverse()
  }

  /** Size of the last trade (base currency), 0 before any. */
  lastSize(): number {
    return this.trades[this.trades.length - 1]?.amount ?? 0
  }

  /** Recomputes the ticker from the bars and the book (sources whose tickers are derived). */
  refreshTicker(): TickerTick | undefined {
    this.ticker = this.rolling.snapshot(this.book, this.lastSize(), this.spec.volume_decimals) ?? this.ticker
    return this.ticker
  }
}
