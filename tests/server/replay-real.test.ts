// MARKET_SOURCE=replay on the REAL kline files (../shared/data/market/klines): every file loads, the symbols are
// listed, `req` serves the files' own bars (each minute the bar the wall clock maps to), coarser periods aggregate them
// exactly, and the last price is theirs.
import Big from 'big.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KlineTick } from '../../common/feed/messages'
import { startMarket } from '../../server/market/index'
import type { MarketService } from '../../server/market/types'
import { FeedClient } from '../helpers/market-client'
import { HAVE_REAL_KLINES, type OracleBar, REAL_KLINES, readRealKlines, recordedBarAt } from '../helpers/market-klines'

if (!HAVE_REAL_KLINES)
  console.warn(`replay-real: SKIPPED, ${REAL_KLINES} is absent (real market data not on this machine)`)

const H8 = 8 * 3600
const LEN = { '5min': 300, '60min': 3600, '1day': 86_400 } as const
type Coarse = keyof typeof LEN
/** Independent UTC+8 bucket rule (htx-protocol.md a5). */
const bucket = (p: Coarse, id: number) =>
  p === '1day' ? Math.floor((id + H8) / 86_400) * 86_400 - H8 : Math.floor(id / LEN[p]) * LEN[p]
const sum = (xs: string[]) => Number(xs.reduce((s, x) => s.plus(x), new Big(0)).toString())

describe.skipIf(!HAVE_REAL_KLINES)('replay of the real kline files', () => {
  let market: MarketService
  let client: FeedClient
  let oracle: Map<string, OracleBar[]>
  /** Per symbol: open time of the oldest history bar and of the in-progress bar when first asked (epoch seconds). */
  const timeline = new Map<string, { t0: number; head: number; history: KlineTick[] }>()

  const kline = async (symbol: string, period: string, range: { from?: number; to?: number } = {}) => {
    const rep = await client.call({ req: `market.${symbol}.kline.${period}`, ...range })
    expect(rep.status).toBe('ok')
    return rep.data as KlineTick[]
  }

  /** Pages backwards with `to` until the start of the history. */
  async function timelineOf(symbol: string) {
    const cached = timeline.get(symbol)
    if (cached) return cached
    let page = await kline(symbol, '1min')
    const head = page.at(-1)!.id
    const all: KlineTick[] = []
    while (page.length > 0) {
      all.unshift(...page)
      page = await kline(symbol, '1min', { to: page[0]!.id - 60 })
    }
    const t = { t0: all[0]!.id, head, history: all.filter((b) => b.id < head) }
    timeline.set(symbol, t)
    return t
  }

  beforeAll(async () => {
    oracle = readRealKlines()
    // This suite pages whole files of history back to back; the per-connection `req` budget (10/s) is the subject of
    // gateway-budget.test.ts, not of this one.
    market = await startMarket(
      { host: '127.0.0.1', port: 0, source: `replay:${REAL_KLINES}`, replaySpeed: 1 },
      { limits: { reqPerSec: 10_000, reqBurst: 10_000 } },
    )
    client = await FeedClient.connect(`ws://127.0.0.1:${market.port}`)
  }, 60_000)
  afterAll(async () => {
    client?.close()
    await market?.close()
  })

  it('loads every file and lists every symbol, futures apart from spot', () => {
    expect(market.source).toBe('replay')
    expect(market.live).toBe(false)
    expect(market.sourceDetail).toBe(REAL_KLINES)
    const listed = market
      .listings()
      .map((l) => `${l.symbol}:${l.category}`)
      .sort()
    expect(listed).toEqual([...oracle.keys()].map((s) => `${s}:${s.includes('-') ? 'futures' : 'spot'}`).sort())
    expect(listed).toHaveLength(12)
  })

  it.each(['btcusdt', 'LTC-USDT', 'dogeusdt'])(
    'serves %s history that is the files’ own bars, ~3 days of it',
    async (symbol) => {
      const { t0, head, history } = await timelineOf(symbol)
      const files = oracle.get(symbol)!
      expect((head - t0) / 60).toBeGreaterThanOrEqual(4319)
      history.forEach((b, i) => {
        const f = recordedBarAt(files, b.id)
        expect(b.id).toBe(t0 + i * 60)
        expect([b.open, b.high, b.low, b.close, b.amount]).toEqual(
          [f.open, f.high, f.low, f.close, f.volume].map(Number),
        )
        if (f.quote !== undefined) expect([b.vol, b.count]).toEqual([Number(f.quote), f.count])
      })
      const first = await kline(symbol, '1min', { from: t0, to: t0 + 299 * 60 })
      expect(first).toEqual(history.slice(0, 300))
    },
  )

  it.each([
    ['btcusdt', '5min'],
    ['btcusdt', '60min'],
    ['btcusdt', '1day'],
    ['LTC-USDT', '5min'],
    ['LTC-USDT', '60min'],
    ['LTC-USDT', '1day'],
  ] as const)('%s %s bars aggregate the 1min bars exactly', async (symbol, period) => {
    const { t0, head } = await timelineOf(symbol)
    const files = oracle.get(symbol)!
    const bars = await kline(symbol, period, { from: t0, to: head })
    const complete = bars.filter((b) => b.id + LEN[period] <= head)
    expect(complete.length).toBeGreaterThanOrEqual(period === '1day' ? 2 : 10)
    for (const b of complete.slice(-40)) {
      const ids = Array.from({ length: (head - t0) / 60 }, (_, i) => t0 + i * 60)
      const mins = ids.filter((id) => bucket(period, id) === b.id).map((id) => recordedBarAt(files, id))
      expect(b).toMatchObject({
        open: Number(mins[0]!.open),
        close: Number(mins.at(-1)!.close),
        high: Math.max(...mins.map((m) => Number(m.high))),
        low: Math.min(...mins.map((m) => Number(m.low))),
        amount: sum(mins.map((m) => m.volume)),
      })
      if (mins.every((m) => m.quote !== undefined)) {
        expect(b.vol).toBe(sum(mins.map((m) => m.quote!)))
        expect(b.count).toBe(mins.reduce((s, m) => s + m.count!, 0))
      }
    }
  })

  it('quotes last prices taken from the files (inside the playing bar’s recorded range)', async () => {
    for (const symbol of ['btcusdt', 'ethusdt', 'NEAR-USDT']) {
      const latest = (await kline(symbol, '1min')).at(-1)!
      // The minute may roll between the two requests: the price is in this bar's range or the next one's.
      const files = oracle.get(symbol)!
      const recs = [recordedBarAt(files, latest.id), recordedBarAt(files, latest.id + 60)]
      const low = Math.min(...recs.map((r) => Number(r.low)))
      const high = Math.max(...recs.map((r) => Number(r.high)))
      const ticker = (await client.call({ req: `market.${symbol}.ticker` })).data as { close: number }
      expect(ticker.close).toBeGreaterThanOrEqual(low)
      expect(ticker.close).toBeLessThanOrEqual(high)
      expect(market.lastTicker(symbol)?.close).toBeGreaterThanOrEqual(low)
      expect(market.lastTicker(symbol)?.close).toBeLessThanOrEqual(high)
    }
  })
})
