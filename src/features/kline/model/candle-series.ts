/**
 * The chart's bars as a struct of typed arrays, ascending by bar id (epoch seconds). A live tick on the newest bar is
 * one compare and five stores, whatever the series length; older bars are found by binary search. Prices here are
 * plot coordinates only (pixels come from them); displayed figures are formatted from the feed's own numbers.
 */
import type { KlineTick } from '../../../../common/feed/messages'

/** What an upsert did, so the controller can tell which layers changed. */
export type UpsertKind = 'update-last' | 'append' | 'update' | 'insert'

/** One bar as read back from the series (the feed's numbers: prices in quote currency, volume in base). */
export interface Bar {
  id: number
  open: number
  high: number
  low: number
  close: number
  volume: number
}

const MIN_CAPACITY = 512

export class CandleSeries {
  /** Number of bars held. */
  length = 0
  /** Bar open times, epoch seconds, ascending. */
  time = new Float64Array(MIN_CAPACITY)
  open = new Float64Array(MIN_CAPACITY)
  high = new Float64Array(MIN_CAPACITY)
  low = new Float64Array(MIN_CAPACITY)
  close = new Float64Array(MIN_CAPACITY)
  /** Base-currency volume (`amount` of the feed). */
  volume = new Float64Array(MIN_CAPACITY)

  /** Replaces the whole series with `bars` (ascending by id; out-of-order or duplicate ids are upserted). */
  reset(bars: readonly KlineTick[]): void {
    this.length = 0
    this.ensure(bars.length)
    for (const b of bars) this.upsert(b)
  }

  /** Inserts or replaces the bar with `b.id`. O(1) for the newest bar or a new one after it, O(log n) otherwise. */
  upsert(b: KlineTick): UpsertKind {
    const n = this.length
    const lastId = n > 0 ? this.time[n - 1]! : -Infinity
    if (b.id === lastId) {
      this.write(n - 1, b)
      return 'update-last'
    }
    if (b.id > lastId) {
      this.ensure(n + 1)
      this.write(n, b)
      this.length = n + 1
      return 'append'
    }
    const i = this.lowerBound(b.id)
    if (this.time[i] === b.id) {
      this.write(i, b)
      return 'update'
    }
    this.ensure(n + 1)
    for (const a of this.arrays()) a.copyWithin(i + 1, i, n)
    this.write(i, b)
    this.length = n + 1
    return 'insert'
  }

  /**
   * Merges older bars (a history page) in front. Bars at or after the current first id are upserted instead.
   * Returns how many bars were added before the old first bar, so index-based views can shift.
   */
  prepend(bars: readonly KlineTick[]): number {
    const firstId = this.length > 0 ? this.time[0]! : Infinity
    const older = bars.filter((b) => b.id < firstId).sort((a, b) => a.id - b.id)
    const dedup = older.filter((b, i) => i === 0 || b.id !== older[i - 1]!.id)
    const k = dedup.length
    if (k > 0) {
      this.ensure(this.length + k)
      for (const a of this.arrays()) a.copyWithin(k, 0, this.length)
      dedup.forEach((b, i) => this.write(i, b))
      this.length += k
    }
    for (const b of bars) if (b.id >= firstId) this.upsert(b)
    return k
  }

  /** Index of the bar with id `id`, or -1. */
  indexOf(id: number): number {
    const i = this.lowerBound(id)
    return i < this.length && this.time[i] === id ? i : -1
  }

  /** The bar at index `i` (0 = oldest), or undefined out of range. */
  at(i: number): Bar | undefined {
    if (i < 0 || i >= this.length) return undefined
    return {
      id: this.time[i]!,
      open: this.open[i]!,
      high: this.high[i]!,
      low: this.low[i]!,
      close: this.close[i]!,
      volume: this.volume[i]!,
    }
  }

  /** First index whose id is ≥ `id` (binary search). */
  private lowerBound(id: number): number {
    let lo = 0
    let hi = this.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.time[mid]! < id) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  private write(i: number, b: KlineTick): void {
    this.time[i] = b.id
    this.open[i] = b.open
    this.high[i] = b.high
    this.low[i] = b.low
    this.close[i] = b.close
    this.volume[i] = b.amount
  }

  private arrays(): Float64Array[] {
    return [this.time, this.open, this.high, this.low, this.close, this.volume]
  }

  /** Grows every array (doubling) so `size` bars fit. */
  private ensure(size: number): void {
    if (size <= this.time.length) return
    let cap = this.time.length
    while (cap < size) cap *= 2
    const grow = (a: Float64Array) => {
      const next = new Float64Array(cap)
      next.set(a.subarray(0, this.length))
      return next
    }
    this.time = grow(this.time)
    this.open = grow(this.open)
    this.high = grow(this.high)
    this.low = grow(this.low)
    this.close = grow(this.close)
    this.volume = grow(this.volume)
  }
}
