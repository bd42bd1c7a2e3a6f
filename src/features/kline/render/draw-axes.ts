/**
 * Axes layer renderer: horizontal grid at the price ticks, vertical grid at the time labels, price labels on the
 * right axis (except those the last-price tag covers), the volume pane's top value, time labels under the panes and
 * the pane borders. Redrawn only when a scale moves or the last-price tag moves onto or off a label.
 */
import { subValueText } from './draw-indicators'
import type { ChartModel } from '../model/chart-model'
import { priceTicks, valueToY } from '../model/price-scale'
import { timeTicks } from '../model/time-ticks'
import { LAST_PRICE_TAG_HEIGHT, lastPriceTagY } from './draw-last-price'
import { bitmapFont, type Ctx2D, type RenderScope } from './types'

/** Minimum distance between price labels / time labels, CSS px. */
export const PRICE_LABEL_GAP = 44
export const TIME_LABEL_GAP = 72
/** Half the height a 10 px price label takes, CSS px (a label closer than this to the tag's edge is covered). */
const PRICE_LABEL_HALF = 7

/** Price ticks labelled on the axis: inside the main pane, and not under the last-price tag. */
export function priceLabels(model: ChartModel): number[] {
  const ps = model.priceScale
  if (!ps) return []
  const tagY = lastPriceTagY(model)
  const clear = LAST_PRICE_TAG_HEIGHT / 2 + PRICE_LABEL_HALF
  const bottom = model.layout.mainTop + model.layout.mainHeight
  return priceTicks(ps, PRICE_LABEL_GAP).filter((p) => {
    const y = valueToY(ps, p)
    return y > 6 && y < bottom - 6 && (tagY === null || Math.abs(y - tagY) >= clear)
  })
}

/**
 * The price ticks left unlabelled because the last-price tag covers them, as a key: when a tick moves the tag onto
 * (or off) a label, the key changes and the controller redraws the axes layer too.
 */
export function hiddenPriceLabels(model: ChartModel): string {
  const ps = model.priceScale
  if (!ps) return ''
  const shown = new Set(priceLabels(model))
  return priceTicks(ps, PRICE_LABEL_GAP)
    .filter((p) => !shown.has(p))
    .join(',')
}

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
  for (const p of priceLabels(model)) {
    ctx.fillText(scope.format.price(p), right + px(4), px(valueToY(model.priceScale!, p)))
  }
  const vs = model.volumeScale
  if (vs) {
    ctx.textBaseline = 'top'
    ctx.fillText(subValueText(model, scope, vs.max), right + px(4), px(vs.top + 1))
  }
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  const timeY = px(layout.timeAxisTop + (layout.height - layout.timeAxisTop) / 2)
  for (const t of ticks) {
    if (t.x < 20 || t.x > layout.plotWidth - 20) continue
    ctx.fillText(scope.format.axisTime(t.id, step), px(t.x), timeY)
  }
}
