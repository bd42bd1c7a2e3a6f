// K-line chart maths: bar index ↔ x (visible range, hit → bar, pan, zoom) and value ↔ y (range, ticks, time labels).
import { describe, expect, it } from 'vitest'
import { ChartModel } from '../../src/features/kline/model/chart-model'
import { ChartSeries } from '../../src/features/kline/model/chart-series'
import {
  makeScale,
  maxVolumeOf,
  niceStep,
  priceRangeOf,
  priceTicks,
  valueToY,
  yToValue,
} from '../../src/features/kline/model/price-scale'
import {
  barIndexAt,
  indexToX,
  MAX_BAR_SPACING,
  MAX_RIGHT_OFFSET_BARS,
  MAX_RIGHT_OFFSET_SHARE,
  MIN_BAR_SPACING,
  MIN_VISIBLE_BARS,
  pan,
  visibleRange,
  xToLogical,
  zoom,
  type TimeScaleState,
} from '../../src/features/kline/model/time-scale'
import { timeStep, timeTicks } from '../../src/features/kline/model/time-ticks'
import { formatAxisTime, formatBarTime } from '../../src/features/kline/format'
import { bar, series } from './kline-bars'

const ts = (over: Partial<TimeScaleState> = {}): TimeScaleState => ({
  width: 300,
  barSpacing: 10,
  rightOffset: 0,
  ...over,
})

describe('time scale', () => {
  it('puts the newest bar flush right at offset 0 and maps x back to the same bar', () => {
    const s = ts()
    expect(indexToX(s, 1000, 999)).toBe(295)
    expect(indexToX(s, 1000, 998)).toBe(285)
    for (const i of [970, 985, 999]) expect(xToLogical(s, 1000, indexToX(s, 1000, i))).toBeCloseTo(i, 9)
  })

  it('visible range covers exactly the bars inside the plot width', () => {
    expect(visibleRange(ts(), 1000)).toEqual({ from: 970, to: 999 })
    // 4 empty bar slots on the right leave room for 26 bars (and part of a 27th).
    expect(visibleRange(ts({ rightOffset: 4 }), 1000)).toEqual({ from: 974, to: 999 })
    expect(visibleRange(ts(), 10)).toEqual({ from: 0, to: 9 })
    expect(visibleRange(ts(), 0)).toBeNull()
  })

  it('a crosshair x hits the bar whose slot contains it, and nothing in the right offset', () => {
    const s = ts({ rightOffset: 2 })
    const x998 = indexToX(s, 1000, 998)
    expect(barIndexAt(s, 1000, x998 + 4)).toBe(998)
    expect(barIndexAt(s, 1000, x998 - 4)).toBe(998)
    expect(barIndexAt(s, 1000, x998 + 6)).toBe(999)
    expect(barIndexAt(s, 1000, 299)).toBe(-1)
  })

  it('dragging right reveals older bars; panning stops with MIN_VISIBLE_BARS still on screen', () => {
    const s = pan(ts(), 1000, 100)
    expect(visibleRange(s, 1000)).toEqual({ from: 960, to: 989 })
    const farRight = pan(ts(), 1000, 1e9)
    const r = visibleRange(farRight, 1000)!
    expect(r.from).toBe(0)
    expect(r.to - r.from + 1).toBeGreaterThanOrEqual(MIN_VISIBLE_BARS)
  })

  it('dragging left past the newest bar stops with only a few empty bar slots on the right', () => {
    // A 1,000-bar series on a 300 px plot at 10 px per bar: a long swipe towards the future.
    const farLeft = pan(ts({ rightOffset: 4 }), 1000, -1e9)
    const l = visibleRange(farLeft, 1000)!
    expect(l.to).toBe(999)
    const emptyPx = 300 - (indexToX(farLeft, 1000, 999) + 10 / 2)
    expect(emptyPx).toBeLessThanOrEqual(MAX_RIGHT_OFFSET_BARS * 10)
    expect(emptyPx / 300).toBeLessThanOrEqual(MAX_RIGHT_OFFSET_SHARE)
    expect(l.to - l.from + 1).toBeGreaterThanOrEqual(25) // the plot stays ≥ 85 % candles
    // Wide bars: the margin shrinks with the share of the plot, so the live candle stays near the right edge.
    const wide = pan(ts({ barSpacing: 40 }), 1000, -1e9)
    expect(300 - (indexToX(wide, 1000, 999) + 20)).toBeLessThanOrEqual(300 * MAX_RIGHT_OFFSET_SHARE)
  })

  it('a chart panned hard towards the future keeps the plot full of candles', () => {
    const m = new ChartModel()
    m.resize(390, 300, 56)
    m.reset(series(600))
    const before = m.range!.to - m.range!.from + 1
    m.panBy(-5000)
    const r = m.range!
    expect(r.to).toBe(599)
    expect(r.to - r.from + 1).toBeGreaterThanOrEqual(before - MAX_RIGHT_OFFSET_BARS)
    const lastRight = indexToX(m.time, 600, 599) + m.time.barSpacing / 2
    expect((m.layout.plotWidth - lastRight) / m.layout.plotWidth).toBeLessThanOrEqual(MAX_RIGHT_OFFSET_SHARE)
  })

  it('zoom at the live edge keeps the newest bar in place', () => {
    const s = ts({ rightOffset: 3 })
    const z = zoom(s, 1000, 0.5, 120)
    expect(z.barSpacing).toBe(5)
    expect(z.rightOffset).toBe(3)
    expect(visibleRange(z, 1000)).toEqual({ from: 943, to: 999 })
  })

  it('zoom in the past keeps the bar under the anchor in place and clamps the bar width', () => {
    const s = ts({ rightOffset: -300 })
    const before = xToLogical(s, 1000, 120)
    const z = zoom(s, 1000, 2, 120)
    expect(z.barSpacing).toBe(20)
    expect(xToLogical(z, 1000, 120)).toBeCloseTo(before, 9)
    expect(zoom(s, 1000, 100, 120).barSpacing).toBe(MAX_BAR_SPACING)
    expect(zoom(s, 1000, 0.001, 120).barSpacing).toBe(MIN_BAR_SPACING)
  })
})

describe('price scale', () => {
  const s = makeScale(100, 200, 10, 220, 0.1)

  it('maps the range into the pane with 10 % margins, inverse exact', () => {
    expect(valueToY(s, 200)).toBeCloseTo(32, 9)
    expect(valueToY(s, 100)).toBeCloseTo(208, 9)
    expect(yToValue(s, valueToY(s, 137.5))).toBeCloseTo(137.5, 9)
  })

  it('a flat range still maps (widened), so a single-price market draws', () => {
    const flat = makeScale(50, 50, 0, 100)
    expect(flat.max).toBeGreaterThan(flat.min)
    expect(valueToY(flat, 50)).toBeCloseTo(50, 9)
  })

  it('takes low/high and max volume over the visible bars only', () => {
    const cs = new ChartSeries()
    cs.replace([bar(60, 10, 20, 5), bar(120, 1000, 1000, 99), bar(180, 30, 25, 7)])
    expect(priceRangeOf(cs, { from: 0, to: 0 })).toEqual({ min: 9, max: 21 })
    expect(priceRangeOf(cs, { from: 0, to: 2 })).toEqual({ min: 9, max: 1001 })
    expect(maxVolumeOf(cs, { from: 2, to: 2 })).toBe(7)
    expect(priceRangeOf(cs, null)).toBeNull()
  })

  it('ticks are nice values inside the pane, far enough apart, without float noise', () => {
    expect(niceStep(100, 5)).toBe(20)
    expect(niceStep(0.0009, 4)).toBe(0.00025)
    const ticks = priceTicks(makeScale(0.1, 0.7, 0, 400), 44)
    expect(ticks).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7])
    const btc = priceTicks(makeScale(112_612.5, 112_749.73, 0, 220), 44)
    const gap =
      valueToY(makeScale(112_612.5, 112_749.73, 0, 220), btc[0]!) -
      valueToY(makeScale(112_612.5, 112_749.73, 0, 220), btc[1]!)
    expect(gap).toBeGreaterThanOrEqual(44)
    for (const t of btc) expect(String(t)).toMatch(/^\d+(\.\d{1,2})?$/)
  })
})

describe('time labels', () => {
  it('picks a round step so labels are at least the gap apart', () => {
    expect(timeStep(60, 7, 72)).toBe(900) // 11 bars × 1 min → 15 min
    expect(timeStep(3600, 7, 72)).toBe(12 * 3600)
    expect(timeStep(86_400, 7, 72)).toBe(14 * 86_400)
  })

  it('labels the visible bars that start a new step, in local time', () => {
    const m = new ChartModel()
    m.reset(series(600))
    m.resize(390, 300, 56)
    const { step, ticks } = timeTicks(m, 60, 72)
    const tz = -new Date(ticks[0]!.id * 1000).getTimezoneOffset() * 60
    expect(ticks.length).toBeGreaterThan(1)
    for (const t of ticks) expect((t.id + tz) % step).toBe(0)
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]!.x - ticks[i - 1]!.x).toBeGreaterThanOrEqual(54)
  })
})

describe('time label text (local time)', () => {
  const at = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi).getTime() / 1000
  it('HH:mm within a day, MM-DD at midnight and for day steps, YYYY-MM for month steps', () => {
    expect(formatAxisTime(at(2025, 10, 29, 4, 30), 900)).toBe('04:30')
    expect(formatAxisTime(at(2025, 10, 30, 0, 0), 900)).toBe('10-30')
    expect(formatAxisTime(at(2025, 10, 30, 8, 0), 86_400)).toBe('10-30')
    expect(formatAxisTime(at(2025, 11, 1, 0, 0), 61 * 86_400)).toBe('2025-11')
  })
  it('the crosshair shows the full bar time', () => {
    expect(formatBarTime(at(2025, 1, 2, 3, 4))).toBe('2025-01-02 03:04')
  })
})
