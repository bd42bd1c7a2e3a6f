// Depth chart: exact cumulative sums of each book side, the shared domain, and what the area renderer draws.
import Big from 'big.js'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { DepthTick, Level } from '../../common/feed/messages'
import { cumulate, depthDomain, unitsToDecimal, type DepthDomain } from '../../src/features/depth-chart/depth-model'
import { depthGutter, drawDepthAreas, drawDepthAxes, type DepthScope } from '../../src/features/depth-chart/draw-depth'
import { recordedDataPresent } from '../helpers/prerequisites'
import { RecordingContext, TEST_THEME } from './kline-recording-context'

const CAPTURE = fileURLToPath(
  new URL('../../../shared/data/market/ws/htx-spot-ws-depth-trade-2021-04-17-decoded.jsonl', import.meta.url),
)

/** First recorded HTX `depth.step0` push of a USDT-quoted spot market in the capture. */
function recordedBook(): { ch: string; tick: DepthTick } {
  for (const line of readFileSync(CAPTURE, 'utf8').split('\n')) {
    if (!line.includes('usdt.depth.step0","ts"')) continue
    const { msg } = JSON.parse(line) as { msg: { ch?: string; tick?: DepthTick } }
    if (msg.ch && msg.tick) return { ch: msg.ch, tick: msg.tick }
  }
  throw new Error('no USDT depth push in capture')
}

const amount = (v: number) => v.toFixed(3)
/** 6 px per character at 10 px, as RecordingContext measures. */
const measure = (text: string) => text.length * 6
const scope = (d: DepthDomain | null = null): DepthScope => ({
  pixelRatio: 2,
  width: 360,
  height: 220,
  gutter: depthGutter(d, amount, measure),
  theme: TEST_THEME,
  price: (v) => v.toFixed(2),
  amount,
})

describe('depth cumulative sums', () => {
  it('sums amounts exactly at the market precision (no 0.30000000000000004)', () => {
    const c = cumulate(
      [
        [100, 0.1],
        [99, 0.2],
        [98, 0.7],
      ],
      3,
    )
    expect(Array.from(c.cum)).toEqual([0.1, 0.3, 1])
    expect(c.total).toBe('1.000')
    expect(unitsToDecimal(5, 4)).toBe('0.0005')
    expect(unitsToDecimal(-12345, 2)).toBe('-123.45')
    expect(cumulate([], 2).total).toBe('0.00')
    // Beyond 2^53 units the total is still exact (decimal fallback).
    expect(
      cumulate(
        [
          [1, 90_000_000.12345678],
          [0.9, 1e8],
        ],
        8,
      ).total,
    ).toBe('190000000.12345678')
  })

  it('the domain is centred on the mid price and spans the deeper side', () => {
    const bids = cumulate(
      [
        [99, 1],
        [95, 2],
      ],
      0,
    )
    const asks = cumulate(
      [
        [101, 1],
        [102, 5],
      ],
      0,
    )
    expect(depthDomain(bids, asks)).toEqual({ minPrice: 95, maxPrice: 105, mid: 100, maxCum: 6 })
    const shallowBids = cumulate(
      [
        [99, 1],
        [97, 2],
      ],
      0,
    )
    expect(depthDomain(shallowBids, asks)).toEqual({ minPrice: 97, maxPrice: 103, mid: 100, maxCum: 6 })
    expect(depthDomain(bids, cumulate([], 0))).toBeNull()
  })
})

describe('depth renderers', () => {
  const bids: Level[] = [
    [99, 1],
    [98, 2],
    [97, 3],
  ]
  const asks: Level[] = [
    [101, 2],
    [102, 2],
  ]
  const b = cumulate(bids, 0)
  const a = cumulate(asks, 0)
  const d = depthDomain(b, a)!

  it('fills the bid area green on the left and the ask area red on the right, as steps down to the baseline', () => {
    const ctx = new RecordingContext()
    const sc = scope(d)
    drawDepthAreas(ctx, b, a, d, sc)
    expect(ctx.fills.map((f) => [f.style, f.alpha < 1])).toEqual([
      ['green', true],
      ['red', true],
    ])
    expect(ctx.strokes.map((s) => s.style)).toEqual(['green', 'red'])
    const mid = ((360 - sc.gutter) / 2) * 2
    for (const [x] of ctx.fills[0]!.points) expect(x).toBeLessThanOrEqual(mid)
    for (const [x] of ctx.fills[1]!.points) expect(x).toBeGreaterThanOrEqual(mid)
    // 1 start + 1 up + 2 per further level + edge = points of a step curve; the fill adds the baseline corner.
    expect(ctx.strokes[0]!.points).toHaveLength(2 + 2 * (bids.length - 1) + 1)
    expect(ctx.fills[0]!.points).toHaveLength(ctx.strokes[0]!.points.length + 1)
  })

  it('labels low, mid and high prices and three amounts', () => {
    const ctx = new RecordingContext()
    drawDepthAxes(ctx, d, scope(d))
    expect(ctx.textList).toEqual(['97.00', '100.00', '103.00', '2.000', '4.000', '6.000'])
  })

  it.each([
    ['a small book', bids, asks, 0],
    ['deep books with long totals', bids.map(([p, q]) => [p, q * 12345.678]), asks.map(([p, q]) => [p, q * 9876.5]), 3],
  ] as [string, Level[], Level[], number][])(
    'no label lies over the curves: prices sit in the strip below, amounts in a gutter right of the plot (%s)',
    (_, bl, al, decimals) => {
      const bc = cumulate(bl, decimals)
      const ac = cumulate(al, decimals)
      const dom = depthDomain(bc, ac)!
      const sc = scope(dom)
      const areas = new RecordingContext()
      drawDepthAreas(areas, bc, ac, dom, sc)
      const axes = new RecordingContext()
      drawDepthAxes(axes, dom, sc)
      const pts = [...areas.fills, ...areas.strokes].flatMap((f) => f.points)
      const curveRight = Math.max(...pts.map(([x]) => x))
      const curveBottom = Math.max(...pts.map(([, y]) => y))
      const amounts = axes.texts.slice(3)
      expect(amounts).toHaveLength(3)
      for (const t of amounts) {
        expect(t.align).toBe('left')
        // The label starts right of the curves and fits in the chart (6 px per char at 10 px, ×2 DPR).
        expect(t.x).toBeGreaterThan(curveRight)
        expect(t.x + t.text.length * 12).toBeLessThanOrEqual(360 * 2)
      }
      for (const t of axes.texts.slice(0, 3)) expect(t.y - 6 * 2).toBeGreaterThanOrEqual(curveBottom)
    },
  )

  it.skipIf(!recordedDataPresent(CAPTURE))(
    'on a recorded HTX depth.step0 book: totals match big.js sums, curves rise',
    () => {
      const { tick } = recordedBook()
      const bidsC = cumulate(tick.bids, 8)
      const asksC = cumulate(tick.asks, 8)
      const exact = (side: Level[]) => side.reduce((s, [, q]) => s.plus(String(q)), new Big(0)).toFixed(8)
      expect(bidsC.total).toBe(exact(tick.bids))
      expect(asksC.total).toBe(exact(tick.asks))
      for (let i = 1; i < bidsC.count; i++) expect(bidsC.cum[i]!).toBeGreaterThanOrEqual(bidsC.cum[i - 1]!)
      const dom = depthDomain(bidsC, asksC)!
      expect(dom.minPrice).toBeLessThanOrEqual(tick.bids[tick.bids.length - 1]![0])
      expect(dom.maxPrice).toBeGreaterThanOrEqual(tick.asks[tick.asks.length - 1]![0])
    },
  )
})
