/**
 * How a recorded 1min bar is played (all derived, documented in replay/index.ts): a price path O→L→H→C when
 * close ≥ open, else O→H→L→C, cut into about `steps` ticks that land exactly on each turning point; each tick is a
 * derived trade whose size and taker side derive-prints.ts draws (seeded by symbol and bar time; varied sizes that add
 * up to the bar's volume exactly, sides following the path). After the last tick the running bar equals the recorded bar to the last digit.
 */
import Big from 'big.js'
import { dec } from '../../../../common/decimal'
import type { KlineTick } from '../../../../common/feed/messages'
import type { SymbolSpec } from '../source'
import { fromUnits, toUnits } from '../units'
import { type PrintSide, derivePrints, printSeed } from './derive-prints'
import type { RawBar } from './row'

export interface BarPlan {
  /** Price after each tick, in ticks of 10^-price_precision; the last is the close. */
  points: number[]
  openTicks: number
  /** Volume in units of 10^-volume_decimals. */
  volumeUnits: number
  /** Quote turnover of the whole bar: recorded, or volume × (O+H+L+C)/4 when the file has none (freqtrade). */
  quote: Big
  /** Recorded trade count, or undefined (then the count is the number of derived trades). */
  count: number | undefined
  /** Cumulative volume units after each tick (`cum[0]` = 0, `cum[n]` = volumeUnits); see derive-prints.ts. */
  cum: number[]
  /** Taker side of the derived trade of tick k at index k − 1. */
  sides: PrintSide[]
}

/** Scales decimal text to integer units cheaply, falling back to exact big.js when the float shortcut is off. */
function units(text: string, dp: number): number {
  const u = Math.round(Number(text) * 10 ** dp)
  return Number.isSafeInteger(u) && fromUnits(u, dp) === Number(text) ? u : toUnits(text, dp)
}

/** Plans a bar for `steps` ticks (≥ 1 per moving leg of the path), its prints seeded by `spec.symbol` and `raw.t`. */
export function planBar(raw: RawBar, spec: SymbolSpec, steps: number): BarPlan {
  const pp = spec.price_precision
  const o = units(raw.open, pp)
  const h = units(raw.high, pp)
  const l = units(raw.low, pp)
  const c = units(raw.close, pp)
  const legs = c >= o ? [l, h, c] : [h, l, c]
  const lengths = legs.map((to, i) => Math.abs(to - (i === 0 ? o : (legs[i - 1] as number))))
  const total = lengths.reduce((a, b) => a + b, 0)
  const points: number[] = []
  let from = o
  legs.forEach((to, i) => {
    const d = lengths[i] as number
    if (d === 0) return
    const n = Math.max(1, Math.round((steps * d) / total))
    for (let k = 1; k <= n; k++) points.push(from + Math.sign(to - from) * Math.round((d * k) / n))
    from = to
  })
  if (points.length === 0) points.push(c)
  const quote =
    raw.quote !== undefined
      ? dec(raw.quote)
      : dec(raw.volume)
          .times(dec(raw.open).plus(raw.high).plus(raw.low).plus(raw.close))
          .div(4)
          .round(spec.turnover_decimals, Big.roundHalfUp)
  const volumeUnits = units(raw.volume, spec.volume_decimals)
  const { cum, sides } = derivePrints(points, o, volumeUnits, printSeed(spec.symbol, raw.t))
  return { points, openTicks: o, volumeUnits, quote, count: raw.count, cum, sides }
}

/** Cumulative volume units after tick `k` (0..n) of the plan. */
export function cumVolume(plan: BarPlan, k: number): number {
  return plan.cum[k] as number
}

/** Trade count of the bar after tick `k`: the recorded count pro rata, or the derived trades so far. */
export function countAt(plan: BarPlan, k: number): number {
  const n = plan.points.length
  if (plan.count !== undefined) return Math.floor((plan.count * k) / n)
  let trades = 0
  for (let j = 1; j <= k; j++) if (cumVolume(plan, j) > cumVolume(plan, j - 1)) trades++
  return trades
}

/** The running 1min bar after tick `k` (1..n) of the plan; at k = n it is the recorded bar. */
export function barAt(plan: BarPlan, k: number, id: number, spec: SymbolSpec): KlineTick {
  const n = plan.points.length
  let high = plan.openTicks
  let low = plan.openTicks
  for (let j = 0; j < k; j++) {
    const p = plan.points[j] as number
    if (p > high) high = p
    if (p < low) low = p
  }
  const cum = cumVolume(plan, k)
  const quote =
    k >= n
      ? plan.quote
      : plan.volumeUnits > 0
        ? plan.quote.times(cum).div(plan.volumeUnits).round(spec.turnover_decimals, Big.roundDown)
        : plan.quote.times(k).div(n).round(spec.turnover_decimals, Big.roundDown)
  const pp = spec.price_precision
  return {
    id,
    open: fromUnits(plan.openTicks, pp),
    close: fromUnits(plan.points[k - 1] as number, pp),
    low: fromUnits(low, pp),
    high: fromUnits(high, pp),
    amount: fromUnits(cum, spec.volume_decimals),
    vol: Number(quote.toFixed(spec.turnover_decimals)),
    count: countAt(plan, k),
  }
}
