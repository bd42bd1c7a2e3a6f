/**
 * The indicator lines of the chosen indicators over the loaded bars, and the value ranges they add to the panes'
 * scales: overlay lines (MA, EMA, BOLL) widen the price scale so a band is never cut; MACD gets a scale of its own
 * (zero always in it) and RSI the fixed 0–100.
 */
import type { ChartSeries } from './chart-series'
import {
  bollinger,
  ema,
  macd,
  rsi,
  sma,
  VOLUME_MA_PERIODS,
  type IndicatorChoice,
  type SubIndicator,
} from './indicators'
import type { IndexRange } from './time-scale'

/** Lines per bar index (NaN where not defined). */
export interface IndicatorLines {
  /** Over the candles, in the price scale, drawn in order (colours 1, 2, 3). */
  overlay: Float64Array[]
  sub: SubIndicator
  /** In the lower pane's scale: the volume MAs, MACD's DIF and DEA, or RSI. */
  subLines: Float64Array[]
  /** MACD's histogram (DIF − DEA), drawn as bars; null for the others. */
  hist: Float64Array | null
}

/** Computes the lines of `choice` over every loaded bar. */
export function computeIndicators(series: ChartSeries, choice: IndicatorChoice): IndicatorLines {
  const n = series.length
  const close = series.close
  const overlay =
    choice.main === 'ma'
      ? choice.periods.map((p) => sma(close, n, p))
      : choice.main === 'ema'
        ? choice.periods.map((p) => ema(close, n, p))
        : choice.main === 'boll'
          ? (({ mid, upper, lower }) => [mid, upper, lower])(bollinger(close, n))
          : []
  if (choice.sub === 'macd') {
    const m = macd(close, n)
    return { overlay, sub: 'macd', subLines: [m.dif, m.dea], hist: m.hist }
  }
  if (choice.sub === 'rsi') return { overlay, sub: 'rsi', subLines: [rsi(close, n)], hist: null }
  return { overlay, sub: 'vol', subLines: VOLUME_MA_PERIODS.map((p) => sma(series.volume, n, p)), hist: null }
}

function extend(lines: readonly Float64Array[], range: IndexRange, into: { min: number; max: number }) {
  for (const line of lines) {
    for (let i = range.from; i <= range.to; i++) {
      const v = line[i]!
      if (Number.isNaN(v)) continue
      if (v < into.min) into.min = v
      if (v > into.max) into.max = v
    }
  }
  return into
}

/** The visible candles' range widened by the overlay lines; null without candles. */
export function overlayRangeOf(
  lines: IndicatorLines,
  range: IndexRange | null,
  candles: { min: number; max: number } | null,
): { min: number; max: number } | null {
  if (!range || !candles) return candles
  return extend(lines.overlay, range, { ...candles })
}

/** The lower pane's range for MACD (zero included) or RSI (0–100); null for volume (its own scale). */
export function subRangeOf(lines: IndicatorLines, range: IndexRange | null): { min: number; max: number } | null {
  if (lines.sub === 'vol') return null
  if (lines.sub === 'rsi') return { min: 0, max: 100 }
  if (!range) return { min: -1, max: 1 }
  const r = extend([...lines.subLines, ...(lines.hist ? [lines.hist] : [])], range, { min: 0, max: 0 })
  return r.min === r.max ? { min: -1, max: 1 } : r
}
