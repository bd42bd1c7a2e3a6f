/**
 * The 1min bars of one symbol, held as 8 numbers a bar in one Float64Array instead of one object each: the sim's
 * start-up history alone is ~78k bars, which as objects cost ~19 MB of heap (an object plus six boxed doubles a bar,
 * measured in a heap snapshot) and as rows here ~5 MB. Every KlineTick field is a double, so a bar read back is equal
 * to the one stored. Bars are kept in ascending `id` order by the caller (candle-series.ts).
 */
import type { KlineTick } from '../../../common/feed/messages'

/** Numbers stored per bar, in this order: id, open, close, low, high, amount, vol, count. */
const WIDTH = 8
const ID = 0
const LOW = 3
const HIGH = 4

export class MinuteBars {
  private rows = new Float64Array(WIDTH * 64)
  private n = 0

  /** Number of bars held. */
  get length(): number {
    return this.n
  }

  /** The bar at `i` (a new object each call), or undefined outside 0…length-1. */
  at(i: number): KlineTick | undefined {
    if (i < 0 || i >= this.n) return undefined
    const r = this.rows
    const o = i * WIDTH
    return {
      id: r[o] as number,
      open: r[o + 1] as number,
      close: r[o + 2] as number,
      low: r[o + 3] as number,
      high: r[o + 4] as number,
      amount: r[o + 5] as number,
      vol: r[o + 6] as number,
      count: r[o + 7] as number,
    }
  }

  /** `id` (open time, epoch seconds) of the bar at `i`, without building it. */
  id(i: number): number {
    return this.rows[i * WIDTH + ID] as number
  }

  /** High of the bar at `i`. */
  high(i: number): number {
    return this.rows[i * WIDTH + HIGH] as number
  }

  /** Low of the bar at `i`. */
  low(i: number): number {
    return this.rows[i * WIDTH + LOW] as number
  }

  /** Index of the first bar with id > `id`. */
  upperBound(id: number): number {
    let lo = 0
    let hi = this.n
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.id(mid) <= id) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** Bars `start` … `end - 1` as objects. */
  slice(start: number, end: number): KlineTick[] {
    const out: KlineTick[] = []
    for (let i = Math.max(0, start); i < Math.min(end, this.n); i++) out.push(this.at(i) as KlineTick)
    return out
  }

  /** Makes room for `count` bars in all without growing again (a bulk load knows its size). */
  reserve(count: number): void {
    if (count * WIDTH <= this.rows.length) return
    const grown = new Float64Array(count * WIDTH)
    grown.set(this.rows.subarray(0, this.n * WIDTH))
    this.rows = grown
  }

  push(bar: KlineTick): void {
    this.insert(this.n, bar)
  }

  /** Replaces the bar at `i`. */
  set(i: number, bar: KlineTick): void {
    const r = this.rows
    const o = i * WIDTH
    r[o] = bar.id
    r[o + 1] = bar.open
    r[o + 2] = bar.close
    r[o + 3] = bar.low
    r[o + 4] = bar.high
    r[o + 5] = bar.amount
    r[o + 6] = bar.vol
    r[o + 7] = bar.count
  }

  /** Inserts `bar` before index `i` (i = length appends). */
  insert(i: number, bar: KlineTick): void {
    if ((this.n + 1) * WIDTH > this.rows.length) this.reserve(this.n * 2)
    if (i < this.n) this.rows.copyWithin((i + 1) * WIDTH, i * WIDTH, this.n * WIDTH)
    this.n++
    this.set(i, bar)
  }

  /** Drops the oldest `count` bars. */
  dropFirst(count: number): void {
    const k = Math.min(count, this.n)
    this.rows.copyWithin(0, k * WIDTH, this.n * WIDTH)
    this.n -= k
  }
}
