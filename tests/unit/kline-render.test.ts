// The chart's sceneFunc renderers drawn into a recording 2D context: what each layer puts on screen.
import { describe, expect, it } from 'vitest'
import { ChartController } from '../../src/features/kline/chart-controller'
import { formatBarTime } from '../../src/features/kline/format'
import type { LayerName } from '../../src/features/kline/model/invalidate-mask'
import { valueToY } from '../../src/features/kline/model/price-scale'
import { indexToX } from '../../src/features/kline/model/time-scale'
import { bar, loadBtcKlines, series, SKIP_BTC_KLINES } from './kline-bars'
import { RecordingContext, testScope } from './kline-recording-context'

function chart(bars = series(500), pixelRatio = 1) {
  const c = new ChartController({ scope: testScope(pixelRatio), requestFrame: () => 1, cancelFrame: () => undefined })
  c.resize(390, 300)
  c.applySnapshot({ reset: true, bars })
  const paint = (name: LayerName) => {
    const ctx = new RecordingContext()
    c.paint(name, ctx, pixelRatio)
    expect(ctx.saveDepth).toBe(0)
    expect(ctx.transforms[0]).toEqual([1, 0, 0, 1, 0, 0]) // draws in bitmap space
    return ctx
  }
  return { c, paint }
}

describe('candles layer', () => {
  it('draws one body and one wick per visible bar: up bars green, down bars red, in two fills', () => {
    const { c, paint } = chart()
    const ctx = paint('candles')
    const { from, to } = c.model.range!
    const s = c.model.series
    let up = 0
    for (let i = from; i <= to; i++) if (s.close[i]! >= s.open[i]!) up++
    expect(ctx.fills.map((f) => f.style)).toEqual(['green', 'red'])
    expect(ctx.fills[0]!.rects).toHaveLength(2 * up)
    expect(ctx.fills[1]!.rects).toHaveLength(2 * (to - from + 1 - up))
  })

  it('zooming out shows more candles; thin candles are a single rect (no separate wick)', () => {
    const { c, paint } = chart()
    const before = paint('candles').fills.reduce((n, f) => n + f.rects.length, 0) / 2
    c.zoomAt(0.5, 100)
    const after = paint('candles').fills.reduce((n, f) => n + f.rects.length, 0)
    expect(after).toBe(c.model.range!.to - c.model.range!.from + 1)
    expect(after).toBeGreaterThan(before * 1.8)
  })

  it('zoomed fully out on a phone, 500+ bars show as separate high–low lines', () => {
    const { c, paint } = chart(series(2000), 3)
    c.zoomAt(0.01, 100)
    const { from, to } = c.model.range!
    expect(to - from + 1).toBeGreaterThanOrEqual(500)
    const rects = paint('candles').fills.flatMap((f) => f.rects)
    expect(rects).toHaveLength(to - from + 1)
    const ps = c.model.priceScale!
    const s = c.model.series
    const [x0, y0, w, h] = rects.find(([x]) => x === Math.min(...rects.map((r) => r[0])))!
    expect(w).toBeLessThan(c.model.time.barSpacing * 3) // narrower than the slot: bars stay apart
    expect(x0).toBeGreaterThanOrEqual(0)
    expect(y0).toBe(Math.round(valueToY(ps, s.high[from]!) * 3))
    expect(y0 + h).toBe(Math.round(valueToY(ps, s.low[from]!) * 3))
  })

  it('snaps bodies and wicks to device pixels at DPR 2, wick centred, body spanning open→close', () => {
    const { c, paint } = chart([bar(60, 100, 110), bar(120, 110, 104)], 2)
    const ctx = paint('candles')
    const [upBody, upWick] = ctx.fills[0]!.rects
    for (const v of [...upBody!, ...upWick!]) expect(Number.isInteger(v)).toBe(true)
    expect(upBody![0] + (upBody![2] - upWick![2]) / 2).toBe(upWick![0])
    const ps = c.model.priceScale!
    expect(upBody![1]).toBe(Math.round(valueToY(ps, 110) * 2))
    expect(upBody![1] + upBody![3]).toBe(Math.round(valueToY(ps, 100) * 2))
    expect(upWick![1]).toBe(Math.round(valueToY(ps, 111) * 2)) // high = 111
    const xCentre = indexToX(c.model.time, 2, 0) * 2
    expect(Math.abs(upWick![0] + upWick![2] / 2 - xCentre)).toBeLessThanOrEqual(1)
  })
})

describe('volume, last price and axes layers', () => {
  it('volume: one translucent bar per visible candle, standing on the pane bottom', () => {
    const { c, paint } = chart()
    const ctx = paint('volume')
    const { from, to } = c.model.range!
    const rects = ctx.fills.flatMap((f) => f.rects)
    expect(rects).toHaveLength(to - from + 1)
    expect(ctx.fills.every((f) => f.alpha < 1)).toBe(true)
    const bottom = c.model.volumeScale!.top + c.model.volumeScale!.height
    for (const [, y, , h] of rects) expect(y + h).toBe(bottom)
  })

  it('last price: the newest close on a label in its direction colour, with a dashed line', () => {
    const { paint } = chart([bar(60, 100, 90), bar(120, 90, 95.5)])
    const ctx = paint('lastPrice')
    expect(ctx.textList).toEqual(['95.50'])
    expect(ctx.fillRects[0]!.style).toBe('green')
    expect(ctx.strokes[0]!.dash.length).toBe(2)
    const down = chart([bar(60, 100, 90), bar(120, 95.5, 90)]).paint('lastPrice')
    expect(down.fillRects[0]!.style).toBe('red')
  })

  it('axes: grouped price labels inside the pane and HH:mm time labels', () => {
    const { paint } = chart(
      series(500).map((b) => ({
        ...b,
        open: b.open * 1000,
        close: b.close * 1000,
        high: b.high * 1000,
        low: b.low * 1000,
      })),
    )
    const texts = paint('axes').textList
    expect(texts.some((t) => /^\d{2,3},\d{3}\.\d{2}$/.test(t))).toBe(true)
    expect(texts.some((t) => /^\d{2}:\d{2}$|^\d{2}-\d{2}$/.test(t))).toBe(true)
  })
})

describe('price labels and the last-price tag', () => {
  /** A chart whose newest close sits exactly on the middle price label. */
  function closeOnLabel(pixelRatio: number) {
    const { c, paint } = chart(series(500), pixelRatio)
    const labels = paint('axes').texts.filter((t) => t.align === 'left' && /^\d+\.\d\d$/.test(t.text))
    const target = labels[Math.floor(labels.length / 2)]!
    const price = Number(target.text)
    const last = c.model.series
    const n = last.length
    const bar = {
      id: last.time[n - 1]!,
      open: last.open[n - 1]!,
      close: price,
      high: Math.max(last.high[n - 1]!, price),
      low: Math.min(last.low[n - 1]!, price),
      amount: last.volume[n - 1]!,
      vol: 0,
      count: 1,
    }
    c.applySnapshot({ reset: false, bars: [bar] })
    return { c, paint, target, labels }
  }

  it.each([1, 2])('no axis price label is drawn under the tag (DPR %i); the others stay', (pr) => {
    const { paint, target, labels } = closeOnLabel(pr)
    const tag = paint('lastPrice').fillRects[0]!
    const axisTexts = paint('axes').texts.filter((t) => t.align === 'left' && /^\d+\.\d\d$/.test(t.text))
    expect(axisTexts.map((t) => t.text)).not.toContain(target.text)
    expect(axisTexts.length).toBeGreaterThanOrEqual(labels.length - 2)
    // A 10 px label is ~12 px tall: its box must not meet the tag's box.
    for (const t of axisTexts) {
      const overlaps = t.y + 6 * pr > tag.y && t.y - 6 * pr < tag.y + tag.h
      expect(overlaps, `label ${t.text} at y=${t.y} vs tag ${tag.y}..${tag.y + tag.h}`).toBe(false)
    }
  })
})

describe('crosshair layer', () => {
  it('draws nothing while hidden', () => {
    const ctx = chart().paint('crosshair')
    expect(ctx.fills.length + ctx.fillRects.length + ctx.texts.length + ctx.strokes.length).toBe(0)
  })

  it('shows the OHLCV of the bar under the pointer, its time and the price at the pointer', () => {
    const bars = [bar(1_700_000_040, 100, 110, 3), bar(1_700_000_100, 110, 104, 7)]
    const { c, paint } = chart(bars)
    const x = indexToX(c.model.time, 2, 0)
    c.setCrosshair({ x, y: 40 })
    const texts = paint('crosshair').textList
    expect(texts).toEqual(
      expect.arrayContaining(['O', '100.00', 'H', '111.00', 'L', '99.00', 'C', '110.00', '+10.00%', 'V', '3']),
    )
    expect(texts).toContain(formatBarTime(1_700_000_040))
    expect(texts.some((t) => /^1\d\d\.\d\d$/.test(t))).toBe(true)
  })
})

describe.skipIf(SKIP_BTC_KLINES)('renderers on recorded BTCUSDT bars', () => {
  it('every visible recorded candle is drawn inside the main pane', () => {
    const { c, paint } = chart(loadBtcKlines(), 1.75)
    const rects = paint('candles').fills.flatMap((f) => f.rects)
    const paneBottom = (c.model.layout.mainTop + c.model.layout.mainHeight) * 1.75
    expect(rects.length).toBe(2 * (c.model.range!.to - c.model.range!.from + 1))
    for (const [, y, , h] of rects) {
      expect(y).toBeGreaterThanOrEqual(0)
      expect(y + h).toBeLessThanOrEqual(Math.ceil(paneBottom))
    }
  })
})

describe('indicators (issue 24 part 5)', () => {
  it('MA: three lines over the candles in their colours, at the MA values, with a legend of the newest bar', () => {
    const { c, paint } = chart()
    const ctx = paint('candles')
    const lines = ctx.strokes.filter((s) => ['orange', 'purple', 'blue'].includes(s.style))
    expect(lines.map((l) => l.style)).toEqual(['orange', 'purple', 'blue'])
    const { from, to } = c.model.range!
    const ma5 = c.model.lines.overlay[0]!
    // One point per visible bar (the first bars are past the 30-bar window), each at its value on the price scale.
    expect(lines[0]!.points).toHaveLength(to - from + 1)
    const [x, y] = lines[0]!.points.at(-1)!
    expect(x).toBeCloseTo(indexToX(c.model.time, c.model.series.length, to))
    expect(y).toBeCloseTo(valueToY(c.model.priceScale!, ma5[to]!))
    expect(ctx.textList.filter((t) => t.startsWith('MA'))).toEqual([
      expect.stringMatching(/^MA5 [\d,.]+$/),
      expect.stringMatching(/^MA10 [\d,.]+$/),
      expect.stringMatching(/^MA30 [\d,.]+$/),
    ])
  })

  it('MACD replaces the volume bars: histogram from zero in up/down colours, DIF and DEA lines, its own scale', () => {
    const { c, paint } = chart()
    c.setIndicators({ main: 'none', sub: 'macd', periods: [5, 10, 30] })
    expect(paint('candles').strokes, 'no overlay').toHaveLength(0)
    const ctx = paint('volume')
    const bars = ctx.fills.filter((f) => f.style === 'green' || f.style === 'red')
    const { from, to } = c.model.range!
    const hist = c.model.lines.hist!
    const defined = [...hist.slice(from, to + 1)].filter((v) => !Number.isNaN(v))
    expect(bars.reduce((n, f) => n + f.rects.length, 0)).toBe(defined.length)
    expect(
      bars.every((f) => f.alpha === 1),
      'not the faded volume bars',
    ).toBe(true)
    expect(ctx.strokes.map((s) => s.style)).toEqual(['orange', 'purple'])
    expect(ctx.textList.some((t) => t.startsWith('DIF(12,26)'))).toBe(true)
    const vs = c.model.volumeScale!
    expect(vs.min).toBeLessThanOrEqual(Math.min(0, ...defined))
    expect(vs.max).toBeGreaterThanOrEqual(Math.max(0, ...defined))
  })

  it('RSI: one line and dashed 30/70 guides in a 0–100 pane', () => {
    const { c, paint } = chart()
    c.setIndicators({ main: 'boll', sub: 'rsi', periods: [5, 10, 30] })
    expect(paint('candles').textList.some((t) => t.startsWith('BOLL(20,2)'))).toBe(true)
    const ctx = paint('volume')
    expect(ctx.strokes.filter((s) => s.dash.length > 0)).toHaveLength(1)
    expect(ctx.strokes.filter((s) => s.style === 'orange')).toHaveLength(1)
    expect([c.model.volumeScale!.min, c.model.volumeScale!.max]).toEqual([0, 100])
  })
})
