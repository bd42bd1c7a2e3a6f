/**
 * Which chart layers must be redrawn in the next animation frame. Unlike lightweight-charts' graded levels, each
 * layer has its own bit: a live tick dirties candles, volume and the last-price line (and the axes only when the
 * price range moved); a crosshair move dirties only the crosshair layer.
 */

/** Layer bits. */
export const Dirty = {
  none: 0,
  axes: 1,
  candles: 2,
  volume: 4,
  lastPrice: 8,
  crosshair: 16,
  /** Everything (resize, pan, zoom, theme, new data). */
  all: 31,
} as const

/** A combination of `Dirty` bits. */
export type DirtyMask = number

/** Layer names in paint order (bottom first), each with its bit. */
export const LAYERS = [
  ['axes', Dirty.axes],
  ['volume', Dirty.volume],
  ['candles', Dirty.candles],
  ['lastPrice', Dirty.lastPrice],
  ['crosshair', Dirty.crosshair],
] as const

export type LayerName = (typeof LAYERS)[number][0]
