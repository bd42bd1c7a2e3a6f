/**
 * Baseline of the K-line tick bench: the same chart drawn the conventional Konva way, one node per shape (a body
 * Rect and a wick Rect per visible candle, a volume Rect per candle), tuned as Konva's performance guide says
 * (listening off, perfectDraw off). A tick runs the same model update; the changed candle's nodes are updated (all
 * visible nodes when the scale moved) and both layers are drawn in the next frame.
 */
import Konva from 'konva/lib/Core'
import { Rect } from 'konva/lib/shapes/Rect'
import type { KlineTick } from '../../../common/feed/messages'
import { ChartModel } from '../../../src/features/kline/model/chart-model'
import { Dirty } from '../../../src/features/kline/model/invalidate-mask'
import { valueToY } from '../../../src/features/kline/model/price-scale'
import { indexToX } from '../../../src/features/kline/model/time-scale'

const UP = '#0fa968'
const DOWN = '#e5484d'

export function createBaseline(el: HTMLElement, width: number, height: number, bars: KlineTick[]) {
  const stage = new Konva.Stage({ container: el as HTMLDivElement, width, height, listening: false })
  const candles = new Konva.Layer({ listening: false })
  const volume = new Konva.Layer({ listening: false })
  stage.add(volume, candles)
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
  candles.draw()
  volume.draw()

  let raf = 0
  const api = {
    onFrame: undefined as ((ms: number) => void) | undefined,
    apply(tick: KlineTick[]) {
      const mask = model.upsert(tick)
      if (mask & Dirty.axes) for (let k = 0; k < Math.min(n, model.range!.to - model.range!.from + 1); k++) place(k)
      else place(Math.min(n, model.range!.to - model.range!.from + 1) - 1)
      if (raf) return
      raf = requestAnimationFrame(() => {
        raf = 0
        const t0 = performance.now()
        candles.draw()
        volume.draw()
        api.onFrame?.(performance.now() - t0)
      })
    },
    destroy: () => stage.destroy(),
  }
  return api
}
