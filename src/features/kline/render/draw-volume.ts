/**
 * Volume sub-pane renderer: a bar per visible candle, in the candle's colour at reduced opacity. Reuses the candles'
 * x geometry so bars line up with bodies. The pane's scale label is drawn by the axes layer (it changes rarely).
 */
import type { ChartModel } from '../model/chart-model'
import { valueToY } from '../model/price-scale'
import type { CandlesView } from './candles-view'
import type { Ctx2D, RenderScope } from './types'

/** Draws volume bars for `view` (built from the same model). Bitmap space. */
export function drawVolume(ctx: Ctx2D, model: ChartModel, view: CandlesView, scope: RenderScope): void {
  const vs = model.volumeScale
  if (!vs || view.count === 0) return
  const pr = scope.pixelRatio
  const bottom = Math.round((vs.top + vs.height) * pr)
  const vol = model.series.volume
  ctx.globalAlpha = 0.55
  for (const up of [1, 0]) {
    ctx.fillStyle = up ? scope.theme.up : scope.theme.down
    ctx.beginPath()
    for (let k = 0; k < view.count; k++) {
      if (view.up[k] !== up) continue
      const top = Math.min(bottom - 1, Math.round(valueToY(vs, vol[view.from + k]!) * pr))
      ctx.rect(view.x[k]!, top, view.bodyWidth, bottom - top)
    }
    ctx.fill()
  }
  ctx.globalAlpha = 1
}
