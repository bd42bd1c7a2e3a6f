/**
 * Candles of one symbol: the 1min bars as the source gives them, and every coarser period of KLINE_PERIODS
 * aggregated from them exactly (bar-agg.ts) on the UTC+8 calendar of periods.ts. Keeps a bounded history.
 */
import type { KlineTick } from '../../../common/feed/messages'
// Feed numbers (JSON or decimal literals), read as written: common/decimal feedDec.
import { feedDec as dec } from '../../../common/decimal'
import { KLINE_PERIODS, type KlinePeriod } from '../../../common/feed/topics'
import { bucketStart } from './periods'
import {
  type AggBar,
  type BarPrecision,
  type MinuteDelta,
  aggToTick,
  applyDelta,
  minuteDelta,
  openAgg,
  tickToAgg,
} from './bar-agg'
import { aggregateHistory, keptLength, strictlyAscending } from './history-agg'
import { MinuteBars } from './minute-bars'

/** 1min bars kept (7 days); older ones are dropped in batches. */
export const MAX_MINUTES = 10_080
/** Closed bars kept per coarser period. */
export const MAX_CLOSED = 2000

const COARSE = KLINE_PERIODS.filter((p) => p !== '1min')

interface PeriodState {
  closed: KlineTick[]
  current: AggBar | undefined
}

export class CandleSeries {
  /** 1min bars, ascending id. */
  readonly minutes = new MinuteBars()
  private readonly periods = new Map<KlinePeriod, PeriodState>()

  constructor(readonly precision: BarPrecision) {
    for (const p of COARSE) this.periods.set(p, { closed: [], current: undefined })
  }

  /** Latest 1min bar, if any. */
  lastMinute(): KlineTick | undefined {
    return this.minutes.at(this.minutes.length - 1)
  }

  /**
   * Inserts or replaces a 1min bar (upsert by `id`, seconds) and folds the change into every coarser period.
   * Returns the delta applied and the previous version of that minute (undefined when new).
   */
  upsert(bar: KlineTick): { delta: MinuteDelta; prev: KlineTick | undefined } {
    const prev = this.storeMinute(bar)
    const delta = minuteDelta(bar, prev)
    for (const [period, state] of this.periods) this.fold(period, state, delta)
    return { delta, prev }
  }

  /**
   * Loads a source's start-up history into an empty series in one pass (history-agg.ts), keeping the same bars as
   * upserting the minutes one by one. Returns false, having changed nothing, when the series already holds bars or
   * `bars` does not ascend strictly by id: the caller then upserts them.
   */
  load(bars: readonly KlineTick[]): boolean {
    if (this.minutes.length > 0 || !strictlyAscending(bars)) return false
    for (const state of this.periods.values()) if (state.current || state.closed.length > 0) return false
    const kept = keptLength(bars.length, MAX_MINUTES, 1000)
    // Room for the history and about a day of live minutes before the first doubling.
    this.minutes.reserve(kept + 1440)
    for (let i = bars.length - kept; i < bars.length; i++) this.minutes.push(bars[i] as KlineTick)
    for (const [period, aggs] of aggregateHistory(bars, this.precision)) {
      const state = this.periods.get(period)
      if (!state) continue
      state.current = aggs.pop()
      const from = aggs.length - keptLength(aggs.length, MAX_CLOSED, 200)
      state.closed = aggs.slice(from).map((agg) => aggToTick(agg, this.precision))
    }
    return true
  }

  /**
   * Sets a coarse period's current bucket from an upstream bar (htx relay): `bar` is the upstream aggregate and
   * `minuteThen` the upstream 1min bar it already included; the difference to our own copy of that minute is added.
   */
  seed(period: KlinePeriod, bar: KlineTick, minuteThen: KlineTick | undefined): void {
    const state = this.periods.get(period)
    if (!state) return
    const agg = tickToAgg(bar)
    agg.first = bar.id
    agg.last = minuteThen?.id ?? bar.id
    if (minuteThen && bucketStart(period, minuteThen.id) === bar.id) {
      // Count that minute as we hold it (or not at all yet: it will arrive whole and be added then).
      const ours = this.findMinute(minuteThen.id)
      if (ours) applyDelta(agg, minuteDelta(ours, minuteThen))
      else
        applyDelta(agg, {
          bar: minuteThen,
          amount: dec(minuteThen.amount).neg(),
          vol: dec(minuteThen.vol).neg(),
          count: -minuteThen.count,
        })
    }
    state.current = agg
  }

  /** The current (in-progress) bar of a period, rounded; undefined before any data. */
  current(period: KlinePeriod): KlineTick | undefined {
    if (period === '1min') return this.lastMinute()
    const cur = this.periods.get(period)?.current
    return cur ? aggToTick(cur, this.precision) : undefined
  }

  /** The oldest bar held of a period, rounded; undefined before any data. */
  first(period: KlinePeriod): KlineTick | undefined {
    if (period === '1min') return this.minutes.at(0)
    const state = this.periods.get(period)
    return state?.closed[0] ?? this.current(period)
  }

  /** Bars of a period with `from ≤ id ≤ to` (seconds), ascending, the last `limit` of them. */
  range(period: KlinePeriod, from: number, to: number, limit: number): KlineTick[] {
    if (period === '1min') {
      const m = this.minutes
      const end = m.upperBound(to)
      return m.slice(Math.max(m.upperBound(from - 1), end - limit), end)
    }
    const state = this.periods.get(period)
    if (!state) return []
    const cur = this.current(period)
    const list = cur ? [...state.closed, cur] : state.closed
    const end = upperBound(list, to)
    let start = upperBound(list, from - 1)
    start = Math.max(start, end - limit)
    return list.slice(start, end)
  }

  private storeMinute(bar: KlineTick): KlineTick | undefined {
    const m = this.minutes
    const lastIndex = m.length - 1
    if (m.length === 0 || bar.id > m.id(lastIndex)) {
      m.push(bar)
      if (m.length > MAX_MINUTES + 1000) m.dropFirst(m.length - MAX_MINUTES)
      return undefined
    }
    const i = bar.id === m.id(lastIndex) ? lastIndex : m.upperBound(bar.id) - 1
    if (i >= 0 && m.id(i) === bar.id) {
      const found = m.at(i)
      m.set(i, bar)
      return found
    }
    m.insert(i + 1, bar)
    return undefined
  }

  private findMinute(id: number): KlineTick | undefined {
    const i = this.minutes.upperBound(id) - 1
    return i >= 0 && this.minutes.id(i) === id ? this.minutes.at(i) : undefined
  }

  private fold(period: KlinePeriod, state: PeriodState, d: MinuteDelta): void {
    const b = bucketStart(period, d.bar.id)
    const cur = state.current
    if (!cur || b > cur.id) {
      if (cur) {
        state.closed.push(aggToTick(cur, this.precision))
        if (state.closed.length > MAX_CLOSED + 200) state.closed.splice(0, state.closed.length - MAX_CLOSED)
      }
      state.current = openAgg(b, d.bar)
      return
    }
    if (b === cur.id) {
      applyDelta(cur, d)
      return
    }
    const i = upperBound(state.closed, b) - 1
    const old = state.closed[i]
    if (old && old.id === b) {
      const agg = tickToAgg(old)
      applyDelta(agg, d)
      state.closed[i] = aggToTick(agg, this.precision)
    }
  }
}

/** Index of the first bar with id > `id` (bars ascending). */
export function upperBound(list: readonly KlineTick[], id: number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if ((list[mid] as KlineTick).id <= id) lo = mid + 1
    else hi = mid
  }
  return lo
}
