/** Caches: what a subscriber would see after a sequence of pushes. */
import { describe, expect, it } from 'vitest'
import type { KlineTick, TradeItem } from '../../common/feed/messages'
import { CandleCache } from '../../src-worker/caches/candles'
import { OrderBookCache } from '../../src-worker/caches/order-book'
import { TickerCache } from '../../src-worker/caches/tickers'
import { TradeCache } from '../../src-worker/caches/trades'
import { tickerTick as tick } from './support/frames'

const bar = (id: number, close: number): KlineTick => ({
  id,
  open: close,
  close,
  low: close,
  high: close,
  amount: 1,
  vol: close,
  count: 1,
})
const trade = (tradeId: number, ts: number, price = 100): TradeItem => ({
  id: tradeId,
  ts,
  tradeId,
  amount: 1,
  price,
  direction: 'buy',
})

describe('order book (depth.step0 snapshots)', () => {
  const book = (version: number, bid: number) => ({
    bids: [
      [bid, 1],
      [bid - 1, 2],
    ] as [number, number][],
    asks: [[bid + 1, 1]] as [number, number][],
    version,
    ts: version,
  })

  it('keeps the newest version and drops older or duplicate ones', () => {
    const c = new OrderBookCache()
    expect(c.apply('btcusdt', book(10, 100), 0)).toBe(true)
    expect(c.apply('btcusdt', book(9, 90), 0)).toBe(false)
    expect(c.apply('btcusdt', book(10, 95), 0)).toBe(false)
    expect(c.get('btcusdt')?.bids[0]).toEqual([100, 1])
    expect(c.apply('btcusdt', book(11, 101), 0)).toBe(true)
    expect(c.snapshot('btcusdt', 1)).toMatchObject({ bids: [[101, 1]], asks: [[102, 1]], version: 11, origin: 'live' })
  })

  it('accepts a lower version after a reconnect (restarted server)', () => {
    const c = new OrderBookCache()
    c.apply('btcusdt', book(500, 100), 0)
    c.allowAnyNext()
    expect(c.apply('btcusdt', book(3, 99), 0)).toBe(true)
  })

  it('never lets a restored book replace a live one', () => {
    const c = new OrderBookCache()
    c.apply('btcusdt', book(1, 100), 0)
    expect(c.restore('btcusdt', { ...book(99, 1), receivedAt: 0 })).toBe(false)
    expect(c.snapshot('btcusdt', 5)?.origin).toBe('live')
  })
})

describe('candles', () => {
  // The series itself (upsert, merge, cap, change tracking) is tested in tests/unit/candle-series.test.ts.
  it('replaces bars restored from IndexedDB with the first live history answer', () => {
    const c = new CandleCache()
    c.restore('btcusdt', '1min', [bar(0, 1), bar(60, 2)], 5)
    expect(c.get('btcusdt', '1min')?.origin).toBe('cache')
    c.applyLive('btcusdt', '1min', [bar(120, 3)], 6)
    expect(c.get('btcusdt', '1min')!.series.length).toBe(3)
    c.applyLive('btcusdt', '1min', [bar(60, 9), bar(120, 10)], 7, true)
    const e = c.get('btcusdt', '1min')!
    expect(e.series.bars().map((b) => b.close)).toEqual([9, 10])
    expect(e.origin).toBe('live')
  })
})

describe('trades', () => {
  it('de-duplicates by tradeId and keeps the newest first, bounded', () => {
    const c = new TradeCache(3)
    expect(c.apply('btcusdt', [trade(1, 10), trade(2, 20)], 0)).toBe(2)
    expect(c.apply('btcusdt', [trade(2, 20), trade(3, 30)], 0)).toBe(1)
    expect(c.apply('btcusdt', [trade(4, 25), trade(5, 40)], 0)).toBe(2)
    expect(c.latest('btcusdt', 10)!.trades.map((t) => t.tradeId)).toEqual([5, 3, 4])
  })

  it('whatever the order, repeats and batch sizes, holds the newest trades seen, newest first', () => {
    let seed = 7
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    for (let round = 0; round < 50; round++) {
      const c = new TradeCache(20)
      const seen = new Map<number, TradeItem>()
      for (let batch = 0; batch < 40; batch++) {
        const trades = Array.from({ length: 1 + Math.floor(random() * 6) }, () => {
          // Mostly the next trades, sometimes a late or repeated one.
          const id = Math.floor(batch * 5 + random() * 12 - (random() < 0.2 ? 30 : 0))
          return trade(id, id * 10)
        })
        for (const t of trades) seen.set(t.tradeId, t)
        c.apply('btcusdt', trades, batch)
        const want = [...seen.values()]
          .sort((a, b) => b.ts - a.ts || b.tradeId - a.tradeId)
          .slice(0, 20)
          .map((t) => t.tradeId)
        expect(c.latest('btcusdt', 50)!.trades.map((t) => t.tradeId)).toEqual(want)
        expect(c.count('btcusdt')).toBe(want.length)
      }
    }
  })
})

describe('tickers', () => {
  it('drops ticks older than the one held, and restored tickers never replace live ones', () => {
    const c = new TickerCache()
    c.restore({ ...tick(5), symbol: 'btcusdt', ts: 1, receivedAt: 1, origin: 'cache' })
    expect(c.get('btcusdt')?.origin).toBe('cache')
    expect(c.apply('btcusdt', tick(10), 100, 2)).toBe(true)
    expect(c.apply('btcusdt', tick(9), 99, 3)).toBe(false)
    expect(c.restore({ ...tick(5), symbol: 'btcusdt', ts: 1, receivedAt: 1, origin: 'cache' })).toBe(false)
    expect(c.get('btcusdt')).toMatchObject({ close: 10, origin: 'live', ts: 100 })
  })
})
