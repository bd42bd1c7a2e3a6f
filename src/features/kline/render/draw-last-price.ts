/**
 * Last-price layer renderer: a dashed line at the newest bar's close across the plot and a label in the up/down
 * colour on the price axis. The label is clamped into the pane when the view is panned away from the price. The
 * axes layer leaves out price labels the tag would cover (see `hiddenPriceLabels` in draw-axes.ts).
 */
import type { ChartModel } from '../model/chart-model'
import { valueToY } from '../model/price-scale'
import { bitmapFont, type Ctx2D, type RenderScope } from './types'

/** Height of the price tag on the axis, CSS px. */
export const LAST_PRICE_TAG_HEIGHT = 16
const LABEL_HEIGHT = LAST_PRICE_TAG_HEIGHT

/** Centre y (CSS px) of the last-price tag: the newest close, clamped into the main pane; null with no bars. */
export function lastPriceTagY(model: ChartModel): number | null {
  const { series, priceScale: ps, layout } = model
  const n = series.length
  if (n === 0 || !ps) return null
  const half = LABEL_HEIGHT / 2
  const y = valueToY(ps, series.close[n - 1]!)
  return Math.min(Math.max(y, layout.mainTop + half), layout.mainTop + layout.mainHeight - half)
}

/** Draws the last-price line and label. Bitmap space. */
export function drawLastPrice(ctx: Ctx2D, model: ChartModel, scope: RenderScope): void {
  const { series, priceScale: ps, layout } = model
  const n = series.length
  if (n === 0 || !ps) return
  const pr = scope.pixelRatio
  const px = (v: number) => Math.round(v * pr)
  const close = series.close[n - 1]!
  const color = close >= series.open[n - 1]! ? scope.theme.up : scope.theme.down
  const y = valueToY(ps, close)
  const line = Math.max(1, Math.floor(pr))
  if (y >= layout.mainTop && y <= layout.mainTop + layout.mainHeight) {
    ctx.strokeStyle = color
    ctx.lineWidth = line
    ctx.setLineDash([px(4), px(3)])
    ctx.beginPath()
    const yy = px(y) + line / 2
    ctx.moveTo(0, yy)
    ctx.lineTo(px(layout.plotWidth), yy)
    ctx.stroke()
    ctx.setLineDash([])
  }
  const half = LABEL_HEIGHT / 2
  const ly = lastPriceTagY(model)!
  ctx.fillStyle = color
  ctx.fillRect(px(layout.plotWidth), px(ly - half), px(layout.width - layout.plotWidth), px(LABEL_HEIGHT))
  ctx.fillStyle = scope.theme.onAccent
  ctx.font = bitmapFont(scope, 10)
  ctx.textAlign = 'left'
  ctx.textBaseline = 'middle'
  ctx.fillText(scope.format.price(close), px(layout.plotWidth + 4), px(ly))
}
