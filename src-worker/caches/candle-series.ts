/**
 * One symbol+period of candles in struct-of-arrays typed storage (compact for 10k+ bars), ascending by bar id
 * (epoch seconds). Every mutation bumps `seq`; each bar remembers the seq that last touched it, so a subscriber can
 * ask for "bars changed since seq N". Inserting before the last bar bumps `resetSeq`: subscribers then need the
 * whole series again.
 */
import type { KlineTick } from '../../common/feed/messages'

const FIELDS = ['id', 'open', 'close', 'low', 'high', 'amount', 'vol', 'count'] as const
type Field = (typeof FIELDS)[number]

export class CandleSeries {
  private cols: Record<Field, Float64Array>
  private touched: Float64Array
  private n = 0
  /** Incremented on every change. */
  seq = 0
  /** Seq of the last change that was not an in-place update or an append. */
  resetSeq = 0

  constructor(
    private readonly maxBars: number,
    capacity = 512,
  ) {
    this.cols = alloc(capacity)
    this.touched = new Float64Array(capacity)
  }

  get length(): number {
    return this.n
  }

  /** Inserts or replaces the bar with `bar.id`. */
  upsert(bar: KlineTick): void {
    this.seq++
    const last = this.n - 1
    const lastId = last >= 0 ? this.cols.id[last]! : -Infinity
    if (bar.id === lastId) return this.write(last, bar)
    if (bar.id > lastId) {
      this.ensure(this.n + 1)
      this.write(this.n++, bar)
      return this.trimOldest()
    }
    const at = this.lowerBound(bar.id)
    if (this.cols.id[at] === bar.id) return this.write(at, bar)
    this.ensure(this.n + 1)
    for (const f of FIELDS) this.cols[f].copyWithin(at + 1, at, this.n)
    this.touched.copyWithin(at + 1, at, this.n)
    this.n++
    this.write(at, bar)
    this.resetSeq = this.seq
    this.trimOldest()
  }

  /** Upserts many bars (any order); older history is prepended in one move. */
  upsertMany(bars: readonly KlineTick[]): void {
    const sorted = [...bars].sort((a, b) => a.id - b.id)
    const first = this.firstId() ?? Infinity
    const k = sorted.length
    const strictlyOlder =
      k > 0 && sorted[k - 1]!.id < first && sorted.every((b, i) => i === 0 || b.id > sorted[i - 1]!.id)
    if (!strictlyOlder || this.n === 0) {
      for (const b of sorted) this.upsert(b)
      return
    }
    this.seq++
    this.ensure(this.n + k)
    for (const f of FIELDS) this.cols[f].copyWithin(k, 0, this.n)
    this.touched.copyWithin(k, 0, this.n)
    this.n += k
    sorted.forEach((b, i) => this.write(i, b))
    this.resetSeq = this.seq
  }

  /** Removes every bar (e.g. cached bars superseded by live history). */
  clear(): void {
    this.n = 0
    this.seq++
    this.resetSeq = this.seq
  }

  /** Bar at index `i` (0 = oldest). */
  at(i: number): KlineTick {
    const c = this.cols
    return {
      id: c.id[i]!,
      open: c.open[i]!,
      close: c.close[i]!,
      low: c.low[i]!,
      high: c.high[i]!,
      amount: c.amount[i]!,
      vol: c.vol[i]!,
      count: c.count[i]!,
    }
  }

  /** All bars, ascending, or the last `last` of them. */
  bars(last = this.n): KlineTick[] {
    const out: KlineTick[] = []
    for (let i = Math.max(0, this.n - last); i < this.n; i++) out.push(this.at(i))
    return out
  }

  /** Bars touched after `seq`, ascending. */
  changedSince(seq: number): KlineTick[] {
    const out: KlineTick[] = []
    for (let i = this.n - 1; i >= 0; i--) if (this.touched[i]! > seq) out.push(this.at(i))
    return out.reverse()
  }

  firstId(): number | undefined {
    return this.n ? this.cols.id[0] : undefined
  }

  lastId(): number | undefined {
    return this.n ? this.cols.id[this.n - 1] : undefined
  }

  private write(i: number, b: KlineTick): void {
    const c = this.cols
    c.id[i] = b.id
    c.open[i] = b.open
    c.close[i] = b.close
    c.low[i] = b.low
    c.high[i] = b.high
    c.amount[i] = b.amount
    c.vol[i] = b.vol
    c.count[i] = b.count
    this.touched[i] = this.seq
  }

  private lowerBound(id: number): number {
    let lo = 0,
      hi = this.n
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.cols.id[mid]! < id) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  private ensure(size: number): void {
    if (size <= this.touched.length) return
    const cap = Math.max(size, this.touched.length * 2)
    const next = alloc(cap)
    for (const f of FIELDS) next[f].set(this.cols[f].subarray(0, this.n))
    const touched = new Float64Array(cap)
    touched.set(this.touched.subarray(0, this.n))
    this.cols = next
    this.touched = touched
  }

  private trimOldest(): void {
    const extra = this.n - this.maxBars
    if (extra <= 0) return
    for (const f of FIELDS) this.cols[f].copyWithin(0, extra, this.n)
    this.touched.copyWithin(0, extra, this.n)
    this.n -= extra
    this.resetSeq = this.seq
  }
}

function alloc(cap: number): Record<Field, Float64Array> {
  const cols = {} as Record<Field, Float64Array>
  for (const f of FIELDS) cols[f] = new Float64Array(cap)
  return cols
}
