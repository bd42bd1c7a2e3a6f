/**
 * Baseline of the K-line tick bench: the same chart drawn the conventional Konva way, one node per shape (a body
 * Rect and a wick Rect per visible candle, a volume Rect per candle, a dashed Line + Rect + Text for the last price,
 * a Text per price label), tuned as Konva's performance guide says (listening off, perfectDraw off). A tick runs
 * the same model update; the changed candle's nodes and the last-price nodes are updated (every visible node and
 * the labels when the scale moved) and the changed layers are drawn in the next frame.
 */
import Konva from 'konva/lib/Core'
import { Line } from 'konva/lib/shapes/Line'
import { Rect } from 'konva/lib/shapes/Rect'
import { Text } from 'konva/lib/shapes/Text'
import { formatPrice } from '../../../src/lib/format'
import type { KlineTick } from '../../../common/feed/messages'
import { ChartModel } from '../../../src/features/kline/model/chart-model'
import { Dirty } from '../../../src/features/kline/model/invalidate-mask'
import { priceTicks, valueToY } from '../../../src/features/kline/model/price-scale'
import { indexToX } from '../../../src/features/kline/model/time-scale'

const UP = '#0fa968'
const DOWN = '#e5484d'

export function createBaseline(el: HTMLElement, width: number, height: number, bars: KlineTick[]) {
  const stage = new Konva.Stage({ container: el as HTMLDivElement, width, height, listening: false })
  const candles = new Konva.Layer({ listening: false })
  const volume = new Konva.Layer({ listening: false })
  const axes = new Konva.Layer({ listening: false })
  const last = new Konva.Layer({ listening: false })
  stage.add(axes, volume, candles, last)
  const model = new ChartModel()
  model.resize(width, height, 56)
  model.reset(bars)
  const { from, to } = model.range!
  const n = to - from + 1
  const opts = { listening: false, perfectDrawEnabled: false, shadowForStrokeEnabled: false, hitStrokeWidth: 0 }
  const bodies = Array.from({ length: n }, () => new Rect(opts))
  const wicks = Array.from({ length: n }, () => new Rect(opts))
  const vols = Array.from({ length: n }, () => new Rect({ ...opts, opacity: 0.55 }))
  candles.add(...wicks, ...bodies)
  volume.add(...vols)
  const text = { ...opts, fontSize: 10, fontFamily: 'system-ui, sans-serif', fill: '#5c6370' }
  const labels = Array.from({ length: 8 }, () => new Text(text))
  axes.add(...labels)
  const lastLine = new Line({ ...opts, points: [0, 0, width - 56, 0], strokeWidth: 1, dash: [4, 3] })
  const lastBox = new Rect({ ...opts, x: width - 56, width: 56, height: 16 })
  const lastText = new Text({ ...text, x: width - 52, fill: '#fff' })
  last.add(lastLine, lastBox, lastText)

  const placeAxes = () => {
    const ticks = priceTicks(model.priceScale!, 44)
    labels.forEach((l, k) => {
      const p = ticks[k]
      l.visible(p !== undefined)
      if (p !== undefined)
        l.x(width - 52)
          .y(valueToY(model.priceScale!, p) - 5)
          .text(formatPrice(p, 2, 'en'))
    })
  }
  const placeLast = () => {
    const s = model.series
    const i = s.length - 1
    const y = valueToY(model.priceScale!, s.close[i]!)
    const fill = s.close[i]! >= s.open[i]! ? UP : DOWN
    lastLine.y(y).stroke(fill)
    lastBox.y(y - 8).fill(fill)
    lastText.y(y - 5).text(formatPrice(s.close[i], 2, 'en'))
  }

  const place = (k: number) => {
    const i = model.range!.from + k
    const s = model.series
    const ps = model.priceScale!
    const vs = model.volumeScale!
    const bw = Math.max(1, model.time.barSpacing * 0.7)
    const x = indexToX(model.time, s.length, i)
    const yo = valueToY(ps, s.open[i]!)
    const yc = valueToY(ps, s.close[i]!)
    const fill = s.close[i]! >= s.open[i]! ? UP : DOWN
    bodies[k]!.setAttrs({ x: x - bw / 2, y: Math.min(yo, yc), width: bw, height: Math.max(1, Math.abs(yo - yc)), fill })
    const yh = valueToY(ps, s.high[i]!)
    wicks[k]!.setAttrs({ x: x - 0.5, y: yh, width: 1, height: Math.max(1, valueToY(ps, s.low[i]!) - yh), fill })
    const vy = valueToY(vs, s.volume[i]!)
    vols[k]!.setAttrs({ x: x - bw / 2, y: vy, width: bw, height: vs.top + vs.height - vy, fill })
  }
  for (let k = 0; k < n; k++) place(k)
  placeAxes()
  placeLast()
  for (const l of [axes, volume, candles, last]) l.draw()

  let raf = 0
  let dirty = 0
  const api = {
    onFrame: undefined as ((ms: number) => void) | undefined,
    apply(tick: KlineTick[]) {
      const mask = model.upsert(tick)
      dirty |= mask
      const shown = Math.min(n, model.range!.to - model.range!.from + 1)
      if (mask & Dirty.axes) {
        for (let k = 0; k < shown; k++) place(k)
        placeAxes()
      } else place(shown - 1)
      placeLast()
      if (raf) return
      raf = requestAnimationFrame(() => {
        raf = 0
        const t0 = performance.now()
        if (dirty & Dirty.axes) axes.draw()
        volume.draw()
        candles.draw()
        last.draw()
        dirty = 0
        api.onFrame?.(performance.now() - t0)
      })
    },
    destroy: () => stage.destroy(),
  }
  return api
}
