/**
 * Plays one symbol's merged recording on the replay clock. Bar i (virtual index, looping over the recording) opens
 * at `baseId + 60·i` seconds: bars are re-timed back to back by index, so the gaps between merged files vanish.
 * A bar whose minute a tape recorded (tape.ts) plays its recorded trades at their offsets within the minute, and the
 * book is the recorded one while the tape's book covers the recording time; every other bar is played as the ticks
 * of bar-plan.ts spread evenly over its minute, with a derived book.
 */
import type { KlineTick, TradeItem } from '../../../../common/feed/messages'
import type { MarketEvent } from '../../types'
import { deriveBook } from '../derive-book'
import { toUnits } from '../units'
import { type Rand, hash32, mulberry32 } from '../prng'
import type { SymbolSpec } from '../source'
import { type BarPlan, type WholeMinute, barAt, cumVolume, planBar, wholeMinute } from './bar-plan'
import type { RawBar } from './row'
import type { TapeTrade } from './parse-capture'
import type { TapeMinute, TapePlayback } from './tape'

/** Bars of derived trades kept to size the book (volume of the last 30 played bars). */
const BOOK_SIZE_BARS = 30
/** When the clock jumped more than this many bars, the bars in between are emitted whole, without ticks. */
const MAX_DETAILED_BARS = 2
/**
 * Trade ids of bar i are i·TRADE_IDS_PER_BAR + 1, + 2, …: unique and increasing across bars, loops and restarts (a
 * recorded minute holds a few thousand trades at most; i is ~4·10⁶ in 2027, far below 2^53 / 10^5).
 */
export const TRADE_IDS_PER_BAR = 100_000

export class SymbolPlayer {
  private idx: number
  private k = 0
  private plan: BarPlan
  private lastTicks: number
  private lastSide: 'buy' | 'sell' = 'buy'
  private recentVolume: number[] = []
  private bookVersion = 0
  private readonly rand: Rand
  /** The tape's trades of the current bar when a tape recorded its minute; `k` then counts trades played. */
  private minute: TapeMinute | undefined

  constructor(
    readonly spec: SymbolSpec,
    private readonly bars: readonly RawBar[],
    /** Open time of virtual bar 0, epoch seconds. */
    private readonly baseId: number,
    private readonly steps: number,
    /** Virtual index the play starts from (its ticks are emitted by the first advance). */
    startIdx: number,
    /** Recorded trades and depth of some of the recording's minutes. */
    private readonly tape?: TapePlayback,
  ) {
    this.idx = startIdx
    this.plan = this.planOf(startIdx)
    this.minute = this.minuteOf(startIdx)
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

  /** Every bar of the recording as the whole 1min bar it plays as (units), in file order, for LoopHistory to fold. */
  fileMinutes(): WholeMinute[] {
    return this.bars.map((raw) => wholeMinute(raw, this.spec, this.steps))
  }

  /** Emits everything due up to replay time `ms`: the running bar(s) and the derived trades since the last call. */
  advanceTo(ms: number): MarketEvent[] {
    const pos = (ms / 1000 - this.baseId) / 60
    const targetIdx = Math.floor(pos)
    const events: MarketEvent[] = []
    const trades: TradeItem[] = []
    const recorded: TradeItem[] = []
    if (targetIdx - this.idx > MAX_DETAILED_BARS) {
      for (let i = this.idx; i < targetIdx - 1; i++) events.push(this.wholeBar(i))
      this.moveTo(targetIdx - 1)
    }
    while (this.idx <= targetIdx) {
      const n = this.plan.points.length
      const dueK = this.idx < targetIdx ? n : Math.min(n, Math.floor((pos - targetIdx) * n))
      if (this.minute) {
        this.playTape(this.minute, this.idx < targetIdx ? 1 : pos - targetIdx, recorded, events)
      } else if (dueK > this.k) {
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
    for (const [list, isRecorded] of [
      [recorded, true],
      [trades, false],
    ] as const) {
      if (list.length > 0)
        events.unshift({
          type: 'trades',
          symbol: this.spec.symbol,
          ts: (list[list.length - 1] as TradeItem).ts,
          trades: list,
          recorded: isRecorded,
        })
    }
    return events
  }

  /** The recorded book when the tape's covers the recording time the clock `ts` (ms) maps to, else a derived one. */
  book(ts: number): MarketEvent {
    const file = this.bars[this.fileIndex(this.idx)] as RawBar
    const tick = this.tape?.bookAt(file.t + ts - this.barId(this.idx) * 1000, ts, ++this.bookVersion)
    if (tick) return { type: 'book', symbol: this.spec.symbol, ts, tick, recorded: true }
    return this.derivedBook(ts)
  }

  /** Plays the tape's trades of the current minute up to fraction `frac` (0–1] of it, and the bar they make. */
  private playTape(m: TapeMinute, frac: number, out: TradeItem[], events: MarketEvent[]): void {
    const due = frac >= 1 ? m.trades.length : m.countBy(frac * 60_000)
    if (due <= this.k) return
    const barMs = this.barId(this.idx) * 1000
    const pp = this.spec.price_precision
    for (let n = this.k; n < due; n++) {
      const tr = m.trades[n] as TapeTrade
      const ticks = toUnits(tr.price, pp)
      if (ticks !== this.lastTicks) this.lastSide = ticks > this.lastTicks ? 'buy' : 'sell'
      this.lastTicks = ticks
      out.push({
        id: tr.id,
        ts: barMs + tr.ts - m.t,
        tradeId: this.idx * TRADE_IDS_PER_BAR + n + 1,
        amount: Number(tr.amount),
        price: Number(tr.price),
        direction: tr.direction,
      })
    }
    this.k = due
    const bar = m.barAfter(due, this.barId(this.idx), this.spec.turnover_decimals)
    events.push({ type: 'candle', symbol: this.spec.symbol, ts: (out[out.length - 1] as TradeItem).ts, bar })
  }

  /** A derived book around the last price (see derive-book.ts). */
  private derivedBook(ts: number): MarketEvent {
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
    return { type: 'book', symbol: this.spec.symbol, ts, tick, recorded: false }
  }

  private tick(k: number, trades: TradeItem[]): void {
    const price = this.plan.points[k - 1] as number
    this.lastTicks = price
    const size = cumVolume(this.plan, k) - cumVolume(this.plan, k - 1)
    if (size <= 0) return
    this.lastSide = this.plan.sides[k - 1] as 'buy' | 'sell'
    const tradeId = this.idx * TRADE_IDS_PER_BAR + k
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
    this.minute = this.minuteOf(i)
  }

  private fileIndex(i: number): number {
    const n = this.bars.length
    return ((i % n) + n) % n
  }

  private planOf(i: number): BarPlan {
    return planBar(this.bars[this.fileIndex(i)] as RawBar, this.spec, this.steps)
  }

  private minuteOf(i: number): TapeMinute | undefined {
    return this.tape?.minute((this.bars[this.fileIndex(i)] as RawBar).t)
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
