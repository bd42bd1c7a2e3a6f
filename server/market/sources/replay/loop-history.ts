/**
 * The replay's loop read backwards: the bars of any period that the endless loop (index.ts, bar i plays in minute i
 * after REPLAY_EPOCH_MS) played before the minutes served as history, so the 30min to 1mon charts of a replayed
 * market reach back at least EARLIER_BARS bars (issue 24 part 5: "the server has at least 200 bars of each period on
 * replay") while only a few days of 1min bars are kept.
 *
 * A bar of period P over the minutes [a, b) of the loop (virtual indices) is the aggregate of the recording's whole
 * 1min bars at those indices modulo its length L, exactly as the hub would fold the same minutes: open of the first,
 * close of the last, the highest high and lowest low, the summed base and quote volumes and trade counts. Computed
 * in O(1) per bar from prefix sums (integer units, BigInt: a month of BTC quote volume overflows a double's integers)
 * and sparse tables of the highs and lows, so 300 months cost no more than 300 minutes. It is the recording again
 * (a week of minutes repeats in every month), as the loop is: that is the data, not a history of the market.
 */
import type { KlineTick } from '../../../../common/feed/messages'
import type { KlinePeriod } from '../../../../common/feed/topics'
import { bucketStart } from '../../hub/periods'
import type { SymbolSpec } from '../source'
import { fromUnits } from '../units'
import type { WholeMinute } from './bar-plan'

/** Bars of each coarse period served from before the 1min history (a `req` answers at most 300). */
export const EARLIER_BARS = 300

/**
 * Periods to which the 1min bars kept at start (index.ts HISTORY_BARS, 3 days) give fewer than 200 bars: 5min and
 * 15min already have 864 and 288.
 */
export const EARLIER_PERIODS = [
  '30min',
  '60min',
  '4hour',
  '1day',
  '1week',
  '1mon',
] as const satisfies readonly KlinePeriod[]
export type EarlierPeriod = (typeof EARLIER_PERIODS)[number]

/** Range maxima (or minima) of an integer array by a sparse table: O(n log n) to build, O(1) per query. */
class SparseTable {
  private readonly levels: Float64Array[]

  constructor(
    values: readonly number[],
    private readonly pick: (a: number, b: number) => number,
  ) {
    this.levels = [Float64Array.from(values)]
    for (let w = 1; 2 * w <= values.length; w *= 2) {
      const prev = this.levels[this.levels.length - 1]!
      const next = new Float64Array(prev.length - w)
      for (let i = 0; i < next.length; i++) next[i] = pick(prev[i]!, prev[i + w]!)
      this.levels.push(next)
    }
  }

  /** The pick over [from, to) (0 ≤ from < to ≤ n). */
  query(from: number, to: number): number {
    const k = 31 - Math.clz32(to - from)
    const level = this.levels[k]!
    return this.pick(level[from]!, level[to - (1 << k)]!)
  }
}

/** One symbol's recording as a loop, aggregated over any stretch of minutes. */
export class LoopHistory {
  private readonly n: number
  private readonly highs: SparseTable
  private readonly lows: SparseTable
  /** Prefix sums of base volume, quote volume (units of their decimals) and trade count: entry i = Σ of bars < i. */
  private readonly amount: bigint[]
  private readonly vol: bigint[]
  private readonly count: number[]

  /**
   * @param minutes the recording's bars as whole 1min bars in integer units (bar-plan.ts wholeMinute: what history
   *   serves for each), in file order; at least one.
   * @param spec the symbol's precisions (price_precision, volume_decimals, turnover_decimals of those units).
   * @param baseId open time of virtual bar 0, epoch seconds (a minute boundary).
   */
  constructor(
    private readonly minutes: readonly WholeMinute[],
    private readonly spec: SymbolSpec,
    private readonly baseId: number,
  ) {
    if (minutes.length === 0) throw new Error('LoopHistory: no bars')
    this.n = minutes.length
    this.highs = new SparseTable(
      minutes.map((m) => m.high),
      Math.max,
    )
    this.lows = new SparseTable(
      minutes.map((m) => m.low),
      Math.min,
    )
    this.amount = [0n]
    this.vol = [0n]
    this.count = [0]
    let [amount, vol, count] = [0n, 0n, 0]
    for (const m of minutes) {
      this.amount.push((amount += BigInt(m.volume)))
      this.vol.push((vol += m.quote))
      this.count.push((count += m.count))
    }
  }

  /**
   * The aggregate of the loop's minutes from virtual index `a` to `b` (exclusive, a < b), with open time `id`
   * (epoch seconds).
   */
  bar(id: number, a: number, b: number): KlineTick {
    const n = this.n
    const span = b - a
    const loops = Math.floor(span / n)
    const start = ((a % n) + n) % n
    const rest = span - loops * n
    // The minutes beyond whole loops: [start, start + rest) of the file, wrapping at most once.
    const parts: [number, number][] = []
    if (rest > 0) {
      if (start + rest <= n) parts.push([start, start + rest])
      else parts.push([start, n], [0, start + rest - n])
    }
    let high = loops > 0 ? this.highs.query(0, n) : -Infinity
    let low = loops > 0 ? this.lows.query(0, n) : Infinity
    let amount = BigInt(loops) * this.amount[n]!
    let vol = BigInt(loops) * this.vol[n]!
    let count = loops * this.count[n]!
    for (const [from, to] of parts) {
      high = Math.max(high, this.highs.query(from, to))
      low = Math.min(low, this.lows.query(from, to))
      amount += this.amount[to]! - this.amount[from]!
      vol += this.vol[to]! - this.vol[from]!
      count += this.count[to]! - this.count[from]!
    }
    const pp = this.spec.price_precision
    return {
      id,
      open: fromUnits(this.minutes[start]!.open, pp),
      close: fromUnits(this.minutes[(((b - 1) % n) + n) % n]!.close, pp),
      high: fromUnits(high, pp),
      low: fromUnits(low, pp),
      amount: bigUnits(amount, this.spec.volume_decimals),
      vol: bigUnits(vol, this.spec.turnover_decimals),
      count,
    }
  }

  /**
   * The `count` bars of `period` up to the one holding minute `firstMinuteId` (epoch seconds), ascending: whole
   * buckets before it, then that bucket's part before the minute (none when the minute opens its bucket). The hub
   * joins the part to the bar the 1min history makes of the rest (earlier-days.ts joinEarlier).
   */
  before(period: KlinePeriod, firstMinuteId: number, count: number): KlineTick[] {
    const index = (sec: number) => Math.round((sec - this.baseId) / 60)
    const out: KlineTick[] = []
    let end = firstMinuteId
    let start = bucketStart(period, firstMinuteId)
    if (start === end) start = bucketStart(period, end - 1)
    while (out.length < count) {
      out.push(this.bar(start, index(start), index(end)))
      end = start
      start = bucketStart(period, start - 1)
    }
    return out.reverse()
  }
}

/** BigInt units of 10^-dp as the number whose decimal literal they make. */
function bigUnits(units: bigint, dp: number): number {
  if (units <= BigInt(Number.MAX_SAFE_INTEGER)) return fromUnits(Number(units), dp)
  const text = units.toString().padStart(dp + 1, '0')
  return dp === 0 ? Number(text) : Number(`${text.slice(0, -dp)}.${text.slice(-dp)}`)
}
