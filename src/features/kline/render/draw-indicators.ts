/**
 * Indicator renderers (issue 24 part 5): the overlay lines over the candles (MA, EMA or BOLL) with their legend of the
 * newest visible bar, and the lower pane when it shows MACD (histogram bars from zero, DIF and DEA) or RSI (with its
 * 30 and 70 guides) instead of volume — or the volume's MA lines over its bars. Bitmap space, visible bars only.
 */
import type { ChartModel } from '../model/chart-model'
import { BOLL, MACD, RSI_PERIOD, VOLUME_MA_PERIODS } from '../model/indicators'
import { valueToY, type PriceScale } from '../model/price-scale'
import { indexToX } from '../model/time-scale'
import type { CandlesView } from './candles-view'
import { wickWidth } from './candles-view'
import { bitmapFont, type Ctx2D, type RenderScope } from './types'

const colours = (scope: RenderScope) => [scope.theme.line1, scope.theme.line2, scope.theme.line3]

/** One line over the visible bars; gaps (NaN) break it. */
function drawLine(ctx: Ctx2D, model: ChartModel, line: Float64Array, scale: PriceScale, scope: RenderScope) {
  const { range, time, series } = model
  if (!range) return
  const pr = scope.pixelRatio
  ctx.beginPath()
  let pen = false
  for (let i = range.from; i <= range.to; i++) {
    const v = line[i]
    if (v === undefined || Number.isNaN(v)) {
      pen = false
      continue
    }
    const x = indexToX(time, series.length, i) * pr
    const y = valueToY(scale, v) * pr
    if (pen) ctx.lineTo(x, y)
    else ctx.moveTo(x, y)
    pen = true
  }
  ctx.stroke()
}

/** The names of the overlay lines, in drawing order ("MA5", "EMA10", "BOLL", "UB", "LB"). */
export function overlayNames(model: ChartModel, scope: RenderScope): string[] {
  const { main, periods } = model.indicators
  if (main === 'ma') return periods.map((p) => `MA${p}`)
  if (main === 'ema') return periods.map((p) => `EMA${p}`)
  // The indicators' own abbreviations (MA5, BOLL(20,2), DIF, DEA, RSI14) read the same in every language's exchange
  // apps; the words around them (upper/lower band, the switch's labels) are translated.
  // eslint-disable-next-line lingui/no-unlocalized-strings
  if (main === 'boll') return [`BOLL(${BOLL.period},${BOLL.width})`, scope.labels.upperBand, scope.labels.lowerBand]
  return []
}

/** A row of "name value" pairs at the top left of a pane, each in its line's colour. */
function drawLegendRow(ctx: Ctx2D, top: number, items: [string, string][], scope: RenderScope) {
  const pr = scope.pixelRatio
  const cols = colours(scope)
  ctx.font = bitmapFont(scope, 10)
  ctx.textAlign = 'left'
  ctx.textBaseline = 'top'
  let x = Math.round(4 * pr)
  items.forEach(([name, value], k) => {
    const text = `${name} ${value}`
    ctx.fillStyle = cols[k % cols.length]!
    ctx.fillText(text, x, Math.round(top * pr))
    x += ctx.measureText(text).width + Math.round(8 * pr)
  })
}

const lastShown = (model: ChartModel, line: Float64Array | undefined): number => {
  if (!model.range || !line) return NaN
  return line[model.range.to] ?? NaN
}

/** The overlay lines and their legend (values of the newest visible bar). Draw after the candles. */
export function drawOverlay(ctx: Ctx2D, model: ChartModel, scope: RenderScope): void {
  const ps = model.priceScale
  const lines = model.lines.overlay
  if (!ps || !model.range || lines.length === 0) return
  const cols = colours(scope)
  ctx.lineWidth = wickWidth(scope.pixelRatio)
  lines.forEach((line, k) => {
    ctx.strokeStyle = cols[k % cols.length]!
    drawLine(ctx, model, line, ps, scope)
  })
  const names = overlayNames(model, scope)
  const fmt = (v: number) => (Number.isNaN(v) ? '--' : scope.format.price(v))
  drawLegendRow(
    ctx,
    model.layout.mainTop + 4,
    lines.map((line, k) => [names[k]!, fmt(lastShown(model, line))]),
    scope,
  )
}

/** The text of a lower-pane value: volume as volume, MACD in price units, RSI with two decimals. */
export function subValueText(model: ChartModel, scope: RenderScope, v: number): string {
  if (Number.isNaN(v)) return '--'
  if (model.lines.sub === 'vol') return scope.format.volume(Math.max(0, v))
  if (model.lines.sub === 'macd') return scope.format.price(v)
  return v.toFixed(2)
}

/**
 * The lower pane's indicator: volume MA lines (the bars are drawVolume's), MACD's histogram and lines, or RSI with
 * its 30/70 guides; and its legend. Uses the candles' x geometry so bars line up.
 */
export function drawSubIndicator(ctx: Ctx2D, model: ChartModel, view: CandlesView, scope: RenderScope): void {
  const vs = model.volumeScale
  const { lines, range, layout } = model
  if (!vs || !range || view.count === 0) return
  const pr = scope.pixelRatio
  const cols = colours(scope)
  if (lines.hist) {
    const zero = Math.round(valueToY(vs, 0) * pr)
    for (const up of [1, 0]) {
      ctx.fillStyle = up ? scope.theme.up : scope.theme.down
      ctx.beginPath()
      for (let k = 0; k < view.count; k++) {
        const h = lines.hist[view.from + k]!
        if (Number.isNaN(h) || (h >= 0 ? 1 : 0) !== up) continue
        const y = Math.round(valueToY(vs, h) * pr)
        ctx.rect(view.x[k]!, Math.min(y, zero), view.bodyWidth, Math.max(1, Math.abs(y - zero)))
      }
      ctx.fill()
    }
  }
  if (lines.sub === 'rsi') {
    ctx.strokeStyle = scope.theme.crosshair
    ctx.lineWidth = wickWidth(pr)
    ctx.setLineDash([Math.round(3 * pr), Math.round(3 * pr)])
    ctx.beginPath()
    for (const level of [30, 70]) {
      const y = Math.round(valueToY(vs, level) * pr) + 0.5
      ctx.moveTo(0, y)
      ctx.lineTo(Math.round(layout.plotWidth * pr), y)
    }
    ctx.stroke()
    ctx.setLineDash([])
  }
  ctx.lineWidth = wickWidth(pr)
  lines.subLines.forEach((line, k) => {
    ctx.strokeStyle = cols[k % cols.length]!
    drawLine(ctx, model, line, vs, scope)
  })
  const names =
    lines.sub === 'vol'
      ? VOLUME_MA_PERIODS.map((p) => `MA${p}`)
      : lines.sub === 'macd'
        ? // eslint-disable-next-line lingui/no-unlocalized-strings -- indicator abbreviations, as in overlayNames
          [`DIF(${MACD.fast},${MACD.slow})`, `DEA(${MACD.signal})`]
        : [`RSI${RSI_PERIOD}`]
  const items: [string, string][] = lines.subLines.map((line, k) => [
    names[k]!,
    subValueText(model, scope, lastShown(model, line)),
  ])
  if (lines.hist) items.push([scope.labels.macd, subValueText(model, scope, lastShown(model, lines.hist))])
  drawLegendRow(ctx, layout.volumeTop + 3, items, scope)
}
