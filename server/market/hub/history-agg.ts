/**
 * A source's start-up history (the sim's 3 days × 18 markets, a replay's past) folded into every coarse period at
 * once: each period is built from the next finer one (5min from 1min, 15min from 5min … 1week and 1mon from 1day),
 * since every bucket of a period lies inside one bucket of the next on HTX's calendar (periods.ts). Same bars as
 * upserting the minutes one by one (candle-series.ts), with ~3 big.js sums per minute instead of ~20.
 */
import type { KlineTick } from '../../../common/feed/messages'
import type { KlinePeriod } from '../../../common/feed/topics'
import { type AggBar, openAgg } from './bar-agg'
import { bucketStart } from './periods'

/** Each coarse period and the finer one it is built from. */
const CHAIN: readonly (readonly [KlinePeriod, KlinePeriod])[] = [
  ['5min', '1min'],
  ['15min', '5min'],
  ['30min', '15min'],
  ['60min', '30min'],
  ['4hour', '60min'],
  ['1day', '4hour'],
  ['1week', '1day'],
  ['1mon', '1day'],
]

/** True when `bars` ascend strictly by id: the order `aggregateHistory` requires. */
export function strictlyAscending(bars: readonly KlineTick[]): boolean {
  for (let i = 1; i < bars.length; i++) if ((bars[i] as KlineTick).id <= (bars[i - 1] as KlineTick).id) return false
  return true
}

/**
 * Unrounded bars of every coarse period for `minutes` (strictly ascending ids, epoch seconds), oldest first; the
 * last one of each period is its in-progress bar.
 */
export function aggregateHistory(minutes: readonly KlineTick[]): Map<KlinePeriod, AggBar[]> {
  const levels = new Map<KlinePeriod, AggBar[]>()
  levels.set('1min', [])
  for (const [period, finer] of CHAIN) {
    const out: AggBar[] = []
    if (finer === '1min') for (const m of minutes) addMinute(out, bucketStart(period, m.id), m)
    else for (const child of levels.get(finer) ?? []) addChild(out, bucketStart(period, child.id), child)
    levels.set(period, out)
  }
  levels.delete('1min')
  return levels
}

function addMinute(out: AggBar[], bucket: number, m: KlineTick): void {
  const cur = out[out.length - 1]
  if (!cur || cur.id !== bucket) {
    out.push(openAgg(bucket, m))
    return
  }
  addChild(out, bucket, openAgg(m.id, m))
}

/** Folds a finer bar that comes after everything already in `out` (so it closes the bucket and never opens it). */
function addChild(out: AggBar[], bucket: number, c: AggBar): void {
  const cur = out[out.length - 1]
  if (!cur || cur.id !== bucket) {
    out.push({ ...c, id: bucket })
    return
  }
  cur.amount = cur.amount.plus(c.amount)
  cur.vol = cur.vol.plus(c.vol)
  cur.count += c.count
  if (c.high > cur.high) cur.high = c.high
  if (c.low < cur.low) cur.low = c.low
  cur.last = c.last
  cur.close = c.close
}

/**
 * Length a list reaches when `n` items are pushed one by one and it is cut back to `max` whenever it passes
 * `max + slack` (the trimming of candle-series.ts), so a bulk load keeps exactly what upserts would have kept.
 */
export function keptLength(n: number, max: number, slack: number): number {
  return n <= max + slack ? n : max + ((n - max) % (slack + 1))
}
