/**
 * Last-price layer renderer: a dashed line at the newest bar's close across the plot and a label in the up/down
 * colour on the price axis. The label is clamped into the pane when the view is panned away from the price.
 */
import type { ChartModel } from '../model/chart-model'
import { valueToY } from '../model/price-scale'
import { bitmapFont, type Ctx2D, type RenderScope } from './types'

const LABEL_HEIGHT = 16

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
  const ly = Math.min(Math.max(y, layout.mainTop + half), layout.mainTop + layout.mainHeight - half)
  ctx.fillStyle = color
  ctx.fillRect(px(layout.plotWidth), px(ly - half), px(layout.width - layout.plotWidth), px(LABEL_HEIGHT))
  ctx.fillStyle = scope.theme.onAccent
  ctx.font = bitmapFont(scope, 10)
  ctx.textAlign = 'left'
  ctx.textBaseline = 'middle'
  ctx.fillText(scope.format.price(close), px(layout.plotWidth + 4), px(ly))
}
