/**
 * One symbol+period of candles as a struct of typed arrays (compact for 10k+ bars), ascending by bar id (epoch
 * seconds). Shared by the worker's cache and the chart. A tick on the newest bar is one compare and a few stores,
 * whatever the length; older bars are found by binary search. Numbers are the feed's own (plot/cache values, never
 * money arithmetic). Change tracking: every mutation bumps `seq` and stamps the bars it wrote, so a subscriber can
 * ask for "bars changed since seq N"; a change that shifts existing bars' indices also sets `resetSeq`.
 */
import type { KlineTick } from './messages'

/** What an upsert did: rewrote the newest bar, appended after it, rewrote an older bar, or inserted before the last. */
export type UpsertKind = 'update-last' | 'append' | 'update' | 'insert'

/** KlineTick's fields plus `rev`: the seq of the last write of each bar. */
const COLUMNS = ['id', 'open', 'high', 'low', 'close', 'amount', 'vol', 'count', 'rev'] as const
type Column = (typeof COLUMNS)[number]
type Columns = Record<Column, Float64Array>

export class CandleSeries {
  private c: Columns
  private n = 0
  private rev = 0
  private resetRev = 0

  /**
   * @param maxBars most bars kept; past it the oldest are dropped (default: unbounded)
   * @param initialCapacity bars allocated up front; arrays double as needed
   */
  constructor(
    readonly maxBars = Infinity,
    initialCapacity = 512,
  ) {
    this.c = alloc(Math.max(1, initialCapacity))
  }

  /** Number of bars held. */
  get length(): number {
    return this.n
  }
  /** Incremented on every change. */
  get seq(): number {
    return this.rev
  }
  /** Seq of the last change that moved existing bars (insert before the last, history prepend, drop, clear). */
  get resetSeq(): number {
    return this.resetRev
  }

  // Column views, valid for indices < length. Growth replaces the arrays: re-read them after a mutation.
  /** Bar open times, epoch seconds, ascending. */
  get id(): Float64Array {
    return this.c.id
  }
  /** Prices in quote currency. */
  get open(): Float64Array {
    return this.c.open
  }
  get high(): Float64Array {
    return this.c.high
  }
  get low(): Float64Array {
    return this.c.low
  }
  get close(): Float64Array {
    return this.c.close
  }
  /** Traded volume in base currency. */
  get amount(): Float64Array {
    return this.c.amount
  }
  /** Traded value in quote currency. */
  get vol(): Float64Array {
    return this.c.vol
  }
  /** Number of trades. */
  get count(): Float64Array {
    return this.c.count
  }

  /** Inserts or replaces the bar with `b.id`. O(1) for the newest bar or one after it, else O(log n) + a shift. */
  upsert(b: KlineTick): UpsertKind {
    this.rev++
    const n = this.n
    const lastId = n > 0 ? this.c.id[n - 1]! : -Infinity
    if (b.id === lastId) {
      this.write(n - 1, b)
      return 'update-last'
    }
    if (b.id > lastId) {
      this.ensure(n + 1)
      this.write(n, b)
      this.n = n + 1
      this.trimOldest()
      return 'append'
    }
    const i = this.lowerBound(b.id)
    if (this.c.id[i] === b.id) {
      this.write(i, b)
      return 'update'
    }
    this.ensure(n + 1)
    this.shift(i, 1)
    this.write(i, b)
    this.resetRev = this.rev
    this.trimOldest()
    return 'insert'
  }

  /**
   * Upserts many bars in any order (duplicate ids: the last wins). Bars older than the current first bar (a history
   * page) are prepended in one move, as many as `maxBars` leaves room for, newest first; the rest are upserted.
   * @returns how many bars were added before the old first bar, so index-based views can shift
   */
  merge(bars: readonly KlineTick[]): number {
    const sorted = sortLastWins(bars)
    const firstId = this.n > 0 ? this.c.id[0]! : Infinity
    let k = 0
    while (k < sorted.length && sorted[k]!.id < firstId) k++
    const added = this.prependSorted(sorted, k)
    for (let i = k; i < sorted.length; i++) this.upsert(sorted[i]!)
    return added
  }

  /** Replaces every bar with `bars` (any order; duplicate ids: the last wins). */
  replace(bars: readonly KlineTick[]): void {
    this.clear()
    this.merge(bars)
  }

  /** Removes every bar. */
  clear(): void {
    this.n = 0
    this.resetRev = ++this.rev
  }

  /** Records a change that wrote no bar (e.g. an empty history answer is still news to subscribers). */
  touch(): void {
    this.rev++
  }

  /** Index of the bar with id `id` (epoch seconds), or -1. */
  indexOf(id: number): number {
    const i = this.lowerBound(id)
    return i < this.n && this.c.id[i] === id ? i : -1
  }

  /** The bar at index `i` (0 = oldest), or undefined out of range. */
  at(i: number): KlineTick | undefined {
    return i >= 0 && i < this.n ? this.read(i) : undefined
  }

  /** All bars, ascending, or the last `last` of them. */
  bars(last = this.n): KlineTick[] {
    const out: KlineTick[] = []
    for (let i = Math.max(0, this.n - last); i < this.n; i++) out.push(this.read(i))
    return out
  }

  /** Bars written after `seq`, ascending. */
  changedSince(seq: number): KlineTick[] {
    const out: KlineTick[] = []
    for (let i = this.n - 1; i >= 0; i--) if (this.c.rev[i]! > seq) out.push(this.read(i))
    return out.reverse()
  }

  /** Id of the oldest bar (epoch seconds), or undefined when empty. */
  firstId(): number | undefined {
    return this.n > 0 ? this.c.id[0] : undefined
  }

  /** Id of the newest bar (epoch seconds), or undefined when empty. */
  lastId(): number | undefined {
    return this.n > 0 ? this.c.id[this.n - 1] : undefined
  }

  /** Puts the newest bars of `sorted[0..k)` (all older than the first bar) in front, within `maxBars`. */
  private prependSorted(sorted: readonly KlineTick[], k: number): number {
    const take = Math.min(k, this.maxBars - this.n)
    if (take <= 0) return 0
    this.rev++
    this.ensure(this.n + take)
    if (this.n > 0) this.resetRev = this.rev
    this.shift(0, take)
    for (let i = 0; i < take; i++) this.write(i, sorted[k - take + i]!)
    return take
  }

  private read(i: number): KlineTick {
    const c = this.c
    const [id, open, high, low, close] = [c.id[i]!, c.open[i]!, c.high[i]!, c.low[i]!, c.close[i]!]
    return { id, open, high, low, close, amount: c.amount[i]!, vol: c.vol[i]!, count: c.count[i]! }
  }

  private write(i: number, b: KlineTick): void {
    const c = this.c
    c.id[i] = b.id
    c.open[i] = b.open
    c.high[i] = b.high
    c.low[i] = b.low
    c.close[i] = b.close
    c.amount[i] = b.amount
    c.vol[i] = b.vol
    c.count[i] = b.count
    c.rev[i] = this.rev
  }

  /** Opens a gap of `k` slots at index `at` (capacity must already fit). */
  private shift(at: number, k: number): void {
    for (const f of COLUMNS) this.c[f].copyWithin(at + k, at, this.n)
    this.n += k
  }

  /** First index whose id is ≥ `id` (binary search). */
  private lowerBound(id: number): number {
    let lo = 0
    let hi = this.n
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.c.id[mid]! < id) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** Grows every column (at least doubling) so `size` bars fit. */
  private ensure(size: number): void {
    const cap = this.c.id.length
    if (size <= cap) return
    const next = alloc(Math.max(size, cap * 2))
    for (const f of COLUMNS) next[f].set(this.c[f].subarray(0, this.n))
    this.c = next
  }

  private trimOldest(): void {
    const extra = this.n - this.maxBars
    if (extra <= 0) return
    for (const f of COLUMNS) this.c[f].copyWithin(0, extra, this.n)
    this.n -= extra
    this.resetRev = this.rev
  }
}

function alloc(cap: number): Columns {
  const cols = {} as Columns
  for (const f of COLUMNS) cols[f] = new Float64Array(cap)
  return cols
}

/** Stable sort by id, keeping only the last of each id (as if upserted in order). */
function sortLastWins(bars: readonly KlineTick[]): KlineTick[] {
  const sorted = [...bars].sort((a, b) => a.id - b.id)
  return sorted.filter((b, i) => i === sorted.length - 1 || sorted[i + 1]!.id !== b.id)
}
