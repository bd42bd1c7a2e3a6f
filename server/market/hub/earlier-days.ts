/**
 * Bars from before a market's 1min history, so the coarser charts reach back further than the minutes kept do
 * (SourceSink.earlierBars: a replay's loop read backwards, its daily files). Weeks and months of recorded days are
 * folded on the calendar of periods.ts (earlierPeriods); a `req` answer joins a period's earlier bars to those
 * aggregated from the minutes (joinEarlier), merging the one bucket the two share.
 */
import type { KlineTick } from '../../../common/feed/messages'
import type { KlinePeriod } from '../../../common/feed/topics'
// Feed numbers (JSON or decimal literals), read as written: common/decimal feedDec.
import { feedDec as dec } from '../../../common/decimal'
import { type AggBar, type BarPrecision, aggToTick, openAgg, roundNum } from './bar-agg'
import { addChild } from './history-agg'
import { bucketStart } from './periods'

/** The periods day bars can make. */
export const DAY_PERIODS = ['1day', '1week', '1mon'] as const satisfies readonly KlinePeriod[]
export type DayPeriod = (typeof DAY_PERIODS)[number]

/**
 * The day bars (ids at 1day bucket starts, strictly ascending) as 1day, 1week and 1mon bars, sums exact and rounded
 * to `precision` once per bar.
 */
export function earlierPeriods(days: readonly KlineTick[], precision: BarPrecision): Map<DayPeriod, KlineTick[]> {
  const out = new Map<DayPeriod, KlineTick[]>([['1day', [...days]]])
  for (const period of ['1week', '1mon'] as const) {
    const aggs: AggBar[] = []
    for (const d of days) addChild(aggs, bucketStart(period, d.id), openAgg(d.id, d))
    out.set(
      period,
      aggs.map((a) => aggToTick(a, precision)),
    )
  }
  return out
}

/**
 * A `req` answer over the earlier bars and the ones aggregated from minutes: the earlier bars in [lo, hi] up to the
 * first minute-made bar (`first`), then `recent` (the minute-made bars of the window, ascending), the last `limit`.
 * When an earlier bar and `first` share a bucket (a week or month split between the two), they become one bar: the
 * earlier part's open, the later part's close, the wider range and the summed volumes.
 */
export function joinEarlier(
  earlier: readonly KlineTick[],
  recent: readonly KlineTick[],
  first: KlineTick | undefined,
  lo: number,
  hi: number,
  limit: number,
  precision: BarPrecision,
): KlineTick[] {
  const cut = first?.id ?? Infinity
  const before = earlier.filter((b) => b.id >= lo && b.id <= hi && b.id <= cut)
  const after = [...recent]
  const shared = before[before.length - 1]
  if (shared && first && shared.id === cut) {
    before.pop()
    const merged = mergeSplit(shared, first, precision)
    if (after[0]?.id === cut) after[0] = mergeSplit(shared, after[0], precision)
    else if (cut <= hi) before.push(merged)
  }
  return [...before, ...after].slice(-limit)
}

function mergeSplit(older: KlineTick, newer: KlineTick, p: BarPrecision): KlineTick {
  const sum = (a: number, b: number, dp: number) => roundNum(dec(a).plus(dec(b)), dp)
  return {
    id: older.id,
    open: older.open,
    close: newer.close,
    high: Math.max(older.high, newer.high),
    low: Math.min(older.low, newer.low),
    amount: sum(older.amount, newer.amount, p.volume),
    vol: sum(older.vol, newer.vol, p.turnover),
    count: older.count + newer.count,
  }
}
