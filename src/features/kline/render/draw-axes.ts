/**
 * Axes layer renderer: horizontal grid at the price ticks, vertical grid at the time labels, price labels on the
 * right axis, the volume pane's top value, time labels under the panes and the pane borders. Redrawn only when a
 * scale moves.
 */
import type { ChartModel } from '../model/chart-model'
import { priceTicks, valueToY } from '../model/price-scale'
import { timeTicks } from '../model/time-ticks'
import { bitmapFont, type Ctx2D, type RenderScope } from './types'

/** Minimum distance between price labels / time labels, CSS px. */
export const PRICE_LABEL_GAP = 44
export const TIME_LABEL_GAP = 72

/** Draws grid, borders and axis labels. Bitmap space. */
export function drawAxes(ctx: Ctx2D, model: ChartModel, scope: RenderScope): void {
  const { layout } = model
  const pr = scope.pixelRatio
  const px = (v: number) => Math.round(v * pr)
  const line = Math.max(1, Math.floor(pr))
  const right = px(layout.plotWidth)
  const panesBottom = px(layout.timeAxisTop)
  ctx.font = bitmapFont(scope, 10)

  const prices = model.priceScale ? priceTicks(model.priceScale, PRICE_LABEL_GAP) : []
  const { step, ticks } = timeTicks(model, model.periodSeconds, TIME_LABEL_GAP)
  ctx.fillStyle = scope.theme.grid
  ctx.beginPath()
  for (const p of prices) ctx.rect(0, px(valueToY(model.priceScale!, p)), right, line)
  for (const t of ticks) ctx.rect(px(t.x), 0, line, panesBottom)
  ctx.fill()

  ctx.fillStyle = scope.theme.border
  ctx.beginPath()
  ctx.rect(0, px(layout.volumeTop), px(layout.width), line)
  ctx.rect(0, panesBottom, px(layout.width), line)
  ctx.rect(right, 0, line, panesBottom)
  ctx.fill()

  ctx.fillStyle = scope.theme.textMuted
  ctx.textAlign = 'left'
  ctx.textBaseline = 'middle'
  for (const p of prices) {
    const y = px(valueToY(model.priceScale!, p))
    if (y > px(6) && y < px(layout.mainHeight - 6)) ctx.fillText(scope.format.price(p), right + px(4), y)
  }
  const vs = model.volumeScale
  if (vs) {
    ctx.textBaseline = 'top'
    ctx.fillText(scope.format.volume(vs.max), right + px(4), px(vs.top + 1))
  }
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  const timeY = px(layout.timeAxisTop + (layout.height - layout.timeAxisTop) / 2)
  for (const t of ticks) {
    if (t.x < 20 || t.x > layout.plotWidth - 20) continue
    ctx.fillText(scope.format.axisTime(t.id, step), px(t.x), timeY)
  }
}
