/**
 * Crosshair layer renderer: dashed lines through the pointer (snapped to the bar centre), the value under the pointer
 * on the price axis, the bar's time under the panes and an OHLCV legend box on the side away from the pointer.
 * This is the only layer a pointer move redraws.
 */
import { subValueText } from './draw-indicators'
import type { ChartModel } from '../model/chart-model'
import { yToValue } from '../model/price-scale'
import { indexToX } from '../model/time-scale'
import { drawLegend } from './draw-legend'
import { bitmapFont, type Ctx2D, type RenderScope } from './types'

const LABEL_HEIGHT = 16

/** Draws the crosshair, its axis labels and the legend of the bar under it (nothing when hidden). Bitmap space. */
export function drawCrosshair(ctx: Ctx2D, model: ChartModel, scope: RenderScope): void {
  const ch = model.crosshair
  if (!ch) return
  const { layout, series } = model
  const pr = scope.pixelRatio
  const px = (v: number) => Math.round(v * pr)
  const line = Math.max(1, Math.floor(pr))
  const x = ch.index >= 0 ? indexToX(model.time, series.length, ch.index) : ch.x
  ctx.strokeStyle = scope.theme.crosshair
  ctx.lineWidth = line
  ctx.setLineDash([px(3), px(3)])
  ctx.beginPath()
  ctx.moveTo(px(x) + line / 2, 0)
  ctx.lineTo(px(x) + line / 2, px(layout.timeAxisTop))
  ctx.moveTo(0, px(ch.y) + line / 2)
  ctx.lineTo(px(layout.plotWidth), px(ch.y) + line / 2)
  ctx.stroke()
  ctx.setLineDash([])

  ctx.font = bitmapFont(scope, 10)
  ctx.textBaseline = 'middle'
  const inMain = ch.y < layout.volumeTop
  const scale = inMain ? model.priceScale : model.volumeScale
  if (scale) {
    const value = yToValue(scale, ch.y)
    const text = inMain ? scope.format.price(value) : subValueText(model, scope, value)
    const half = LABEL_HEIGHT / 2
    const ly = Math.min(Math.max(ch.y, half), layout.timeAxisTop - half)
    ctx.fillStyle = scope.theme.labelBg
    ctx.fillRect(px(layout.plotWidth), px(ly - half), px(layout.width - layout.plotWidth), px(LABEL_HEIGHT))
    ctx.fillStyle = scope.theme.labelText
    ctx.textAlign = 'left'
    ctx.fillText(text, px(layout.plotWidth + 4), px(ly))
  }
  if (ch.index < 0) return
  const time = scope.format.crosshairTime(series.time[ch.index]!)
  const w = ctx.measureText(time).width + px(10)
  const left = Math.min(Math.max(px(x) - w / 2, 0), px(layout.width) - w)
  ctx.fillStyle = scope.theme.labelBg
  ctx.fillRect(Math.round(left), px(layout.timeAxisTop), Math.round(w), px(layout.height - layout.timeAxisTop))
  ctx.fillStyle = scope.theme.labelText
  ctx.textAlign = 'center'
  ctx.fillText(time, Math.round(left + w / 2), px(layout.timeAxisTop + (layout.height - layout.timeAxisTop) / 2))
  drawLegend(ctx, model, ch.index, x > layout.plotWidth / 2 ? 'left' : 'right', scope)
}
