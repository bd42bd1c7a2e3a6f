/**
 * The rolling 24 h ticker (htx-protocol.md a5: open/high/low/amount/vol/count are rolling 24 h figures) computed
 * from a symbol's 1min bars: the window is the 1440 minutes ending with the latest bar; open = open of its first bar,
 * high/low over the window, amount/vol/count summed exactly, close = last price. bid/ask come from the book.
 */
import Big from 'big.js'
// Feed numbers (JSON or decimal literals), read as written: common/decimal feedDec.
import { feedDec as dec } from '../../../common/decimal'
import type { DepthTick, KlineTick, TickerTick } from '../../../common/feed/messages'
import { type BarPrecision, type MinuteDelta, roundNum, roundPrice } from './bar-agg'
import type { CandleSeries } from './candle-series'

const WINDOW_S = 86_400

export class RollingTicker {
  private amount = new Big(0)
  private vol = new Big(0)
  private count = 0
  /** First minute id inside the window. */
  private from = -Infinity
  private latestId = -Infinity
  /** High/low of the window without its latest minute; recomputed lazily after the minute rolls. */
  private rest: { high: number; low: number } | undefined

  constructor(
    private readonly series: CandleSeries,
    private readonly precision: BarPrecision,
  ) {}

  /** Folds a 1min change (already stored in the series) into the window. */
  update(delta: MinuteDelta): void {
    const id = delta.bar.id
    if (id > this.latestId) this.roll(id)
    if (id < this.from) return
    this.amount = this.amount.plus(delta.amount)
    this.vol = this.vol.plus(delta.vol)
    this.count += delta.count
    if (id < this.latestId && this.rest) {
      this.rest.high = Math.max(this.rest.high, delta.bar.high)
      this.rest.low = Math.min(this.rest.low, delta.bar.low)
    }
  }

  /** Recomputes the window from the series' minutes after a bulk load: the state minute-by-minute updates reach. */
  reload(): void {
    const minutes = this.series.minutes
    const latest = minutes.at(minutes.length - 1)
    this.amount = new Big(0)
    this.vol = new Big(0)
    this.count = 0
    this.rest = undefined
    this.latestId = latest ? latest.id : -Infinity
    this.from = latest ? latest.id - WINDOW_S + 60 : -Infinity
    for (let i = minutes.upperBound(this.from - 1); i < minutes.length; i++) {
      const m = minutes.at(i) as KlineTick
      this.amount = this.amount.plus(dec(m.amount))
      this.vol = this.vol.plus(dec(m.vol))
      this.count += m.count
    }
  }

  /**
   * The ticker now. `book` gives bid/ask (falls back to the last price with size 0); `lastSize` = size of the last
   * trade (base currency). Undefined before the first bar.
   */
  snapshot(book: DepthTick | undefined, lastSize: number, sizeDp: number): TickerTick | undefined {
    const minutes = this.series.minutes
    const latest = minutes.at(minutes.length - 1)
    if (!latest) return undefined
    const first = minutes.at(minutes.upperBound(this.from - 1)) ?? latest
    const rest = this.restRange(latest)
    const p = this.precision
    const bid = book?.bids[0]
    const ask = book?.asks[0]
    return {
      open: roundPrice(first.open, p.price),
      high: roundPrice(Math.max(rest.high, latest.high), p.price),
      low: roundPrice(Math.min(rest.low, latest.low), p.price),
      close: roundPrice(latest.close, p.price),
      amount: roundNum(this.amount, p.volume),
      vol: roundNum(this.vol, p.turnover),
      count: this.count,
      bid: bid ? bid[0] : roundPrice(latest.close, p.price),
      bidSize: bid ? bid[1] : 0,
      ask: ask ? ask[0] : roundPrice(latest.close, p.price),
      askSize: ask ? ask[1] : 0,
      lastPrice: roundPrice(latest.close, p.price),
      lastSize: roundNum(dec(lastSize), sizeDp),
    }
  }

  /** Moves the window so it ends at minute `id`, subtracting the minutes that fall out. */
  private roll(id: number): void {
    const minutes = this.series.minutes
    const newFrom = id - WINDOW_S + 60
    // Only minutes already counted (inside the old window, up to the old latest) are taken out.
    for (let i = minutes.upperBound(this.from - 1); i < minutes.length; i++) {
      const m = minutes.at(i) as KlineTick
      if (m.id >= newFrom || m.id > this.latestId) break
      this.amount = this.amount.minus(dec(m.amount))
      this.vol = this.vol.minus(dec(m.vol))
      this.count -= m.count
    }
    this.from = newFrom
    this.latestId = id
    this.rest = undefined
  }

  private restRange(latest: KlineTick): { high: number; low: number } {
    if (this.rest) return this.rest
    const minutes = this.series.minutes
    let high = latest.high
    let low = latest.low
    for (let i = minutes.upperBound(this.from - 1); i < minutes.length - 1; i++) {
      if (minutes.high(i) > high) high = minutes.high(i)
      if (minutes.low(i) < low) low = minutes.low(i)
    }
    this.rest = { high, low }
    return this.rest
  }
}
