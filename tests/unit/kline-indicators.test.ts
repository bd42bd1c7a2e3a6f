/**
 * The K-line indicators (issue 24 part 5) against values worked out by hand and the published definitions: SMA, EMA
 * seeded with the SMA, Bollinger Bands with the population deviation, MACD 12/26/9 and Wilder's RSI.
 */
import { describe, expect, it } from 'vitest'
import { bollinger, ema, macd, rsi, sma } from '../../src/features/kline/model/indicators'

const f = (xs: number[]) => Float64Array.from(xs)
const round = (xs: Float64Array, d = 4) => [...xs].map((x) => (Number.isNaN(x) ? null : Number(x.toFixed(d))))

describe('K-line indicators', () => {
  it('SMA and EMA', () => {
    expect(round(sma(f([1, 2, 3, 4, 5]), 5, 3))).toEqual([null, null, 2, 3, 4])
    // α = 2/4 = 0.5; seed (1+2+3)/3 = 2; then 0.5·4 + 0.5·2 = 3; 0.5·5 + 0.5·3 = 4.
    expect(round(ema(f([1, 2, 3, 4, 5]), 5, 3))).toEqual([null, null, 2, 3, 4])
    expect(round(ema(f([2, 2, 2, 8]), 4, 3))).toEqual([null, null, 2, 5])
  })

  it('Bollinger Bands: mid ± 2 population deviations', () => {
    const b = bollinger(f([2, 4, 4, 4, 5, 5, 7, 9]), 8, 8, 2)
    // Mean 5, population σ 2 (the classic example).
    expect(round(b.mid).at(-1)).toBe(5)
    expect(round(b.upper).at(-1)).toBe(9)
    expect(round(b.lower).at(-1)).toBe(1)
  })

  it('MACD: DIF of a steady rise is positive, and DEA catches up', () => {
    const closes = f(Array.from({ length: 60 }, (_, i) => 100 + i))
    const m = macd(closes, 60)
    expect(Number.isNaN(m.dif[24]!)).toBe(true)
    expect(m.dif[25]).toBeGreaterThan(0)
    expect(Number.isNaN(m.dea[32]!)).toBe(true)
    expect(m.dea[33]).toBeGreaterThan(0)
    // A line rising by 1 a bar: EMA lags are (n−1)/2, so DIF tends to (26−1)/2 − (12−1)/2 = 7 and the histogram to 0.
    expect(m.dif[59]).toBeCloseTo(7, 1)
    expect(Math.abs(m.hist[59]!)).toBeLessThan(0.1)
  })

  it("RSI: Wilder's smoothing; 100 when nothing fell", () => {
    expect(round(rsi(f([1, 2, 3, 4]), 4, 3))).toEqual([null, null, null, 100])
    // Gains 1, 0, 1 and losses 0, 1, 0 over 3: avg gain 2/3, avg loss 1/3 → RS 2 → RSI 66.6667.
    expect(round(rsi(f([1, 2, 1, 2]), 4, 3))).toEqual([null, null, null, 66.6667])
    // Next: a loss of 1 → gain (2/3·2)/3 = 4/9, loss (1/3·2 + 1)/3 = 5/9 → RSI 44.4444.
    expect(round(rsi(f([1, 2, 1, 2, 1]), 5, 3)).at(-1)).toBe(44.4444)
  })
})

describe('indicator periods typed in the settings', () => {
  it('keeps whole numbers of 2–200 bars in order, drops empty fields and names the bad ones', async () => {
    const { readPeriods } = await import('../../src/features/kline/indicator-store')
    expect(readPeriods(['7', '', '60'])).toEqual({ periods: [7, 60], bad: [] })
    expect(readPeriods(['1', '201', '2.5'])).toEqual({ periods: [], bad: [0, 1, 2] })
    expect(readPeriods(['', '', '']), 'at least one line').toEqual({ periods: [], bad: [0] })
    expect(readPeriods([' 20 ', 'x', '200'])).toEqual({ periods: [20, 200], bad: [1] })
  })
})
