/**
 * IndexedDB persistence (fake-indexeddb): the last tickers, books, candles and trades survive a restart, are served at once
 * with origin 'cache' and their original receive time (their age), and malformed stored entries are dropped.
 */
import 'fake-indexeddb/auto'
import { clear, createStore, get, set } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BookSnapshot, CandleSnapshot, TickerSnapshot, TradesSnapshot } from '../../common/engine-api'
import { TradeCache } from '../../src-worker/caches/trades'
import { validateStored } from '../../src-worker/persist/records'
import { HtxTestServer, until } from './support/htx-server'
import { FAST_TIMING, makeEngine } from './support/engine-harness'
import { tickerTick as tick } from './support/frames'

const store = createStore('tc-market-engine', 'snapshots')
const stored = (key: string) => get<unknown>(key, store)
const goodTicker = { ...tick(42), symbol: 'btcusdt', ts: 1000, receivedAt: 2000, origin: 'live' }

let server: HtxTestServer
beforeEach(async () => {
  await clear(store)
  server = await HtxTestServer.start()
})
afterEach(async () => void (await server.close()))

describe('persistence', () => {
  it('restores the last tickers, book, candles and trades of a previous session, marked cache and aged', async () => {
    const first = makeEngine({ persist: 20 })
    const e1 = first.engine
    await e1.connect({ url: server.url })
    await e1.subscribeTickers(['btcusdt', 'ethusdt'], () => undefined, { intervalMs: 50 })
    await e1.subscribeBook('btcusdt', () => undefined)
    await e1.subscribeCandles('ethusdt', '5min', () => undefined)
    await e1.subscribeTrades('btcusdt', () => undefined)
    await until(() => server.messages('sub').length === 5, 'subs')
    server.broadcast({ ch: 'market.btcusdt.ticker', ts: 10, tick: tick(100) })
    server.broadcast({ ch: 'market.ethusdt.ticker', ts: 10, tick: tick(5) })
    server.broadcast({
      ch: 'market.btcusdt.depth.step0',
      ts: 10,
      tick: { bids: [[99, 1]], asks: [[101, 2]], version: 3, ts: 10 },
    })
    server.broadcast({
      ch: 'market.ethusdt.kline.5min',
      ts: 10,
      tick: { id: 1_700_000_100, open: 1, close: 2, low: 1, high: 2, amount: 1, vol: 2, count: 1 },
    })
    const trade = { id: 1, ts: 10, tradeId: 77, amount: 0.5, price: 100, direction: 'buy' }
    server.broadcast({ ch: 'market.btcusdt.trade.detail', ts: 10, tick: { id: 1, ts: 10, data: [trade] } })
    await until(async () => ((await stored('trades')) as unknown[] | undefined)?.length === 1, 'the trades written')
    await e1.close()
    const saved = first.inspector.caches as { tickers: Record<string, unknown> }
    expect(Object.keys(saved.tickers).sort()).toEqual(['btcusdt', 'ethusdt'])

    // A new session with the server gone: everything comes from IndexedDB.
    await server.close()
    const { engine: e2 } = makeEngine({ persist: 20 })
    const cached = await e2.cachedTickers()
    expect(cached.map((t) => [t.symbol, t.close, t.origin]).sort()).toEqual([
      ['btcusdt', 100, 'cache'],
      ['ethusdt', 5, 'cache'],
    ])
    expect(cached.every((t) => t.receivedAt > 0 && t.receivedAt <= Date.now())).toBe(true)
    const tickers: TickerSnapshot[] = [],
      books: BookSnapshot[] = [],
      candles: CandleSnapshot[] = [],
      trades: TradesSnapshot[] = []
    await e2.subscribeTickers(['btcusdt'], (s) => void tickers.push(...s), { intervalMs: 50 })
    await e2.subscribeBook('btcusdt', (b) => void books.push(b))
    await e2.subscribeCandles('ethusdt', '5min', (c) => void candles.push(c))
    await e2.subscribeTrades('btcusdt', (t) => void trades.push(t))
    await until(
      () => tickers.length > 0 && books.length > 0 && candles.length > 0 && trades.length > 0,
      'cached snapshots',
    )
    expect(tickers[0]).toMatchObject({ symbol: 'btcusdt', close: 100, origin: 'cache' })
    expect(books[0]).toMatchObject({ bids: [[99, 1]], asks: [[101, 2]], origin: 'cache' })
    expect(candles[0]).toMatchObject({ reset: true, origin: 'cache', bars: [{ id: 1_700_000_100, close: 2 }] })
    expect(trades[0]).toMatchObject({ symbol: 'btcusdt', origin: 'cache', trades: [trade] })
    expect(trades[0]!.receivedAt).toBeGreaterThan(0)
    server = await HtxTestServer.start()
  })

  it("writes a chart's first history answer at once, and a later bar when the page hides, not 5 s later", async () => {
    const first = Math.floor(Date.now() / 60_000) * 60 - 60 * 20
    const bars = Array.from({ length: 20 }, (_, i) => ({
      id: first + i * 60,
      open: 1,
      close: 2 + i,
      low: 1,
      high: 3 + i,
      amount: 1,
      vol: 2,
      count: 1,
    }))
    server.onReq = () => bars
    // The default throttle (one write per 5 s): without the urgent first write nothing is kept within `until`'s wait.
    const { engine } = makeEngine({
      persist: true,
      timing: { ...FAST_TIMING, pingIntervalMs: 5_000, staleAfterMs: 60_000 },
    })
    await engine.connect({ url: server.url })
    const started = Date.now()
    await engine.subscribeCandles('btcusdt', '1min', () => undefined)
    const storedBars = async () =>
      ((await stored('candles')) as { bars: { id: number; close: number }[] }[] | undefined)?.[0]?.bars ?? []
    await until(async () => (await storedBars()).length === 20, 'the first history answer written', 2_000)
    expect(Date.now() - started, 'written well before the 5 s throttle').toBeLessThan(2_000)

    const next = first + 20 * 60
    server.broadcast({
      ch: 'market.btcusdt.kline.1min',
      ts: next * 1000,
      tick: { id: next, open: 2, close: 99, low: 2, high: 99, amount: 1, vol: 2, count: 1 },
    })
    await until(
      async () => {
        await engine.flush() // what the page asks for on visibilitychange → hidden and pagehide
        return (await storedBars()).at(-1)?.close === 99
      },
      'the live bar written by flush',
      2_000,
    )
    expect(Date.now() - started, 'flushed, not left for the throttle').toBeLessThan(4_000)
    await engine.close()
  })

  it('drops malformed stored entries and keeps the good ones', async () => {
    await set(
      'tickers',
      [
        goodTicker,
        { ...goodTicker, symbol: 'ethusdt', close: 'NaN' },
        { ...goodTicker, symbol: '../../etc' },
        { ...goodTicker, symbol: 'xrpusdt', receivedAt: undefined },
        null,
        42,
      ],
      store,
    )
    await set('books', { not: 'a list' }, store)
    await set(
      'candles',
      [
        {
          symbol: 'btcusdt',
          period: '1min',
          receivedAt: 1,
          bars: [{ id: 60, open: 1, close: 1, low: 1, high: 1, amount: 1, vol: 1, count: 1 }],
        },
        { symbol: 'btcusdt', period: '2min', receivedAt: 1, bars: [] },
        { symbol: 'btcusdt', period: '5min', receivedAt: 1, bars: [{ id: 'x' }] },
      ],
      store,
    )
    const { engine } = makeEngine({ persist: 20 })
    const cached = await engine.cachedTickers()
    expect(cached).toEqual([{ ...goodTicker, origin: 'cache' }])
    const got: CandleSnapshot[] = []
    await engine.subscribeCandles('btcusdt', '1min', (c) => void got.push(c))
    await until(() => got.length === 1, 'restored candles')
    expect(got[0]!.bars).toHaveLength(1)
  })

  it('validates each stored kind on its own and bounds what it restores', () => {
    const many = Array.from({ length: 700 }, (_, i) => ({ ...goodTicker, symbol: `sym${i}usdt` }))
    const r = validateStored({ tickers: many, books: 'garbage', candles: undefined })
    expect(r.tickers).toHaveLength(500)
    expect(r.books).toEqual([])
    expect(r.trades).toEqual([])
    expect(r.rejected).toBe(1)
  })

  it('restored trades give way to the first live ones (no hidden gap between the two)', () => {
    const cache = new TradeCache()
    const trade = (tradeId: number, ts: number) => ({
      id: tradeId,
      ts,
      tradeId,
      amount: 1,
      price: 2,
      direction: 'buy' as const,
    })
    cache.restore('btcusdt', [trade(1, 100), trade(2, 200)], 300)
    expect(cache.latest('btcusdt', 10)).toMatchObject({
      origin: 'cache',
      receivedAt: 300,
      trades: [{ tradeId: 2 }, { tradeId: 1 }],
    })
    cache.apply('btcusdt', [trade(9, 900)], 1000)
    expect(cache.latest('btcusdt', 10)).toMatchObject({ origin: 'live', receivedAt: 1000, trades: [{ tradeId: 9 }] })
  })

  it('keeps at most 50 trades of 10 symbols and drops a trade list with a malformed trade', () => {
    const trade = (i: number) => ({ id: i, ts: 1000 + i, tradeId: i, amount: 1, price: 2, direction: 'sell' })
    const list = (symbol: string) => ({ symbol, receivedAt: 5, trades: Array.from({ length: 80 }, (_, i) => trade(i)) })
    const r = validateStored({
      tickers: [],
      books: [],
      candles: [],
      trades: [
        ...Array.from({ length: 12 }, (_, i) => list(`s${i}usdt`)),
        { symbol: 'btcusdt', receivedAt: 5, trades: [trade(1), { ...trade(2), direction: 'up' }] },
        { symbol: 'ethusdt', trades: [trade(1)] },
      ],
    })
    expect(r.trades).toHaveLength(10)
    expect(r.trades.every((t) => t.trades.length === 50)).toBe(true)
    expect(r.rejected).toBe(2)
  })
})
