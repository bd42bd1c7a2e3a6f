/**
 * Vertical mapping of a pane: the price (or volume) range of the visible bars onto the pane's pixels, and "nice"
 * tick values (1, 2, 2.5, 5 × 10ⁿ) for the grid and axis labels. Pure maths on plot coordinates.
 */
import type { ChartSeries } from './chart-series'
import type { IndexRange } from './time-scale'

/** A pane's value range mapped onto [top, top + height] CSS px, with `margin` (fraction) kept free at each end. */
export interface PriceScale {
  min: number
  max: number
  top: number
  height: number
  margin: number
}

/** Lowest low and highest high of bars `range`; null for an empty range. */
export function priceRangeOf(series: ChartSeries, range: IndexRange | null): { min: number; max: number } | null {
  if (!range || series.length === 0) return null
  let min = Infinity
  let max = -Infinity
  const { low, high } = series
  for (let i = range.from; i <= range.to; i++) {
    if (low[i]! < min) min = low[i]!
    if (high[i]! > max) max = high[i]!
  }
  return { min, max }
}

/** Highest volume of bars `range` (0 for an empty range). */
export function maxVolumeOf(series: ChartSeries, range: IndexRange | null): number {
  if (!range) return 0
  let max = 0
  const v = series.volume
  for (let i = range.from; i <= range.to; i++) if (v[i]! > max) max = v[i]!
  return max
}

/** Builds a scale; a flat range (min = max) is widened by 0.5 % so it still maps. */
export function makeScale(min: number, max: number, top: number, height: number, margin = 0.1): PriceScale {
  if (max <= min) {
    const pad = Math.abs(min) * 0.005 || 1
    return { min: min - pad, max: max + pad, top, height, margin }
  }
  return { min, max, top, height, margin }
}

/** Y (CSS px) of `value`. */
export function valueToY(s: PriceScale, value: number): number {
  const inner = s.height * (1 - 2 * s.margin)
  return s.top + s.height * s.margin + ((s.max - value) / (s.max - s.min)) * inner
}

/** Value at y (inverse of valueToY). */
export function yToValue(s: PriceScale, y: number): number {
  const inner = s.height * (1 - 2 * s.margin)
  return s.max - ((y - s.top - s.height * s.margin) / inner) * (s.max - s.min)
}

/** True when two scales map every value to the same pixel (so axes need no redraw). */
export function sameScale(a: PriceScale | null, b: PriceScale | null): boolean {
  if (!a || !b) return a === b
  return a.min === b.min && a.max === b.max && a.top === b.top && a.height === b.height && a.margin === b.margin
}

/** The nice step (1, 2, 2.5, 5 × 10ⁿ) closest above `span / maxTicks`. */
export function niceStep(span: number, maxTicks: number): number {
  const rough = span / Math.max(1, maxTicks)
  const pow = 10 ** Math.floor(Math.log10(rough))
  for (const m of [1, 2, 2.5, 5, 10]) if (m * pow >= rough) return m * pow
  return 10 * pow
}

/** The smallest value ≥ `v` of the form 1, 2, 2.5, 5 × 10ⁿ (1 for v ≤ 0). */
export function niceCeil(v: number): number {
  if (!(v > 0)) return 1
  const pow = 10 ** Math.floor(Math.log10(v))
  for (const m of [1, 2, 2.5, 5, 10]) if (m * pow >= v) return m * pow
  return 10 * pow
}

/**
 * Tick values inside the visible part of the pane, at least `minGapPx` apart. Values are snapped to the step's
 * decimals so labels do not show float noise (0.30000000000000004).
 */
export function priceTicks(s: PriceScale, minGapPx: number): number[] {
  const lo = yToValue(s, s.top + s.height)
  const hi = yToValue(s, s.top)
  const step = niceStep(hi - lo, Math.floor(s.height / minGapPx))
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1)
  const out: number[] = []
  const first = Math.ceil(lo / step)
  for (let k = first; k * step <= hi; k++) out.push(Number((k * step).toFixed(decimals)))
  return out
}
