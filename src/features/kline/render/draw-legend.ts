/**
 * OHLCV legend of one bar, drawn by the crosshair layer in a box in the top corner away from the pointer:
 * label on the left (muted), value on the right; close and change in the bar's colour.
 */
import type { ChartModel } from '../model/chart-model'
import { bitmapFont, type Ctx2D, type RenderScope } from './types'

const ROW = 15
const PAD = 6

/** Draws the legend box of bar `index` at the top `side` corner of the plot. Bitmap space. */
export function drawLegend(
  ctx: Ctx2D,
  model: ChartModel,
  index: number,
  side: 'left' | 'right',
  scope: RenderScope,
): void {
  const s = model.series
  const o = s.open[index]!
  const c = s.close[index]!
  const { labels, format, theme } = scope
  const color = c >= o ? theme.up : theme.down
  const rows: [string, string, string][] = [
    [labels.open, format.price(o), theme.text],
    [labels.high, format.price(s.high[index]!), theme.text],
    [labels.low, format.price(s.low[index]!), theme.text],
    [labels.close, format.price(c), color],
    [labels.change, format.change(o, c), color],
    [labels.volume, format.volume(s.volume[index]!), theme.text],
  ]
  const pr = scope.pixelRatio
  const px = (v: number) => Math.round(v * pr)
  ctx.font = bitmapFont(scope, 10)
  let labelW = 0
  let valueW = 0
  for (const [l, v] of rows) {
    labelW = Math.max(labelW, ctx.measureText(l).width)
    valueW = Math.max(valueW, ctx.measureText(v).width)
  }
  const w = Math.round(labelW + valueW + px(PAD * 2 + 10))
  const h = px(ROW * rows.length + PAD)
  const left = side === 'left' ? px(4) : px(model.layout.plotWidth - 4) - w
  const top = px(4)
  ctx.globalAlpha = 0.92
  ctx.fillStyle = theme.legendBg
  ctx.fillRect(left, top, w, h)
  ctx.globalAlpha = 1
  ctx.textBaseline = 'middle'
  rows.forEach(([l, v, col], r) => {
    const y = top + px(PAD / 2 + ROW * r + ROW / 2)
    ctx.fillStyle = theme.textMuted
    ctx.textAlign = 'left'
    ctx.fillText(l, left + px(PAD), y)
    ctx.fillStyle = col
    ctx.textAlign = 'right'
    ctx.fillText(v, left + w - px(PAD), y)
  })
}
