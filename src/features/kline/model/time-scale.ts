/**
 * Horizontal mapping between bar indices and CSS pixels, anchored at the newest bar as lightweight-charts does:
 * `rightOffset` is how many bar widths lie between the newest bar and the right edge, so appending bars scrolls the
 * view while prepending history leaves it still. Pure maths, no DOM.
 */

/**
 * Bar width limits, CSS px. 0.5 px (lightweight-charts' minBarSpacing) lets a phone show 600+ bars zoomed out, as
 * thin high–low lines; 40 px is about 10 bars on a phone.
 */
export const MIN_BAR_SPACING = 0.5
export const MAX_BAR_SPACING = 40
/** Bars that must stay on screen when panning to either end. */
export const MIN_VISIBLE_BARS = 5

export interface TimeScaleState {
  /** Plot width, CSS px. */
  width: number
  /** Distance between bar centres, CSS px. */
  barSpacing: number
  /** Empty bars between the newest bar and the right edge (may be negative when panned into the past). */
  rightOffset: number
}

/** An inclusive index range of bars, or null when none is visible. */
export interface IndexRange {
  from: number
  to: number
}

/** X of the centre of bar `index`, CSS px, when `count` bars are loaded. */
export function indexToX(s: TimeScaleState, count: number, index: number): number {
  return s.width - s.barSpacing * (count - 1 - index + s.rightOffset) - s.barSpacing / 2
}

/** Fractional bar index at x (inverse of indexToX). */
export function xToLogical(s: TimeScaleState, count: number, x: number): number {
  return count - 1 + s.rightOffset - (s.width - s.barSpacing / 2 - x) / s.barSpacing
}

/** The loaded bar nearest to x, or -1 when x is outside the loaded bars (e.g. in the right offset). */
export function barIndexAt(s: TimeScaleState, count: number, x: number): number {
  const i = Math.round(xToLogical(s, count, x))
  return i >= 0 && i < count ? i : -1
}

/** Bars whose slot (centre ± half a bar) overlaps (0, width), clamped to the loaded ones; null when none. */
export function visibleRange(s: TimeScaleState, count: number): IndexRange | null {
  if (count === 0 || s.width <= 0) return null
  const from = Math.max(0, Math.floor(xToLogical(s, count, 0) - 0.5) + 1)
  const to = Math.min(count - 1, Math.ceil(xToLogical(s, count, s.width) + 0.5) - 1)
  return from <= to ? { from, to } : null
}

/**
 * Most empty space kept right of the newest bar: MAX_RIGHT_OFFSET_BARS bar slots, and never more than
 * MAX_RIGHT_OFFSET_SHARE of the plot width (so wide bars cannot push the live candle to the middle). Panning
 * towards the future stops there instead of emptying the plot.
 */
export const MAX_RIGHT_OFFSET_BARS = 6
export const MAX_RIGHT_OFFSET_SHARE = 0.15

/** The largest rightOffset (bars) allowed for a plot `width` px wide at `barSpacing` px per bar. */
export function maxRightOffset(width: number, barSpacing: number): number {
  return Math.min(MAX_RIGHT_OFFSET_BARS, (width * MAX_RIGHT_OFFSET_SHARE) / barSpacing)
}

/**
 * Keeps at least MIN_VISIBLE_BARS on screen (or all of them when fewer are loaded) when panning into the past, and
 * at most `maxRightOffset` empty bar slots right of the newest bar. Unsized scales are left alone.
 */
export function clampOffset(s: TimeScaleState, count: number): TimeScaleState {
  if (s.width <= 0) return s
  const keep = Math.min(MIN_VISIBLE_BARS, Math.max(count, 1))
  const maxOffset = Math.min(s.width / s.barSpacing - keep, maxRightOffset(s.width, s.barSpacing))
  const minOffset = -(count - keep)
  const rightOffset = Math.min(Math.max(s.rightOffset, minOffset), Math.max(maxOffset, minOffset))
  return rightOffset === s.rightOffset ? s : { ...s, rightOffset }
}

/** Pans by `dx` CSS px (positive = drag to the right = look at older bars). */
export function pan(s: TimeScaleState, count: number, dx: number): TimeScaleState {
  return clampOffset({ ...s, rightOffset: s.rightOffset - dx / s.barSpacing }, count)
}

/**
 * Zooms by `factor` (> 1 = wider bars). At the live edge (newest bar on screen, rightOffset ≥ 0) the newest bar
 * stays put so live prices stay in view; otherwise the bar under `anchorX` (CSS px) stays in place.
 */
export function zoom(s: TimeScaleState, count: number, factor: number, anchorX: number): TimeScaleState {
  const barSpacing = Math.min(MAX_BAR_SPACING, Math.max(MIN_BAR_SPACING, s.barSpacing * factor))
  if (barSpacing === s.barSpacing) return s
  if (s.rightOffset >= 0) return clampOffset({ ...s, barSpacing }, count)
  const logical = xToLogical(s, count, anchorX)
  const rightOffset = logical - (count - 1) + (s.width - barSpacing / 2 - anchorX) / barSpacing
  return clampOffset({ ...s, barSpacing, rightOffset }, count)
}
