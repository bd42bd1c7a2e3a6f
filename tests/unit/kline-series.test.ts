// CandleSeries: the chart's typed-array store of bars (upsert by id seconds, history merge), on real recorded bars.
import { describe, expect, it } from 'vitest'
import { CandleSeries } from '../../src/features/kline/model/candle-series'
import { bar, loadBtcKlines, series, SKIP_BTC_KLINES } from './kline-bars'

const ids = (s: CandleSeries) => Array.from(s.time.subarray(0, s.length))

describe('CandleSeries upsert', () => {
  it('updates the newest bar in place, appends a new one, updates and inserts older ones', () => {
    const s = new CandleSeries()
    s.reset([bar(60, 1, 2), bar(180, 2, 3)])
    expect(s.upsert(bar(180, 2, 5))).toBe('update-last')
    expect(s.close[1]).toBe(5)
    expect(s.upsert(bar(240, 5, 4))).toBe('append')
    expect(s.upsert(bar(60, 1, 9))).toBe('update')
    expect(s.upsert(bar(120, 9, 2))).toBe('insert')
    expect(ids(s)).toEqual([60, 120, 180, 240])
    expect(s.at(0)).toMatchObject({ id: 60, close: 9 })
    expect(s.at(1)).toMatchObject({ id: 120, open: 9, close: 2 })
    expect(s.at(3)).toMatchObject({ id: 240, open: 5, close: 4, volume: 1 })
    expect(s.indexOf(180)).toBe(2)
    expect(s.indexOf(181)).toBe(-1)
  })

  it('reset sorts and de-duplicates unordered bars (last write wins)', () => {
    const s = new CandleSeries()
    s.reset([bar(180, 1, 2), bar(60, 1, 2), bar(180, 1, 7)])
    expect(ids(s)).toEqual([60, 180])
    expect(s.close[1]).toBe(7)
  })

  it('grows past its initial capacity and keeps every bar', () => {
    const s = new CandleSeries()
    const bars = series(10_000)
    for (const b of bars) s.upsert(b)
    expect(s.length).toBe(10_000)
    expect(s.at(9_999)).toMatchObject({ id: bars[9_999]!.id, close: bars[9_999]!.close })
    expect(s.indexOf(bars[4_321]!.id)).toBe(4_321)
  })
})

describe('CandleSeries history merge', () => {
  it('prepends older bars, skips duplicates and upserts overlapping ones', () => {
    const s = new CandleSeries()
    s.reset([bar(300, 1, 2), bar(360, 2, 3)])
    const added = s.prepend([bar(180, 1, 1), bar(240, 1, 1), bar(240, 1, 1), bar(300, 4, 8)])
    expect(added).toBe(2)
    expect(ids(s)).toEqual([180, 240, 300, 360])
    expect(s.close[2]).toBe(8)
  })

  it('an empty or fully overlapping page adds nothing', () => {
    const s = new CandleSeries()
    s.reset([bar(300, 1, 2)])
    expect(s.prepend([])).toBe(0)
    expect(s.prepend([bar(300, 1, 2)])).toBe(0)
    expect(s.length).toBe(1)
  })
})

describe.skipIf(SKIP_BTC_KLINES)('CandleSeries on recorded BTCUSDT 1m bars', () => {
  it('holds the file as loaded: reset + live ticks + 300-bar history pages give the same series', () => {
    const bars = loadBtcKlines()
    expect(bars.length).toBe(4320)
    // As the chart receives them: a recent reset, then history pages of ≤ 300 going back.
    const s = new CandleSeries()
    s.reset(bars.slice(3000))
    for (let end = 3000; end > 0; end -= 300) s.prepend(bars.slice(Math.max(0, end - 300), end))
    expect(s.length).toBe(4320)
    expect(ids(s)).toEqual(bars.map((b) => b.id))
    const first = s.at(0)!
    expect(first).toEqual({ id: 1761711720, open: 112731.29, high: 112749.73, low: 112730.4, close: 112749.72, volume: 4.75297 })
    // A live tick re-pushes the newest bar with a new close.
    const last = bars[bars.length - 1]!
    expect(s.upsert({ ...last, close: last.close + 1, high: Math.max(last.high, last.close + 1) })).toBe('update-last')
    expect(s.close[s.length - 1]).toBe(last.close + 1)
  })
})
