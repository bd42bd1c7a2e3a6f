/**
 * Depth-chart renderers (bitmap space, like the K-line renderers): the bid and ask areas as step curves of the
 * cumulative amounts, and the axes layer with price labels in a strip under the plot and amount labels in a gutter
 * right of it. Neither label set lies over the plot, so the curves (drawn on the layer above) never cross text.
 */
import type { ChartTheme, Ctx2D } from '../kline'
import type { DepthCurve, DepthDomain } from './depth-model'

/** What the depth renderers draw with. Sizes in CSS px. */
export interface DepthScope {
  pixelRatio: number
  width: number
  height: number
  /** Width of the amount-label gutter right of the plot (see `depthGutter`). */
  gutter: number
  theme: ChartTheme
  price: (value: number) => string
  amount: (value: number) => string
}

/** Height of the price-label strip under the plot, CSS px. */
export const DEPTH_AXIS_HEIGHT = 18
/** Cumulative-amount levels labelled in the gutter, as shares of the larger side's total. */
export const DEPTH_AMOUNT_LEVELS = [1 / 3, 2 / 3, 1] as const
/** Padding each side of a gutter label, CSS px. */
const GUTTER_PAD = 4

/**
 * Gutter width (CSS px) that fits the widest amount label, `measure(text)` giving a 10 px label's width in CSS px;
 * 0 without a domain.
 */
export function depthGutter(d: DepthDomain | null, amount: (v: number) => string, measure: (t: string) => number) {
  if (!d) return 0
  let widest = 0
  for (const f of DEPTH_AMOUNT_LEVELS) widest = Math.max(widest, measure(amount(d.maxCum * f)))
  // Rounded up to 8 px steps so the plot does not jitter as the totals' digits change from book to book.
  return Math.ceil((widest + 2 * GUTTER_PAD) / 8) * 8
}

/** Maps a price to x and a cumulative amount to y, in CSS px; the plot spans [0, right] × [0, bottom]. */
export function depthMapper(d: DepthDomain, s: Pick<DepthScope, 'width' | 'height' | 'gutter'>) {
  const plotH = s.height - DEPTH_AXIS_HEIGHT
  const plotW = Math.max(0, s.width - s.gutter)
  return {
    x: (price: number) => ((price - d.minPrice) / (d.maxPrice - d.minPrice)) * plotW,
    y: (cum: number) => plotH - (cum / d.maxCum) * plotH * 0.9,
    bottom: plotH,
    right: plotW,
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

/**
 * Draws the baseline, faint grid lines at the labelled amounts, three price labels (low, mid, high) in the strip under
 * the plot and the amount labels in the right gutter.
 */
export function drawDepthAxes(ctx: Ctx2D, d: DepthDomain | null, s: DepthScope): void {
  const pr = s.pixelRatio
  const line = Math.max(1, Math.floor(pr))
  const m = d ? depthMapper(d, s) : { bottom: s.height - DEPTH_AXIS_HEIGHT, right: s.width, y: () => 0 }
  ctx.fillStyle = s.theme.border
  ctx.fillRect(0, Math.round(m.bottom * pr), Math.round(s.width * pr), line)
  if (!d) return
  ctx.fillStyle = s.theme.grid
  for (const f of DEPTH_AMOUNT_LEVELS)
    ctx.fillRect(0, Math.round(m.y(d.maxCum * f) * pr), Math.round(m.right * pr), line)
  ctx.font = `${Math.round(10 * pr)}px ${s.theme.fontFamily}`
  ctx.fillStyle = s.theme.textMuted
  ctx.textBaseline = 'middle'
  const ty = Math.round((m.bottom + DEPTH_AXIS_HEIGHT / 2) * pr)
  const labels: [number, CanvasTextAlign, number][] = [
    [d.minPrice, 'left', 2],
    [d.mid, 'center', m.right / 2],
    [d.maxPrice, 'right', m.right - 2],
  ]
  for (const [p, align, x] of labels) {
    ctx.textAlign = align
    ctx.fillText(s.price(p), Math.round(x * pr), ty)
  }
  ctx.textAlign = 'left'
  const gx = Math.round((m.right + GUTTER_PAD) * pr)
  for (const f of DEPTH_AMOUNT_LEVELS) {
    const cum = d.maxCum * f
    ctx.fillText(s.amount(cum), gx, Math.round(m.y(cum) * pr))
  }
}
