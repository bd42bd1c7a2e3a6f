// Offline after a first short visit (issue 9 part 5): the market list each screen loads is kept on the device and
// stands in when the network fails; the K-line page's candle summary and "nothing is coming" rule.
import 'fake-indexeddb/auto'
import { clear, createStore, set } from 'idb-keyval'
import { beforeEach, describe, expect, it } from 'vitest'
import type { CandleSnapshot, EngineStatus } from '../../common/engine-api'
import type { MarketItem } from '../../common/market'
import { loadMarkets } from '../../src/features/markets/load-markets'
import { savedMarkets } from '../../src/features/markets/saved-markets'
import { emptySummary, summarize, SUMMARY_REFRESH_MS } from '../../src/features/kline/use-candle-feed'
import { isUnreachable } from '../../src/features/kline/use-feed-state'
import { marketItem } from '../helpers/market-fixtures'

const market = (symbol: string, sort: number) =>
  marketItem(symbol, 'spot', 'USDT', { extends: `${symbol}usdt`, amount_precision: 4, sort })

const list = [market('eth', 2), market('btc', 1)]
const online = { getCurrencyList: async () => list }
const offline = {
  getCurrencyList: async (): Promise<MarketItem[]> => {
    throw new TypeError('Failed to fetch')
  },
}
/** The engine's database, where the page keeps `markets`. */
const engineDb = createStore('tc-market-engine', 'snapshots')

beforeEach(() => clear(engineDb))

describe('the market list kept on the device', () => {
  it('a good answer is kept with its time, and shown in sort order when the network later fails', async () => {
    expect(await loadMarkets(online, savedMarkets, () => 1_000)).toEqual({
      items: [list[1], list[0]],
      failed: false,
    })
    await expect.poll(() => savedMarkets.load()).toEqual({ items: list, savedAt: 1_000 })
    expect(await loadMarkets(offline)).toEqual({ items: [list[1], list[0]], failed: false, savedAt: 1_000 })
  })

  it('with nothing kept, a failed load says so (the screen shows its retry state)', async () => {
    expect(await loadMarkets(offline)).toEqual({ items: [], failed: true })
  })

  it('a damaged or outdated copy counts as nothing kept', async () => {
    await set('markets', { items: [{ ...list[0], sort: 'first' }], savedAt: 1 }, engineDb)
    expect(await savedMarkets.load()).toBeUndefined()
    await set('markets', 'garbage', engineDb)
    expect(await loadMarkets(offline)).toEqual({ items: [], failed: true })
  })
})

describe('K-line candle summary', () => {
  const bar = (id: number) => ({ id, open: 1, close: 1, low: 1, high: 1, amount: 1, vol: 1, count: 1 })
  const snap = (over: Partial<CandleSnapshot>): CandleSnapshot => ({
    symbol: 'btcusdt',
    period: '1min',
    reset: true,
    bars: [],
    receivedAt: 1_000,
    origin: 'live',
    ...over,
  })

  it('counts the bars of a reset, then only the new ones, with the restored origin and time', () => {
    const start = emptySummary('btcusdt|1min')
    const restored = summarize(start, snap({ bars: [bar(60), bar(120)], origin: 'cache', receivedAt: 500 }))
    expect(restored).toMatchObject({ bars: 2, origin: 'cache', receivedAt: 500 })
    const grown = summarize(restored, snap({ reset: false, bars: [bar(120), bar(180)], receivedAt: 600 }))
    expect(grown).toMatchObject({ bars: 3, origin: 'live', receivedAt: 600 })
  })

  it('a live tick on the last bar re-renders the page at most every 10 s', () => {
    const s = summarize(emptySummary('btcusdt|1min'), snap({ bars: [bar(60)] }))
    expect(summarize(s, snap({ reset: false, bars: [bar(60)], receivedAt: 1_000 + 1 }))).toBe(s)
    const later = summarize(s, snap({ reset: false, bars: [bar(60)], receivedAt: 1_000 + SUMMARY_REFRESH_MS }))
    expect(later).not.toBe(s)
    expect(later.receivedAt).toBe(1_000 + SUMMARY_REFRESH_MS)
  })
})

describe('"nothing is coming" on the K-line page', () => {
  const status = (over: Partial<EngineStatus>): EngineStatus => ({
    url: 'ws://x/ws',
    connected: false,
    lastFrameAt: null,
    reconnects: 0,
    framesPerSec: 0,
    decodeErrors: 0,
    topics: [],
    ...over,
  })

  it('holds offline, after a failed attempt, or once frames had come — not on a cold start still connecting', () => {
    expect(isUnreachable(undefined, false)).toBe(false)
    expect(isUnreachable(status({ connected: true }), false)).toBe(false)
    expect(isUnreachable(status({}), true)).toBe(false)
    expect(isUnreachable(status({}), false)).toBe(true)
    expect(isUnreachable(status({ reconnects: 1 }), true)).toBe(true)
    expect(isUnreachable(status({ lastFrameAt: 5 }), true)).toBe(true)
  })
})
