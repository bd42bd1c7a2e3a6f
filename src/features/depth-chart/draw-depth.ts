/**
 * Depth-chart renderers (bitmap space, like the K-line renderers): the bid and ask areas as step curves of the
 * cumulative amounts, and the axes layer with price labels under the plot and amount labels on the right.
 */
import type { ChartTheme, Ctx2D } from '../kline'
import type { DepthCurve, DepthDomain } from './depth-model'

/** What the depth renderers draw with. Sizes in CSS px. */
export interface DepthScope {
  pixelRatio: number
  width: number
  height: number
  theme: ChartTheme
  price: (value: number) => string
  amount: (value: number) => string
}

/** Height of the price-label strip under the plot, CSS px. */
export const DEPTH_AXIS_HEIGHT = 18

/** Maps a price to x and a cumulative amount to y, in CSS px. */
export function depthMapper(d: DepthDomain, s: Pick<DepthScope, 'width' | 'height'>) {
  const plotH = s.height - DEPTH_AXIS_HEIGHT
  return {
    x: (price: number) => ((price - d.minPrice) / (d.maxPrice - d.minPrice)) * s.width,
    y: (cum: number) => plotH - (cum / d.maxCum) * plotH * 0.9,
    bottom: plotH,
  }
}

/** Draws one side as a filled step area with a stroked edge. */
function drawSide(ctx: Ctx2D, c: DepthCurve, d: DepthDomain, s: DepthScope, color: string, edge: number): void {
  if (c.count === 0) return
  const m = depthMapper(d, s)
  const pr = s.pixelRatio
  const path = () => {
    ctx.beginPath()
    ctx.moveTo(m.x(c.price[0]!) * pr, m.bottom * pr)
    let y = m.y(c.cum[0]!)
    ctx.lineTo(m.x(c.price[0]!) * pr, y * pr)
    for (let i = 1; i < c.count; i++) {
      const x = m.x(c.price[i]!) * pr
      ctx.lineTo(x, y * pr)
      y = m.y(c.cum[i]!)
      ctx.lineTo(x, y * pr)
    }
    ctx.lineTo(m.x(edge) * pr, y * pr)
  }
  path()
  ctx.lineTo(m.x(edge) * pr, m.bottom * pr)
  ctx.closePath()
  ctx.globalAlpha = 0.18
  ctx.fillStyle = color
  ctx.fill()
  ctx.globalAlpha = 1
  path()
  ctx.strokeStyle = color
  ctx.lineWidth = Math.max(1, Math.round(1.5 * pr))
  ctx.stroke()
}

/** Draws the bid (up colour, left) and ask (down colour, right) areas. */
export function drawDepthAreas(
  ctx: Ctx2D,
  bids: DepthCurve,
  asks: DepthCurve,
  d: DepthDomain | null,
  s: DepthScope,
): void {
  if (!d) return
  drawSide(ctx, bids, d, s, s.theme.up, d.minPrice)
  drawSide(ctx, asks, d, s, s.theme.down, d.maxPrice)
}

/** Draws the baseline, three price labels (low, mid, high) and amount labels at 1/3, 2/3 and full height. */
export function drawDepthAxes(ctx: Ctx2D, d: DepthDomain | null, s: DepthScope): void {
  const pr = s.pixelRatio
  const m = d ? depthMapper(d, s) : { bottom: s.height - DEPTH_AXIS_HEIGHT, y: () => 0, x: () => 0 }
  ctx.fillStyle = s.theme.border
  ctx.fillRect(0, Math.round(m.bottom * pr), Math.round(s.width * pr), Math.max(1, Math.floor(pr)))
  if (!d) return
  ctx.font = `${Math.round(10 * pr)}px ${s.theme.fontFamily}`
  ctx.fillStyle = s.theme.textMuted
  ctx.textBaseline = 'middle'
  const ty = Math.round((m.bottom + DEPTH_AXIS_HEIGHT / 2) * pr)
  const labels: [number, CanvasTextAlign, number][] = [
    [d.minPrice, 'left', 2],
    [d.mid, 'center', s.width / 2],
    [d.maxPrice, 'right', s.width - 2],
  ]
  for (const [p, align, x] of labels) {
    ctx.textAlign = align
    ctx.fillText(s.price(p), Math.round(x * pr), ty)
  }
  ctx.textAlign = 'right'
  ctx.textBaseline = 'top'
  // Amount labels sit over the ask area: give each a surface-coloured pill so the curve does not cross the digits.
  for (const f of [1 / 3, 2 / 3, 1]) {
    const cum = d.maxCum * f
    const text = s.amount(cum)
    const w = ctx.measureText(text).width + Math.round(6 * pr)
    const x = Math.round((s.width - 2) * pr)
    const y = Math.round((m.y(cum) + 2) * pr)
    ctx.globalAlpha = 0.85
    ctx.fillStyle = s.theme.legendBg
    ctx.fillRect(x - w + Math.round(3 * pr), y - Math.round(1 * pr), w, Math.round(13 * pr))
    ctx.globalAlpha = 1
    ctx.fillStyle = s.theme.textMuted
    ctx.fillText(text, x, y)
  }
}
