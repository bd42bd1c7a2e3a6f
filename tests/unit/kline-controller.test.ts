// ChartModel + ChartController: which layers a change dirties, one draw per frame, crosshair snapping, history paging.
import { describe, expect, it } from 'vitest'
import { ChartController, HISTORY_PAGE } from '../../src/features/kline/chart-controller'
import { DEFAULT_BAR_SPACING } from '../../src/features/kline/model/chart-model'
import { Dirty, type LayerName } from '../../src/features/kline/model/invalidate-mask'
import { DEFAULT_INDICATORS } from '../../src/features/kline/model/indicators'
import { priceLabels } from '../../src/features/kline/render/draw-axes'
import { indexToX } from '../../src/features/kline/model/time-scale'
import { bar, loadBtcKlines, series, SKIP_BTC_KLINES } from './kline-bars'
import { testScope } from './kline-recording-context'

/** A controller on a manual frame clock, with layers that count their draws. */
function setup(opts: { now?: () => number } = {}) {
  const frames: (() => void)[] = []
  const draws: LayerName[] = []
  const history: number[] = []
  const c = new ChartController({
    scope: testScope(),
    requestFrame: (cb) => frames.push(cb),
    cancelFrame: () => undefined,
    ...opts,
  })
  c.setHistoryLoader((beforeId) => history.push(beforeId))
  const layer = (name: LayerName) => ({ draw: () => draws.push(name) })
  c.attachLayers({
    axes: layer('axes'),
    volume: layer('volume'),
    candles: layer('candles'),
    lastPrice: layer('lastPrice'),
    crosshair: layer('crosshair'),
  })
  c.resize(390, 300)
  const runFrames = () => {
    draws.length = 0
    frames.splice(0).forEach((f) => f())
    return [...draws]
  }
  runFrames()
  return { c, frames, runFrames, history }
}

describe('chart model dirtiness', () => {
  it('a tick on the newest bar inside the price range redraws candles, volume and last price, not the axes', () => {
    const { c, runFrames } = setup()
    const bars = series(500)
    c.applySnapshot({ reset: true, bars })
    runFrames()
    const last = bars[499]!
    c.applySnapshot({ reset: false, bars: [{ ...last, close: last.close + 0.5, amount: 2.5 }] })
    expect(runFrames()).toEqual(['volume', 'candles', 'lastPrice'])
  })

  it('a tick moving the last-price tag onto a price label (or off it) redraws the axes, which skip that label', () => {
    const { c, runFrames } = setup()
    const bars = series(500)
    c.applySnapshot({ reset: true, bars })
    runFrames()
    const ticks = priceLabels(c.model)
    const onLabel = ticks[Math.floor(ticks.length / 2)]!
    const between = onLabel + (ticks[1]! - ticks[0]!) / 2 // halfway to the next label: ≥ 22 px from both
    const last = bars[499]!
    const at = (close: number) => ({
      ...last,
      close,
      high: Math.max(last.high, between),
      low: Math.min(last.low, onLabel),
    })
    // First settle the scale (high/low), with the close between two labels.
    c.applySnapshot({ reset: false, bars: [at(between)] })
    runFrames()
    c.applySnapshot({ reset: false, bars: [at(onLabel)] })
    expect(runFrames()).toContain('axes')
    expect(priceLabels(c.model)).not.toContain(onLabel)
    c.applySnapshot({ reset: false, bars: [at(onLabel + 0.01)] })
    expect(runFrames()).not.toContain('axes') // still covering the same label: no axes redraw
    c.applySnapshot({ reset: false, bars: [at(between)] })
    expect(runFrames()).toContain('axes')
    expect(priceLabels(c.model)).toContain(onLabel)
  })

  it('parts sharing one canvas are drawn once per frame', () => {
    const frames: (() => void)[] = []
    const c = new ChartController({ scope: testScope(), requestFrame: (cb) => frames.push(cb), cancelFrame: () => 0 })
    let seriesDraws = 0
    const shared = { draw: () => seriesDraws++ }
    c.attachLayers({ volume: shared, candles: shared, lastPrice: shared })
    c.resize(390, 300)
    c.applySnapshot({ reset: true, bars: series(500) })
    frames.splice(0).forEach((f) => f())
    expect(seriesDraws).toBe(1)
  })

  it('a tick that only adds volume redraws the volume pane only; a repeated tick redraws nothing', () => {
    const { c, runFrames } = setup()
    const bars = series(500)
    c.applySnapshot({ reset: true, bars })
    runFrames()
    const last = bars[499]!
    c.applySnapshot({ reset: false, bars: [{ ...last, amount: 2.5 }] })
    expect(runFrames()).toEqual(['volume'])
    c.applySnapshot({ reset: false, bars: [{ ...last, amount: 2.5 }] })
    expect(runFrames()).toEqual([])
  })

  it('the volume pane rescales (and its axis label redraws) only when a bar passes a round maximum', () => {
    const { c, runFrames } = setup()
    const bars = series(500)
    c.applySnapshot({ reset: true, bars })
    runFrames()
    expect(c.model.volumeScale!.max).toBe(5) // volumes 1–5 in view
    const last = bars[499]!
    c.applySnapshot({ reset: false, bars: [{ ...last, amount: 9 }] })
    expect(runFrames()).toEqual(['axes', 'volume'])
    expect(c.model.volumeScale!.max).toBe(10)
  })

  it('a tick that widens the visible price range or opens a new bar redraws every layer', () => {
    const { c, runFrames } = setup()
    const bars = series(500)
    c.applySnapshot({ reset: true, bars })
    runFrames()
    const last = bars[499]!
    c.applySnapshot({ reset: false, bars: [{ ...last, high: 10_000 }] })
    expect(runFrames()).toEqual(['axes', 'volume', 'candles', 'lastPrice', 'crosshair'])
    c.applySnapshot({ reset: false, bars: [bar(last.id + 60, 100, 101)] })
    expect(runFrames()).toHaveLength(5)
  })

  it('moving the crosshair redraws only the crosshair layer and snaps to the bar under it', () => {
    const { c, runFrames } = setup()
    c.applySnapshot({ reset: true, bars: series(500) })
    runFrames()
    const m = c.model
    const x = indexToX(m.time, 500, 480) + 2
    c.setCrosshair({ x, y: 50 })
    expect(runFrames()).toEqual(['crosshair'])
    expect(m.crosshair).toEqual({ x, y: 50, index: 480 })
    c.setCrosshair(null)
    expect(runFrames()).toEqual(['crosshair'])
    c.setCrosshair(null)
    expect(runFrames()).toEqual([])
  })

  it('many snapshots between two frames cost one draw per dirty layer', () => {
    const { c, frames, runFrames } = setup()
    const bars = series(500)
    c.applySnapshot({ reset: true, bars })
    runFrames()
    const last = bars[499]!
    for (let k = 1; k <= 50; k++)
      c.applySnapshot({ reset: false, bars: [{ ...last, close: last.close + (k % 3) * 0.01, amount: 2 + k / 100 }] })
    expect(frames).toHaveLength(1)
    expect(runFrames()).toEqual(['volume', 'candles', 'lastPrice'])
  })
})

describe('first paint', () => {
  it('bars that arrive before the chart has a size still open at the newest bar once it is sized', () => {
    const c = new ChartController({ scope: testScope(), requestFrame: () => 1, cancelFrame: () => undefined })
    c.resize(0, 300) // the stage is measured after the first render
    c.switchSeries(60)
    c.applySnapshot({ reset: true, bars: series(300) })
    c.resize(390, 300)
    expect(c.model.range!.to).toBe(299)
    expect(c.model.time.rightOffset).toBeGreaterThan(0)
  })
})

describe('history paging', () => {
  it('asks for bars before the oldest when the view nears it, once at a time, and keeps the view still', () => {
    const { c, runFrames, history } = setup()
    const all = series(700)
    c.applySnapshot({ reset: true, bars: all.slice(400) })
    expect(history).toEqual([])
    c.panBy(300 * c.model.time.barSpacing) // drag right until the oldest bars come into view
    expect(history).toEqual([all[400]!.id])
    c.panBy(10)
    expect(history).toHaveLength(1)
    runFrames()
    const id = all[420]!.id
    const xBefore = indexToX(c.model.time, c.model.series.length, c.model.series.indexOf(id))
    c.historyLoaded(all.slice(100, 400))
    expect(c.model.series.length).toBe(600)
    expect(indexToX(c.model.time, c.model.series.length, c.model.series.indexOf(id))).toBeCloseTo(xBefore, 9)
    expect(HISTORY_PAGE).toBeLessThanOrEqual(300)
  })

  it('an empty page ends paging; a failed page is retried only after a pause', () => {
    let now = 0
    const { c, history } = setup({ now: () => now })
    c.applySnapshot({ reset: true, bars: series(50) })
    expect(history).toHaveLength(1)
    c.historyFailed()
    c.panBy(1)
    expect(history).toHaveLength(1)
    now = 6000
    c.panBy(-1)
    expect(history).toHaveLength(2)
    c.historyLoaded([])
    c.panBy(1)
    expect(history).toHaveLength(2)
  })
})

describe.skipIf(SKIP_BTC_KLINES)('controller on recorded BTCUSDT bars', () => {
  it('shows the newest recorded bars with the price scale spanning their lows and highs (and the MA lines)', () => {
    const { c, runFrames } = setup()
    const bars = loadBtcKlines()
    c.setIndicators({ ...DEFAULT_INDICATORS, main: 'none' })
    c.applySnapshot({ reset: true, bars })
    runFrames()
    const { range, priceScale } = c.model
    expect(range!.to).toBe(bars.length - 1)
    const shown = bars.slice(range!.from, range!.to + 1)
    expect(priceScale!.min).toBe(Math.min(...shown.map((b) => b.low)))
    expect(priceScale!.max).toBe(Math.max(...shown.map((b) => b.high)))
    // The MA lines over the candles widen the scale so none is cut; the candles stay inside it.
    c.setIndicators(DEFAULT_INDICATORS)
    const ma = c.model.lines.overlay
    expect(ma).toHaveLength(3)
    const visible = ma.flatMap((l) => [...l.slice(range!.from, range!.to + 1)]).filter((v) => !Number.isNaN(v))
    expect(c.model.priceScale!.min).toBe(Math.min(...shown.map((b) => b.low), ...visible))
    expect(c.model.priceScale!.max).toBe(Math.max(...shown.map((b) => b.high), ...visible))
    expect(c.model.layout.plotWidth).toBeLessThan(390)
    expect(Dirty.all).toBe(31)
  })
})

describe('a short series fills the plot (issue 24 part 5: "the 1D chart shows 4 candles squeezed to the right")', () => {
  it('spreads 7 daily bars across the plot, and the next series starts at the default zoom', () => {
    const { c, runFrames } = setup()
    c.switchSeries(86_400)
    c.applySnapshot({
      reset: true,
      bars: series(7, 1_700_006_400).map((b, i) => ({ ...b, id: 1_700_006_400 + i * 86_400 })),
    })
    runFrames()
    const { time, range, layout, series: s } = c.model
    expect(range).toEqual({ from: 0, to: 6 })
    // The oldest bar starts near the left edge, not squeezed to the right.
    expect(indexToX(time, s.length, 0)).toBeLessThan(layout.plotWidth / 7)
    expect(time.barSpacing).toBeGreaterThan(DEFAULT_BAR_SPACING * 3)
    expect(indexToX(time, s.length, 0), 'with 4 bars too').toBeGreaterThan(0)
    c.switchSeries(60)
    expect(c.model.time.barSpacing).toBe(DEFAULT_BAR_SPACING)
    c.applySnapshot({ reset: true, bars: series(500) })
    expect(c.model.time.barSpacing, 'enough bars: the zoom is left alone').toBe(DEFAULT_BAR_SPACING)
  })
})
