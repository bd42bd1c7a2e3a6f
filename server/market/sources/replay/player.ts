/**
 * Plays one symbol's merged recording on the replay clock. Bar i (virtual index, looping over the recording) opens
 * at `baseId + 60·i` seconds: bars are re-timed back to back by index, so the gaps between merged files vanish.
 * Each bar is played as the ticks of bar-plan.ts spread evenly over its minute.
 */
import type { KlineTick, TradeItem } from '../../../../common/feed/messages'
import type { MarketEvent } from '../../types'
import { deriveBook } from '../derive-book'
import { type Rand, hash32, mulberry32 } from '../prng'
import type { SymbolSpec } from '../source'
import { type BarPlan, barAt, cumVolume, planBar } from './bar-plan'
import type { RawBar } from './row'

/** Bars of derived trades kept to size the book (volume of the last 30 played bars). */
const BOOK_SIZE_BARS = 30
/** When the clock jumped more than this many bars, the bars in between are emitted whole, without ticks. */
const MAX_DETAILED_BARS = 2

export class SymbolPlayer {
  private idx: number
  private k = 0
  private plan: BarPlan
  private lastTicks: number
  private lastSide: 'buy' | 'sell' = 'buy'
  private recentVolume: number[] = []
  private bookVersion = 0
  private readonly rand: Rand

  constructor(
    readonly spec: SymbolSpec,
    private readonly bars: readonly RawBar[],
    /** Open time of virtual bar 0, epoch seconds. */
    private readonly baseId: number,
    private readonly steps: number,
    /** Virtual index the play starts from (its ticks are emitted by the first advance). */
    startIdx: number,
  ) {
    this.idx = startIdx
    this.plan = this.planOf(startIdx)
    this.lastTicks = this.plan.openTicks
    this.rand = mulberry32(hash32(`replay-book:${spec.symbol}`))
  }

  /** The `count` completed bars up to and including the start index, oldest first, as 1min bars for history. */
  history(count: number): KlineTick[] {
    const out: KlineTick[] = []
    for (let i = this.idx - count + 1; i <= this.idx; i++) {
      const plan = this.planOf(i)
      out.push(barAt(plan, plan.points.length, this.barId(i), this.spec))
      this.noteVolume(plan.volumeUnits)
    }
    return out
  }

  /** Emits everything due up to replay time `ms`: the running bar(s) and the derived trades since the last call. */
  advanceTo(ms: number): MarketEvent[] {
    const pos = (ms / 1000 - this.baseId) / 60
    const targetIdx = Math.floor(pos)
    const events: MarketEvent[] = []
    const trades: TradeItem[] = []
    if (targetIdx - this.idx > MAX_DETAILED_BARS) {
      for (let i = this.idx; i < targetIdx - 1; i++) events.push(this.wholeBar(i))
      this.moveTo(targetIdx - 1)
    }
    while (this.idx <= targetIdx) {
      const n = this.plan.points.length
      const dueK = this.idx < targetIdx ? n : Math.min(n, Math.floor((pos - targetIdx) * n))
      if (dueK > this.k) {
        for (let k = this.k + 1; k <= dueK; k++) this.tick(k, trades)
        this.k = dueK
        events.push({
          type: 'candle',
          symbol: this.spec.symbol,
          ts: this.tickTs(dueK),
          bar: barAt(this.plan, dueK, this.barId(this.idx), this.spec),
        })
      }
      if (this.idx === targetIdx) break
      this.noteVolume(this.plan.volumeUnits)
      this.moveTo(this.idx + 1)
    }
    // Trades first, so the ticker the hub derives on the candle already carries the last trade's size.
    if (trades.length > 0)
      events.unshift({
        type: 'trades',
        symbol: this.spec.symbol,
        ts: (trades[trades.length - 1] as TradeItem).ts,
        trades,
      })
    return events
  }

  /** A derived book around the last price (see derive-book.ts). */
  book(ts: number): MarketEvent {
    const avg = this.recentVolume.reduce((a, b) => a + b, 0) / Math.max(1, this.recentVolume.length)
    const tick = deriveBook({
      lastTicks: this.lastTicks,
      pricePrecision: this.spec.price_precision,
      sizePrecision: this.spec.volume_decimals,
      meanSizeUnits: avg / 20,
      lastSide: this.lastSide,
      version: ++this.bookVersion,
      ts,
      rand: this.rand,
    })
    return { type: 'book', symbol: this.spec.symbol, ts, tick }
  }

  private tick(k: number, trades: TradeItem[]): void {
    const price = this.plan.points[k - 1] as number
    if (price !== this.lastTicks) this.lastSide = price > this.lastTicks ? 'buy' : 'sell'
    this.lastTicks = price
    const size = cumVolume(this.plan, k) - cumVolume(this.plan, k - 1)
    if (size <= 0) return
    const tradeId = this.idx * 1000 + k
    const ts = this.tickTs(k)
    const p = this.spec.price_precision
    trades.push({
      id: tradeId,
      ts,
      tradeId,
      amount: Number(`${size}e-${this.spec.volume_decimals}`),
      price: Number(`${price}e-${p}`),
      direction: this.lastSide,
    })
  }

  private wholeBar(i: number): MarketEvent {
    const plan = this.planOf(i)
    this.noteVolume(plan.volumeUnits)
    const bar = barAt(plan, plan.points.length, this.barId(i), this.spec)
    this.lastTicks = plan.points[plan.points.length - 1] as number
    return { type: 'candle', symbol: this.spec.symbol, ts: (this.barId(i) + 60) * 1000, bar }
  }

  private moveTo(i: number): void {
    this.idx = i
    this.k = 0
    this.plan = this.planOf(i)
  }

  private planOf(i: number): BarPlan {
    const n = this.bars.length
    return planBar(this.bars[((i % n) + n) % n] as RawBar, this.spec, this.steps)
  }

  private barId(i: number): number {
    return this.baseId + i * 60
  }

  private tickTs(k: number): number {
    return Math.round((this.barId(this.idx) + (60 * k) / this.plan.points.length) * 1000)
  }

  private noteVolume(units: number): void {
    this.recentVolume.push(units)
    if (this.recentVolume.length > BOOK_SIZE_BARS) this.recentVolume.shift()
  }
}
