// Derived trade prints of a replayed 1min bar (server/market/sources/replay/derive-prints.ts): the same bar always
// gives the same prints, the sizes vary and add up to the bar's volume, and the taker side follows the price path.
import { describe, expect, it } from 'vitest'
import { derivePrints, printSeed } from '../../server/market/sources/replay/derive-prints'
import { planBar } from '../../server/market/sources/replay/bar-plan'
import type { SymbolSpec } from '../../server/market/sources/source'

const SPEC = { symbol: 'btcusdt', price_precision: 2, volume_decimals: 6, turnover_decimals: 8 } as SymbolSpec
const T = Date.UTC(2023, 3, 2, 1, 40)

/** Sizes of the prints (units) from the cumulative sums. */
const sizes = (cum: number[]) => cum.slice(1).map((c, i) => c - (cum[i] as number))

describe('derived trade prints', () => {
  it('are the same for the same symbol and bar time, and differ for another minute', () => {
    const raw = { t: T, open: '28432.21', high: '28433.32', low: '28424.77', close: '28429.08', volume: '21.29567' }
    const a = planBar(raw, SPEC, 60)
    const b = planBar({ ...raw }, SPEC, 60)
    expect(b.cum).toEqual(a.cum)
    expect(b.sides).toEqual(a.sides)
    expect(printSeed('btcusdt', T)).toBe(printSeed('btcusdt', T))
    const other = planBar({ ...raw, t: T + 60_000 }, SPEC, 60)
    expect(other.cum).not.toEqual(a.cum)
    expect(planBar(raw, { ...SPEC, symbol: 'ethusdt' }, 60).cum).not.toEqual(a.cum)
  })

  it('vary in size and add up to the bar volume exactly', () => {
    const raw = { t: T, open: '28432.21', high: '28433.32', low: '28424.77', close: '28429.08', volume: '21.29567' }
    const plan = planBar(raw, SPEC, 60)
    expect(plan.cum[0]).toBe(0)
    expect(plan.cum.at(-1)).toBe(21_295_670)
    const s = sizes(plan.cum)
    expect(s.every((x) => x >= 0)).toBe(true)
    expect(s.reduce((x, y) => x + y, 0)).toBe(21_295_670)
    expect(new Set(s).size).toBeGreaterThan(s.length / 2)
    expect(Math.max(...s)).toBeGreaterThan(3 * Math.min(...s))
  })

  it('has both sides on a bar that goes down then up, and mostly buys on a steadily rising bar', () => {
    const mixed = planBar(
      { t: T, open: '100.00', high: '100.40', low: '99.50', close: '100.30', volume: '5' },
      { ...SPEC, symbol: 'testusdt' },
      60,
    )
    expect(mixed.sides).toContain('buy')
    expect(mixed.sides).toContain('sell')
    // O→L→H→C: the first leg walks down (mostly sells), the second up (mostly buys).
    const down = mixed.points.findIndex((p) => p === 9950)
    const share = (xs: string[], side: string) => xs.filter((x) => x === side).length / xs.length
    expect(share(mixed.sides.slice(0, down + 1), 'sell')).toBeGreaterThan(0.5)
    expect(share(mixed.sides.slice(down + 1), 'buy')).toBeGreaterThan(0.5)

    // Every tick of O = L → H = C is an up-tick: mostly buys in each minute, some sells, about 80 % over 20 minutes.
    const shares: number[] = []
    for (let m = 0; m < 20; m++) {
      const rising = planBar(
        { t: T + m * 60_000, open: '100.00', high: '101.00', low: '100.00', close: '101.00', volume: '3' },
        SPEC,
        60,
      )
      expect(rising.points.every((p, i) => p > (i === 0 ? rising.openTicks : rising.points[i - 1]!))).toBe(true)
      shares.push(share(rising.sides, 'buy'))
    }
    for (const buys of shares) expect(buys > 0.5 && buys < 1).toBe(true)
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length
    expect(mean).toBeGreaterThan(0.7)
    expect(mean).toBeLessThan(0.9)
  })

  it('keeps the exact volume on tiny and zero-volume bars', () => {
    for (const v of [0, 1, 7, 59, 61]) {
      const { cum } = derivePrints([101, 102, 103, 102, 104], 100, v, printSeed('x', v))
      expect(cum.at(-1)).toBe(v)
      expect(sizes(cum).every((x) => x >= 0)).toBe(true)
    }
  })
})
