/**
 * Time-axis labels: a step in seconds from a list of round durations, chosen so labels are at least `minGapPx`
 * apart, and the visible bars where local time crosses a step boundary. Gaps in the data are handled because we
 * look at bar times, not indices.
 */
import type { ChartModel } from './chart-model'
import { indexToX } from './time-scale'

const MIN = 60
const HOUR = 3600
const DAY = 86_400
/** Round label steps, seconds. */
const STEPS = [
  MIN,
  2 * MIN,
  5 * MIN,
  10 * MIN,
  15 * MIN,
  30 * MIN,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  3 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  61 * DAY,
  91 * DAY,
  182 * DAY,
  365 * DAY,
]

export interface TimeTick {
  /** Bar index. */
  index: number
  /** Bar centre, CSS px. */
  x: number
  /** Bar open time, epoch seconds. */
  id: number
}

/** The label step (seconds) for bars of `periodSeconds` drawn `barSpacing` px apart. */
export function timeStep(periodSeconds: number, barSpacing: number, minGapPx: number): number {
  const need = Math.ceil(minGapPx / barSpacing) * periodSeconds
  return STEPS.find((s) => s >= need) ?? Math.ceil(need / (365 * DAY)) * 365 * DAY
}

/**
 * Labelled bars of the visible range: each bar whose local-time bucket (`step`) differs from the previous bar's,
 * dropping any closer than `minGapPx * 0.75` to the previous label.
 */
export function timeTicks(
  model: ChartModel,
  periodSeconds: number,
  minGapPx: number,
): { step: number; ticks: TimeTick[] } {
  const { range, series, time } = model
  const step = timeStep(periodSeconds, time.barSpacing, minGapPx)
  const ticks: TimeTick[] = []
  if (!range) return { step, ticks }
  const first = series.time[range.from]!
  const tz = -new Date(first * 1000).getTimezoneOffset() * 60
  let prevBucket = range.from > 0 ? Math.floor((series.time[range.from - 1]! + tz) / step) : NaN
  let lastX = -Infinity
  for (let i = range.from; i <= range.to; i++) {
    const id = series.time[i]!
    const bucket = Math.floor((id + tz) / step)
    if (bucket !== prevBucket) {
      const x = indexToX(time, series.length, i)
      if (x - lastX >= minGapPx * 0.75) {
        ticks.push({ index: i, x, id })
        lastX = x
      }
    }
    prevBucket = bucket
  }
  return { step, ticks }
}
