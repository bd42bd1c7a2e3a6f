/**
 * Candle geometry of the visible bars in bitmap (device) pixels, written into reused typed arrays: the view step of
 * model → view → renderer. Bodies and wicks are snapped to whole device pixels and the wick is centred in the body
 * (their widths differ by an even number), so candles stay crisp at any devicePixelRatio.
 */
import type { ChartModel } from '../model/chart-model'
import { valueToY } from '../model/price-scale'
import { indexToX } from '../model/time-scale'

/** Geometry of `count` candles; entry k describes bar `from + k`. All values in bitmap px. */
export interface CandlesView {
  count: number
  from: number
  bodyWidth: number
  wickWidth: number
  /** Left edge of the body. */
  x: Int32Array
  /** Centre column (left edge of the wick). */
  wickX: Int32Array
  bodyTop: Int32Array
  bodyHeight: Int32Array
  wickTop: Int32Array
  wickHeight: Int32Array
  /** 1 when close ≥ open (drawn in the up colour). */
  up: Uint8Array
}

/** Body width in bitmap px for a bar spacing (CSS px): about 70 % of the slot, same parity as the wick. */
export function candleBodyWidth(barSpacing: number, pixelRatio: number): number {
  const wick = wickWidth(pixelRatio, barSpacing)
  let body = Math.max(wick, Math.floor(barSpacing * pixelRatio * 0.7))
  if ((body - wick) % 2 !== 0) body -= 1
  return Math.max(wick, body)
}

/**
 * Wick (and thin line) width in bitmap px: one CSS px, at least one device px, and no wider than 70 % of the bar
 * slot (`barSpacing` CSS px) so zoomed-out bars do not merge into a solid band.
 */
export function wickWidth(pixelRatio: number, barSpacing = Infinity): number {
  return Math.max(1, Math.min(Math.floor(pixelRatio), Math.floor(barSpacing * pixelRatio * 0.7)))
}

function alloc(view: CandlesView | undefined, n: number): CandlesView {
  if (view && view.x.length >= n) return view
  const cap = Math.max(64, n * 2)
  return {
    count: 0,
    from: 0,
    bodyWidth: 1,
    wickWidth: 1,
    x: new Int32Array(cap),
    wickX: new Int32Array(cap),
    bodyTop: new Int32Array(cap),
    bodyHeight: new Int32Array(cap),
    wickTop: new Int32Array(cap),
    wickHeight: new Int32Array(cap),
    up: new Uint8Array(cap),
  }
}

/** Fills (and returns) `reuse`, or a new view when it is too small. Empty view when nothing is visible. */
export function buildCandlesView(model: ChartModel, pixelRatio: number, reuse?: CandlesView): CandlesView {
  const { range, priceScale: ps, series, time } = model
  const n = range ? range.to - range.from + 1 : 0
  const v = alloc(reuse, n)
  v.count = 0
  if (!range || !ps) return v
  const pr = pixelRatio
  const body = candleBodyWidth(time.barSpacing, pr)
  const wick = wickWidth(pr, time.barSpacing)
  const half = (body - wick) / 2
  v.from = range.from
  v.bodyWidth = body
  v.wickWidth = wick
  const count = series.length
  for (let i = range.from, k = 0; i <= range.to; i++, k++) {
    const o = series.open[i]!
    const c = series.close[i]!
    const wickX = Math.round(indexToX(time, count, i) * pr - wick / 2)
    const yo = Math.round(valueToY(ps, o) * pr)
    const yc = Math.round(valueToY(ps, c) * pr)
    const yh = Math.round(valueToY(ps, series.high[i]!) * pr)
    const yl = Math.round(valueToY(ps, series.low[i]!) * pr)
    const top = Math.min(yo, yc)
    v.wickX[k] = wickX
    v.x[k] = wickX - half
    v.bodyTop[k] = top
    v.bodyHeight[k] = Math.max(wick, Math.max(yo, yc) - top)
    v.wickTop[k] = yh
    v.wickHeight[k] = Math.max(wick, yl - yh)
    v.up[k] = c >= o ? 1 : 0
  }
  v.count = n
  return v
}
