/**
 * A source's start-up history (the sim's 3 days × 18 markets, a replay's past) folded into every coarse period at
 * once: each period is built from the next finer one (5min from 1min, 15min from 5min … 1week and 1mon from 1day),
 * since every bucket of a period lies inside one bucket of the next on HTX's calendar (periods.ts). Same bars as
 * upserting the minutes one by one (candle-series.ts), with ~3 big.js sums per minute instead of ~20.
 */
import Big from 'big.js'
import type { KlineTick } from '../../../common/feed/messages'
import type { KlinePeriod } from '../../../common/feed/topics'
import { type AggBar, type BarPrecision, openAgg } from './bar-agg'
import { bucketStart } from './periods'
import { exactUnits } from '../sources/units'

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
 * last one of each period is its in-progress bar. `precision` (the market's volume and turnover decimals) lets the
 * 5min sums run on integers where every minute's figures fit them.
 */
export function aggregateHistory(minutes: readonly KlineTick[], precision: BarPrecision): Map<KlinePeriod, AggBar[]> {
  const levels = new Map<KlinePeriod, AggBar[]>()
  for (const [period, finer] of CHAIN) {
    const out: AggBar[] = []
    if (finer === '1min') addMinutes(out, period, minutes, precision)
    else for (const child of levels.get(finer) ?? []) addChild(out, bucketStart(period, child.id), child)
    levels.set(period, out)
  }
  return levels
}

/** Folds the minutes into `period` bucket by bucket. */
function addMinutes(out: AggBar[], period: KlinePeriod, minutes: readonly KlineTick[], p: BarPrecision): void {
  for (let i = 0; i < minutes.length;) {
    const bucket = bucketStart(period, (minutes[i] as KlineTick).id)
    let end = i + 1
    while (end < minutes.length && bucketStart(period, (minutes[end] as KlineTick).id) === bucket) end++
    out.push(integerBucket(bucket, minutes, i, end, p) ?? bigBucket(bucket, minutes, i, end))
    i = end
  }
}

function bigBucket(bucket: number, minutes: readonly KlineTick[], from: number, to: number): AggBar {
  const agg = openAgg(bucket, minutes[from] as KlineTick)
  const holder = [agg]
  for (let i = from + 1; i < to; i++)
    addChild(holder, bucket, openAgg((minutes[i] as KlineTick).id, minutes[i] as KlineTick))
  return agg
}

/**
 * The bucket with its sums taken in integer units of the market's decimals, exact and without big.js, or undefined
 * when a minute's amount or turnover has more decimals than that (or a sum leaves the safe integers).
 */
function integerBucket(bucket: number, minutes: readonly KlineTick[], from: number, to: number, p: BarPrecision) {
  let amount = 0
  let vol = 0
  for (let i = from; i < to; i++) {
    const m = minutes[i] as KlineTick
    amount += exactUnits(m.amount, p.volume)
    vol += exactUnits(m.vol, p.turnover)
  }
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(vol)) return undefined
  const agg = bucketShape(bucket, minutes, from, to)
  agg.amount = new Big(`${amount}e-${p.volume}`)
  agg.vol = new Big(`${vol}e-${p.turnover}`)
  return agg
}

/** OHLC, count and first/last of a bucket; sums left at zero for the caller. */
function bucketShape(bucket: number, minutes: readonly KlineTick[], from: number, to: number): AggBar {
  const first = minutes[from] as KlineTick
  const last = minutes[to - 1] as KlineTick
  const { open, high, low } = first
  const zero = new Big(0)
  const agg: AggBar = {
    id: bucket,
    open,
    high,
    low,
    close: last.close,
    amount: zero,
    vol: zero,
    count: 0,
    first: first.id,
    last: last.id,
  }
  for (let i = from; i < to; i++) {
    const m = minutes[i] as KlineTick
    agg.count += m.count
    if (m.high > agg.high) agg.high = m.high
    if (m.low < agg.low) agg.low = m.low
  }
  return agg
}

/** Folds a finer bar that comes after everything already in `out` (so it closes the bucket and never opens it). */
export function addChild(out: AggBar[], bucket: number, c: AggBar): void {
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
