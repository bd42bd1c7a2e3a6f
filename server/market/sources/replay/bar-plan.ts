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

/**
 * A bar's price path in ticks: O→L→H→C when close ≥ open, else O→H→L→C, as its three legs, each leg's length and
 * their sum, and the ticks each leg is cut into for `steps` in all (≥ 1 per moving leg, 0 for a flat one).
 */
function pathOf(raw: RawBar, spec: SymbolSpec, steps: number) {
  const pp = spec.price_precision
  const [o, h, l, c] = [raw.open, raw.high, raw.low, raw.close].map((p) => units(p, pp)) as [
    number,
    number,
    number,
    number,
  ]
  const legs = c >= o ? [l, h, c] : [h, l, c]
  const lengths = legs.map((to, i) => Math.abs(to - (i === 0 ? o : (legs[i - 1] as number))))
  const total = lengths.reduce((a, b) => a + b, 0)
  const ticks = lengths.map((d) => (d === 0 ? 0 : Math.max(1, Math.round((steps * d) / total))))
  return { o, h, l, c, legs, lengths, ticks }
}

/** Plans a bar for `steps` ticks (≥ 1 per moving leg of the path), its prints seeded by `spec.symbol` and `raw.t`. */
export function planBar(raw: RawBar, spec: SymbolSpec, steps: number): BarPlan {
  const { o, c, legs, lengths, ticks } = pathOf(raw, spec, steps)
  const points: number[] = []
  let from = o
  legs.forEach((to, i) => {
    const d = lengths[i] as number
    if (d === 0) return
    const n = ticks[i] as number
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

/**
 * A recorded bar as the whole 1min bar it plays as, in integer units: prices in ticks of 10^-price_precision, the
 * base volume in units of 10^-volume_decimals, the quote volume in units of 10^-turnover_decimals (BigInt: a minute
 * of BTC in 10^-8 USDT can pass 2^53).
 */
export interface WholeMinute {
  open: number
  high: number
  low: number
  close: number
  volume: number
  quote: bigint
  count: number
}

/** Smallest print weight over the largest (derive-prints.ts: 0.2 × 0.6 against the move, 0.2 + 3 at most). */
const MIN_WEIGHT_SHARE = (0.2 * 0.6) / 3.2

/**
 * What `barAt(planBar(raw, spec, steps), n, …)` says of the whole bar (n its last tick), for LoopHistory to fold a
 * recording's every minute at start: the same figures without planning the path or deriving the prints where they
 * cannot change the result. The derived trade count is the number of ticks when every print gets a size (each one's
 * share of the volume is at least MIN_WEIGHT_SHARE / ticks, so a volume of 1/that share per tick or more gives each
 * at least one unit); below that, and for the quote volume of a file without one, the plan is made.
 */
export function wholeMinute(raw: RawBar, spec: SymbolSpec, steps: number): WholeMinute {
  const pp = spec.price_precision
  const { o, h, l, c, ticks } = pathOf(raw, spec, steps)
  const volume = units(raw.volume, spec.volume_decimals)
  const n = Math.max(
    1,
    ticks.reduce((a, b) => a + b, 0),
  )
  let count = raw.count
  if (count === undefined && volume > 0 && volume * MIN_WEIGHT_SHARE <= n * 1.01)
    count = countAt(planBar(raw, spec, steps), n)
  else if (count === undefined) count = volume > 0 ? n : 0
  const td = spec.turnover_decimals
  return {
    open: o,
    high: Math.max(o, h, l, c),
    low: Math.min(o, h, l, c),
    close: c,
    volume,
    quote:
      raw.quote !== undefined
        ? decimalUnits(raw.quote, td)
        : derivedQuote(BigInt(volume) * BigInt(o + h + l + c), spec.volume_decimals + pp, td),
    count,
  }
}

/**
 * planBar's quote volume of a file without one, volume × (O+H+L+C)/4 rounded half up to `td` decimals, in units of
 * 10^-td, from `product` = volume units × the four prices' sum in ticks (units of 10^-`dp`).
 */
function derivedQuote(product: bigint, dp: number, td: number): bigint {
  const up = 10n ** BigInt(Math.max(0, td - dp))
  const divisor = 4n * 10n ** BigInt(Math.max(0, dp - td))
  return (2n * product * up + divisor) / (2n * divisor)
}

/** Decimal text as BigInt units of 10^-dp, rounded half up past dp decimals as barAt's `toFixed` rounds. */
function decimalUnits(text: string, dp: number): bigint {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text)
  const fraction = m?.[2] ?? ''
  if (!m || fraction.length > dp)
    return BigInt(dec(text).times(new Big(10).pow(dp)).round(0, Big.roundHalfUp).toFixed(0))
  return BigInt(m[1]! + fraction.padEnd(dp, '0'))
}
