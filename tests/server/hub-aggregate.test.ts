// The hub's candles and ticker: coarser periods are exact sums of the 1min bars on HTX's UTC+8 calendar, the
// in-progress bar is never double counted, and the 24 h ticker rolls with the bars.
import Big from 'big.js'
import { describe, expect, it } from 'vitest'
import type { KlineTick, TickerTick } from '../../common/feed/messages'
import { KLINE_PERIODS, type KlinePeriod } from '../../common/feed/topics'
import { bucketStart } from '../../server/market/hub/periods'
import type { MarketEvent } from '../../server/market/types'
import { bar, book, testHub } from '../helpers/market-hub'

const iso = (s: string) => Date.parse(s) / 1000

describe('period buckets (UTC+8 like HTX)', () => {
  it.each([
    ['1day', '2024-01-01T15:59:00Z', '2023-12-31T16:00:00Z'],
    ['1day', '2024-01-01T16:00:00Z', '2024-01-01T16:00:00Z'],
    ['1week', '2024-01-07T15:59:00Z', '2023-12-31T16:00:00Z'], // Sunday 23:59 UTC+8 is still Monday 1 Jan's week
    ['1week', '2024-01-07T16:00:00Z', '2024-01-07T16:00:00Z'],
    ['1mon', '2024-02-29T16:30:00Z', '2024-02-29T16:00:00Z'], // 1 March 00:30 UTC+8
    ['1mon', '2024-02-29T15:30:00Z', '2024-01-31T16:00:00Z'],
    ['4hour', '2024-01-01T17:59:00Z', '2024-01-01T16:00:00Z'],
    ['15min', '2024-01-01T17:59:00Z', '2024-01-01T17:45:00Z'],
  ] as const)('%s of %s opens at %s', (period, at, open) => {
    expect(bucketStart(period, iso(at))).toBe(iso(open))
  })
})

/** Deterministic minutes with 2-decimal prices and 3-decimal volumes (sums that floats get wrong). */
function minutes(startId: number, n: number): KlineTick[] {
  let p = 1000
  return Array.from({ length: n }, (_, i) => {
    const o = p
    p = Math.max(1, p + ((i * 7919) % 13) - 6)
    const hi = Math.max(o, p) + (i % 3)
    const lo = Math.min(o, p) - (i % 2)
    return bar(
      startId + i * 60,
      o + 0.1,
      hi + 0.2,
      lo + 0.1,
      p + 0.1,
      Number(`0.${(i % 9) + 1}${i % 7}1`),
      Number(`${i % 50}.1`),
      i % 5,
    )
  })
}

/** Independent aggregation: open first, close last, high max, low min, exact sums. */
function aggregate(bars: KlineTick[], period: KlinePeriod): KlineTick[] {
  const out = new Map<number, KlineTick[]>()
  for (const b of bars) {
    const k = bucketStart(period, b.id)
    out.set(k, [...(out.get(k) ?? []), b])
  }
  return [...out].map(([id, g]) => ({
    id,
    open: g[0]!.open,
    close: g.at(-1)!.close,
    low: Math.min(...g.map((b) => b.low)),
    high: Math.max(...g.map((b) => b.high)),
    amount: Number(g.reduce((s, b) => s.plus(String(b.amount)), new Big(0)).toFixed(6)),
    vol: Number(g.reduce((s, b) => s.plus(String(b.vol)), new Big(0)).toFixed(8)),
    count: g.reduce((s, b) => s + b.count, 0),
  }))
}

describe('candle aggregation', () => {
  const start = iso('2024-01-01T10:00:00Z')
  const data = minutes(start, 3 * 1440)

  it.each(['5min', '15min', '60min', '4hour', '1day', '1week'] as const)(
    '%s bars are exact aggregates of the 1min bars',
    async (period) => {
      const hub = testHub()
      hub.history('btcusdt', data)
      const expected = aggregate(data, period).slice(-300)
      expect(await hub.request({ channel: 'kline', symbol: 'btcusdt', period })).toEqual(expected)
    },
  )

  it('counts a growing in-progress minute once, at its latest version', async () => {
    const hub = testHub()
    hub.history('btcusdt', data.slice(0, 10))
    const id = data[10]!.id
    hub.event({ type: 'candle', symbol: 'btcusdt', ts: 1, bar: bar(id, 1000, 1001, 999, 1000.5, 0.1, 100.1, 1) })
    hub.event({ type: 'candle', symbol: 'btcusdt', ts: 2, bar: bar(id, 1000, 1003, 998, 1002.5, 0.3, 300.3, 3) })
    const got = (await hub.request({ channel: 'kline', symbol: 'btcusdt', period: '60min' })) as KlineTick[]
    expect(got.at(-1)).toEqual(
      aggregate([...data.slice(0, 10), bar(id, 1000, 1003, 998, 1002.5, 0.3, 300.3, 3)], '60min').at(-1),
    )
  })

  it('folds a late revision of an earlier minute into its bucket', async () => {
    const hub = testHub()
    hub.history('btcusdt', data.slice(0, 20))
    const revised = { ...data[3]!, amount: data[3]!.amount + 1, count: data[3]!.count + 4 }
    hub.event({ type: 'candle', symbol: 'btcusdt', ts: 1, bar: revised })
    const fixed = [...data.slice(0, 3), revised, ...data.slice(4, 20)]
    expect(await hub.request({ channel: 'kline', symbol: 'btcusdt', period: '5min' })).toEqual(aggregate(fixed, '5min'))
  })
})

describe('start-up history loaded in one pass', () => {
  // Past a month boundary (1mon, 1week) and past the kept 1min bars (MAX_MINUTES + its slack), so the bulk load
  // must also trim as the minute-by-minute path does.
  const data = minutes(iso('2024-02-24T03:00:00Z'), 12_500)

  // Some minutes with more decimals than the market's (upstream figures): their buckets are summed with big.js.
  const overPrecise = data.map((b, i) => (i % 7 === 3 ? { ...b, amount: b.amount + 1e-9, vol: b.vol + 1e-10 } : b))

  it.each([
    ['figures within the market decimals', data],
    ['some figures with more decimals', overPrecise],
  ])('holds the same bars in every period and the same ticker as minute-by-minute updates (%s)', (_, data) => {
    const bulk = testHub()
    bulk.history('btcusdt', data)
    const stepped = testHub()
    for (const [i, b] of data.entries()) stepped.event({ type: 'candle', symbol: 'btcusdt', ts: i, bar: b })
    for (const period of KLINE_PERIODS) {
      const all = (hub: typeof bulk) => hub.state('btcusdt')!.series.range(period, -Infinity, Infinity, 1e9)
      expect(all(bulk), period).toEqual(all(stepped))
    }
    expect(bulk.state('btcusdt')!.series.minutes.length).toBeLessThan(data.length)
    expect(bulk.lastTicker('btcusdt')).toEqual(stepped.lastTicker('btcusdt'))
  })

  it('falls back to upserts when a minute repeats (a revision: the later version counts)', async () => {
    const hub = testHub()
    const revised = { ...data[199]!, amount: data[199]!.amount + 1, count: data[199]!.count + 4 }
    hub.history('btcusdt', [...data.slice(0, 200), revised])
    const got = await hub.request({ channel: 'kline', symbol: 'btcusdt', period: '15min' })
    expect(got).toEqual(aggregate([...data.slice(0, 199), revised], '15min'))
  })
})

describe('rolling 24 h ticker', () => {
  it('is computed from the last 1440 minutes, with bid/ask from the book, and emitted to listeners', () => {
    const hub = testHub()
    const data = minutes(iso('2024-03-01T00:00:00Z'), 1500)
    const events: MarketEvent[] = []
    hub.onEvent((e) => events.push(e))
    hub.history('btcusdt', data.slice(0, 1499))
    hub.event({ type: 'candle', symbol: 'btcusdt', ts: 5, bar: data[1499]! })
    hub.event({ type: 'book', symbol: 'btcusdt', ts: 6, tick: book(1234.56, 9) })
    const window = data.slice(-1440)
    const t = hub.lastTicker('btcusdt') as TickerTick
    expect(t).toMatchObject({
      open: window[0]!.open,
      close: data[1499]!.close,
      high: Math.max(...window.map((b) => b.high)),
      low: Math.min(...window.map((b) => b.low)),
      amount: Number(window.reduce((s, b) => s.plus(String(b.amount)), new Big(0)).toFixed(6)),
      vol: Number(window.reduce((s, b) => s.plus(String(b.vol)), new Big(0)).toFixed(8)),
      count: window.reduce((s, b) => s + b.count, 0),
      bid: 1234.55,
      ask: 1234.56,
      lastPrice: data[1499]!.close,
    })
    const tickers = events.filter((e) => e.type === 'ticker')
    expect(tickers).toHaveLength(2)
    expect(tickers.at(-1)).toMatchObject({ symbol: 'btcusdt', ts: 6, tick: t })
  })
})
