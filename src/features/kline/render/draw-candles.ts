/**
 * Candles layer renderer: one path per colour (bodies and wicks of all up bars, then of all down bars), so a frame
 * is two fills however many bars are visible; zoomed-out bars as thin as their wick are a single high–low rect. Draws
 * in bitmap space from a prepared CandlesView.
 */
import type { CandlesView } from './candles-view'
import type { Ctx2D, RenderScope } from './types'

/** Draws the candles of `view`. The context must be in bitmap space (identity transform). */
export function drawCandles(ctx: Ctx2D, view: CandlesView, scope: RenderScope): void {
  if (view.count === 0) return
  for (const up of [1, 0]) {
    ctx.fillStyle = up ? scope.theme.up : scope.theme.down
    ctx.beginPath()
    for (let k = 0; k < view.count; k++) {
      if (view.up[k] !== up) continue
      // A bar no wider than its wick is one high–low line (it covers the body).
      if (view.bodyWidth > view.wickWidth) {
        ctx.rect(view.x[k]!, view.bodyTop[k]!, view.bodyWidth, view.bodyHeight[k]!)
        ctx.rect(view.wickX[k]!, view.wickTop[k]!, view.wickWidth, view.wickHeight[k]!)
      } else ctx.rect(view.wickX[k]!, view.wickTop[k]!, view.wickWidth, view.wickHeight[k]!)
    }
    ctx.fill()
  }
}
