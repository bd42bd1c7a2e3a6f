// CandleSeries (common/feed): the typed-array bar store shared by the worker cache and the chart — upsert by id
// (epoch seconds), history merge, capacity bound, lookups and change tracking; also on real recorded bars.
import { describe, expect, it } from 'vitest'
import { CandleSeries, type UpsertKind } from '../../common/feed/candle-series'
import type { KlineTick } from '../../common/feed/messages'
import { ChartSeries } from '../../src/features/kline/model/chart-series'
import { bar, loadBtcKlines, series, SKIP_BTC_KLINES } from './kline-bars'

/** A flat bar at `id` whose close tells which write it came from. */
const b = (id: number, close: number): KlineTick => bar(id, close, close)
const ids = (s: CandleSeries) => Array.from(s.id.subarray(0, s.length))
const closes = (s: CandleSeries) => Array.from(s.close.subarray(0, s.length))

type Step = { upsert: KlineTick; kind: UpsertKind } | { merge: KlineTick[]; added: number }

interface Case {
  name: string
  maxBars?: number
  start: KlineTick[]
  steps: Step[]
  ids: number[]
  closes: number[]
}

const cases: Case[] = [
  {
    name: 'appends after the newest bar',
    start: [b(60, 1), b(120, 2)],
    steps: [{ upsert: b(180, 3), kind: 'append' }],
    ids: [60, 120, 180],
    closes: [1, 2, 3],
  },
  {
    name: 'rewrites the newest bar in place',
    start: [b(60, 1), b(120, 2)],
    steps: [{ upsert: b(120, 9), kind: 'update-last' }],
    ids: [60, 120],
    closes: [1, 9],
  },
  {
    name: 'rewrites a bar in the middle',
    start: [b(60, 1), b(120, 2), b(180, 3)],
    steps: [{ upsert: b(120, 9), kind: 'update' }],
    ids: [60, 120, 180],
    closes: [1, 9, 3],
  },
  {
    name: 'inserts out-of-order bars in id order',
    start: [b(60, 1), b(180, 3)],
    steps: [
      { upsert: b(120, 2), kind: 'insert' },
      { upsert: b(0, 0), kind: 'insert' },
    ],
    ids: [0, 60, 120, 180],
    closes: [0, 1, 2, 3],
  },
  {
    name: 'drops the oldest bars past maxBars',
    maxBars: 3,
    start: [],
    steps: [1, 2, 3, 4, 5].map((i) => ({ upsert: b(i * 60, i), kind: 'append' as const })),
    ids: [180, 240, 300],
    closes: [3, 4, 5],
  },
  {
    name: 'a bar older than a full series is dropped at once',
    maxBars: 2,
    start: [b(60, 1), b(120, 2)],
    steps: [{ upsert: b(0, 0), kind: 'insert' }],
    ids: [60, 120],
    closes: [1, 2],
  },
  {
    name: 'merges an older history page in front; duplicates: last wins; overlap is upserted',
    start: [b(300, 5), b(360, 6)],
    steps: [{ merge: [b(240, 4), b(180, 3), b(240, 7), b(300, 8)], added: 2 }],
    ids: [180, 240, 300, 360],
    closes: [3, 7, 8, 6],
  },
  {
    name: 'merge sorts unordered bars into an empty series',
    start: [],
    steps: [{ merge: [b(180, 3), b(60, 1), b(120, 2)], added: 3 }],
    ids: [60, 120, 180],
    closes: [1, 2, 3],
  },
  {
    name: 'merge into a bounded series keeps the newest history that fits',
    maxBars: 4,
    start: [b(300, 5), b(360, 6), b(420, 7)],
    steps: [
      { merge: [b(120, 2), b(180, 3), b(240, 4)], added: 1 },
      { merge: [b(60, 1)], added: 0 },
    ],
    ids: [240, 300, 360, 420],
    closes: [4, 5, 6, 7],
  },
  {
    name: 'an empty or fully overlapping page adds nothing',
    start: [b(300, 5)],
    steps: [
      { merge: [], added: 0 },
      { merge: [b(300, 5)], added: 0 },
    ],
    ids: [300],
    closes: [5],
  },
]

describe('CandleSeries upsert and merge', () => {
  it.each(cases)('$name', (c) => {
    const s = new CandleSeries(c.maxBars, 2)
    s.replace(c.start)
    for (const step of c.steps) {
      if ('upsert' in step) expect(s.upsert(step.upsert)).toBe(step.kind)
      else expect(s.merge(step.merge)).toBe(step.added)
    }
    expect(ids(s)).toEqual(c.ids)
    expect(closes(s)).toEqual(c.closes)
    expect(s.bars().map((x) => x.id)).toEqual(c.ids)
  })

  it('reads back every column of a bar (amount base, vol quote, count)', () => {
    const s = new CandleSeries()
    const x: KlineTick = { id: 60, open: 1, high: 3, low: 0.5, close: 2, amount: 4, vol: 8, count: 7 }
    s.upsert(x)
    expect(s.at(0)).toEqual(x)
    expect([s.amount[0], s.vol[0], s.count[0]]).toEqual([4, 8, 7])
  })

  it('grows past its initial capacity and keeps every bar', () => {
    const s = new CandleSeries(Infinity, 4)
    const bars = series(10_000)
    for (const x of bars) s.upsert(x)
    expect(s.length).toBe(10_000)
    expect(s.at(9_999)).toEqual(bars[9_999])
    expect(s.indexOf(bars[4_321]!.id)).toBe(4_321)
    expect(s.bars(2)).toEqual(bars.slice(-2))
  })
})

describe('CandleSeries lookups', () => {
  const s = new CandleSeries()
  s.replace([b(60, 1), b(120, 2), b(180, 3)])
  it.each([
    [60, 0],
    [180, 2],
    [0, -1],
    [90, -1],
    [240, -1],
  ])('indexOf(%i) = %i', (id, index) => expect(s.indexOf(id)).toBe(index))

  it('misses are undefined, not garbage', () => {
    expect(s.at(-1)).toBeUndefined()
    expect(s.at(3)).toBeUndefined()
    const empty = new CandleSeries()
    const misses = [empty.indexOf(60), empty.at(0), empty.firstId(), empty.lastId()]
    expect(misses).toEqual([-1, undefined, undefined, undefined])
    expect([s.firstId(), s.lastId()]).toEqual([60, 180])
  })
})

describe('CandleSeries change tracking', () => {
  const start = () => {
    const s = new CandleSeries(3)
    s.merge([b(60, 1), b(120, 2)])
    return s
  }
  it.each([
    ['append', false, (s: CandleSeries) => s.upsert(b(180, 3))],
    ['update-last', false, (s: CandleSeries) => s.upsert(b(120, 9))],
    ['update', false, (s: CandleSeries) => s.upsert(b(60, 9))],
    ['insert', true, (s: CandleSeries) => s.upsert(b(90, 9))],
    ['history merge', true, (s: CandleSeries) => s.merge([b(0, 0)])],
    ['capacity drop', true, (s: CandleSeries) => s.merge([b(180, 3), b(240, 4)])],
    ['clear', true, (s: CandleSeries) => s.clear()],
    ['touch', false, (s: CandleSeries) => s.touch()],
  ] as const)('%s bumps seq; moves existing bars: %s', (_, moves, op) => {
    const s = start()
    const seq = s.seq
    op(s)
    expect(s.seq).toBeGreaterThan(seq)
    expect(s.resetSeq > seq).toBe(moves)
  })

  it('reports only the bars written since a seq, ascending', () => {
    const s = new CandleSeries(100)
    s.merge([b(60, 1), b(120, 2), b(180, 3)])
    const seq = s.seq
    s.upsert(b(180, 4))
    s.upsert(b(240, 5))
    expect(s.changedSince(seq).map((x) => [x.id, x.close])).toEqual([
      [180, 4],
      [240, 5],
    ])
  })
})

describe('ChartSeries (the chart view)', () => {
  it('time is the id column and volume the base amount', () => {
    const s = new ChartSeries()
    s.replace([bar(60, 1, 2, 5), bar(120, 2, 3, 6)])
    expect(Array.from(s.time.subarray(0, s.length))).toEqual([60, 120])
    expect(Array.from(s.volume.subarray(0, s.length))).toEqual([5, 6])
  })
})

describe.skipIf(SKIP_BTC_KLINES)('CandleSeries on recorded BTCUSDT 1m bars', () => {
  it('a recent load plus 300-bar history pages gives the file as recorded; a live tick rewrites the newest', () => {
    const bars = loadBtcKlines()
    expect(bars.length).toBe(4320)
    const s = new CandleSeries(50_000)
    s.replace(bars.slice(3000))
    for (let end = 3000; end > 0; end -= 300) s.merge(bars.slice(Math.max(0, end - 300), end))
    expect(s.bars()).toEqual(bars)
    const first = { id: 1761711720, open: 112731.29, high: 112749.73, low: 112730.4, close: 112749.72, amount: 4.75297 }
    expect(s.at(0)).toMatchObject(first)
    const last = bars[bars.length - 1]!
    expect(s.upsert({ ...last, close: last.close + 1, high: Math.max(last.high, last.close + 1) })).toBe('update-last')
    expect(s.close[s.length - 1]).toBe(last.close + 1)
  })

  it('keeps only the newest maxBars when live ticks and history exceed the bound', () => {
    const bars = loadBtcKlines()
    const s = new CandleSeries(1000)
    for (const x of bars.slice(-300)) s.upsert(x)
    s.merge(bars.slice(0, -300))
    expect(s.bars()).toEqual(bars.slice(-1000))
  })
})
