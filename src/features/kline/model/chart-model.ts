/**
 * Everything the K-line chart draws from: the bars, the time scale, the pane layout, the derived price and volume
 * scales of the visible range, and the crosshair. Mutations return the layers they dirtied; the controller merges
 * those bits and redraws once per animation frame.
 */
import type { KlineTick } from '../../../../common/feed/messages'
import { ChartSeries } from './chart-series'
import { computeIndicators, overlayRangeOf, subRangeOf, type IndicatorLines } from './indicator-lines'
import { DEFAULT_INDICATORS, type IndicatorChoice } from './indicators'
import { Dirty, type DirtyMask } from './invalidate-mask'
import { makeScale, maxVolumeOf, niceCeil, priceRangeOf, sameScale, type PriceScale } from './price-scale'
import {
  barIndexAt,
  clampOffset,
  pan,
  visibleRange,
  xToLogical,
  zoom,
  type IndexRange,
  type TimeScaleState,
} from './time-scale'

/** Pane rectangles, CSS px. The price axis sits right of the plot; the time axis below both panes. */
export interface ChartLayout {
  width: number
  height: number
  plotWidth: number
  mainTop: number
  mainHeight: number
  volumeTop: number
  volumeHeight: number
  timeAxisTop: number
}

export const TIME_AXIS_HEIGHT = 18
/** Share of the panes' height given to candles; the rest is the volume sub-pane. */
export const MAIN_PANE_SHARE = 0.76
export const DEFAULT_BAR_SPACING = 7
export const DEFAULT_RIGHT_OFFSET = 4

/** Crosshair position (CSS px) and the bar under it (-1 when none). */
export interface Crosshair {
  x: number
  y: number
  index: number
}

/** Computes the panes for a `width × height` stage with a price axis `axisWidth` px wide. */
export function computeLayout(width: number, height: number, axisWidth: number): ChartLayout {
  const panes = Math.max(0, height - TIME_AXIS_HEIGHT)
  const mainHeight = Math.round(panes * MAIN_PANE_SHARE)
  return {
    width,
    height,
    plotWidth: Math.max(0, width - axisWidth),
    mainTop: 0,
    mainHeight,
    volumeTop: mainHeight,
    volumeHeight: panes - mainHeight,
    timeAxisTop: panes,
  }
}

/** Widest bar slot a short series is spread to, CSS px (a zoom gesture then returns to MAX_BAR_SPACING). */
export const FILL_MAX_BAR_SPACING = 64

/**
 * Wider bars when the loaded ones would not reach across the plot (a young market, a 1D or 1W chart of a short
 * recording): the spacing that spreads them over it, one slot kept for the live edge, at most
 * FILL_MAX_BAR_SPACING. Never narrower than the spacing the user zoomed to.
 */
export function fillPlot(s: TimeScaleState, count: number): TimeScaleState {
  if (count === 0 || s.width <= 0) return s
  const fit = Math.min(FILL_MAX_BAR_SPACING, s.width / (count + 1))
  return fit > s.barSpacing ? { ...s, barSpacing: fit } : s
}

export class ChartModel {
  readonly series = new ChartSeries()
  layout: ChartLayout = computeLayout(0, 0, 0)
  time: TimeScaleState = { width: 0, barSpacing: DEFAULT_BAR_SPACING, rightOffset: DEFAULT_RIGHT_OFFSET }
  range: IndexRange | null = null
  priceScale: PriceScale | null = null
  /** The lower pane's scale: volume, MACD or RSI (indicators.sub). */
  volumeScale: PriceScale | null = null
  crosshair: Crosshair | null = null
  /** Overlay and lower-pane indicators (issue 24 part 5) and their lines over the loaded bars. */
  indicators: IndicatorChoice = DEFAULT_INDICATORS
  lines: IndicatorLines = computeIndicators(this.series, DEFAULT_INDICATORS)
  private dataVersion = 0
  private linesVersion = 0
  /** Bar length, seconds (PERIOD_SECONDS of the shown period); used for time labels. */
  periodSeconds = 60

  /** Sets the stage size and price-axis width (CSS px). */
  resize(width: number, height: number, axisWidth: number): DirtyMask {
    this.layout = computeLayout(width, height, axisWidth)
    const sized = { ...this.time, width: this.layout.plotWidth }
    this.time = clampOffset(fillPlot(sized, this.series.length), this.series.length)
    this.recompute()
    return Dirty.all
  }

  /** Replaces all bars (a reset snapshot); keeps the zoom and the offset from the newest bar. */
  reset(bars: readonly KlineTick[]): DirtyMask {
    this.series.replace(bars)
    this.dataVersion++
    this.time = clampOffset(fillPlot(this.time, this.series.length), this.series.length)
    this.crosshair = null
    this.recompute()
    return Dirty.all
  }

  /** Applies changed bars of a live snapshot; returns the layers they dirtied. */
  upsert(bars: readonly KlineTick[]): DirtyMask {
    let mask: DirtyMask = Dirty.none
    for (const b of bars) {
      const before = this.barMask(b)
      const kind = this.series.upsert(b)
      // A new bar scrolls the time axis; an inserted one shifts indices: both move everything.
      mask |= kind === 'update-last' || kind === 'update' ? before : Dirty.all
    }
    if (mask !== Dirty.none && this.crosshair && this.crosshair.index >= this.series.length - bars.length - 1) {
      mask |= Dirty.crosshair
    }
    if (mask === Dirty.none) return mask
    this.dataVersion++
    // The indicators of a changed bar move with it: overlay lines on the candles' layer, the lower pane on its own.
    return mask | this.recompute() | (mask & Dirty.candles ? Dirty.volume : Dirty.none)
  }

  /** Shows other indicators: everything is redrawn. */
  setIndicators(choice: IndicatorChoice): DirtyMask {
    this.indicators = choice
    this.dataVersion++
    this.recompute()
    return Dirty.all
  }

  /**
   * Layers an update of an existing bar to `b` would change: candles if O/H/L/C move, volume if the volume does,
   * the last-price line if the newest close does. Bars outside the view change nothing but the newest's line.
   */
  private barMask(b: KlineTick): DirtyMask {
    const s = this.series
    const i = s.length > 0 && s.time[s.length - 1] === b.id ? s.length - 1 : s.indexOf(b.id)
    if (i < 0) return Dirty.all
    const newest = i === s.length - 1
    let mask: DirtyMask = newest && s.close[i] !== b.close ? Dirty.lastPrice : Dirty.none
    const shown = this.range !== null && i >= this.range.from && i <= this.range.to
    if (!shown) return mask
    if (s.open[i] !== b.open || s.high[i] !== b.high || s.low[i] !== b.low || s.close[i] !== b.close)
      mask |= Dirty.candles
    if (s.volume[i] !== b.amount) mask |= Dirty.volume
    return mask
  }

  /** Merges an older history page; the view does not move. */
  prepend(bars: readonly KlineTick[]): DirtyMask {
    const added = this.series.merge(bars)
    if (added === 0) return Dirty.none
    this.dataVersion++
    if (this.crosshair) this.crosshair = { ...this.crosshair, index: this.crosshair.index + added }
    this.recompute()
    return Dirty.all
  }

  /** Pans by `dx` CSS px. */
  panBy(dx: number): DirtyMask {
    this.time = pan(this.time, this.series.length, dx)
    this.recompute()
    return Dirty.all
  }

  /** Zooms by `factor` around `x` (CSS px). */
  zoomAt(factor: number, x: number): DirtyMask {
    this.time = zoom(this.time, this.series.length, factor, Math.min(x, this.layout.plotWidth))
    this.recompute()
    return Dirty.all
  }

  /** Moves the crosshair to (x, y) CSS px, snapping to the bar under x; null hides it. */
  setCrosshair(point: { x: number; y: number } | null): DirtyMask {
    if (!point) {
      if (!this.crosshair) return Dirty.none
      this.crosshair = null
      return Dirty.crosshair
    }
    const x = Math.min(Math.max(point.x, 0), this.layout.plotWidth)
    const y = Math.min(Math.max(point.y, 0), this.layout.timeAxisTop)
    this.crosshair = { x, y, index: barIndexAt(this.time, this.series.length, x) }
    return Dirty.crosshair
  }

  /** Loaded bars left of the view's left edge (negative when the view shows space before the oldest bar). */
  barsLeftOfView(): number {
    return xToLogical(this.time, this.series.length, 0)
  }

  /** Recomputes the visible range and scales; Dirty.axes when the price or time mapping changed. */
  private recompute(): DirtyMask {
    const { layout, series } = this
    if (this.linesVersion !== this.dataVersion) {
      this.lines = computeIndicators(series, this.indicators)
      this.linesVersion = this.dataVersion
    }
    const range = visibleRange(this.time, series.length)
    const prices = overlayRangeOf(this.lines, range, priceRangeOf(series, range))
    const priceScale = prices ? makeScale(prices.min, prices.max, layout.mainTop, layout.mainHeight) : null
    const sub = subRangeOf(this.lines, range)
    // The volume pane tops out at a round number, so a growing bar rarely rescales it (or redraws its label).
    const volumeScale =
      sub === null
        ? makeScale(0, niceCeil(maxVolumeOf(series, range)), layout.volumeTop + 4, layout.volumeHeight - 4, 0)
        : makeScale(sub.min, sub.max, layout.volumeTop + 4, layout.volumeHeight - 4, 0.08)
    const moved = !sameScale(priceScale, this.priceScale)
    const rangeMoved = range?.from !== this.range?.from || range?.to !== this.range?.to
    const volumeMoved = !sameScale(volumeScale, this.volumeScale)
    this.range = range
    this.priceScale = priceScale
    this.volumeScale = volumeScale
    if (moved || rangeMoved) return Dirty.all
    return volumeMoved ? Dirty.axes | Dirty.volume : Dirty.none
  }
}
