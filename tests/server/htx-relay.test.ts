// The htx source against a local stand-in HTX feed: subscriptions, pings answered, pushes relayed as HTX sent them,
// kline history fetched upstream with `req` and cached, coarser bars seeded from upstream, reconnect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KlineTick } from '../../common/feed/messages'
import { CATALOG } from '../../server/market/catalog'
import { startMarket } from '../../server/market/index'
import type { MarketService } from '../../server/market/types'
import { FeedClient } from '../helpers/market-client'
import { HtxStandIn } from '../helpers/market-htx-standin'

const SPOT = CATALOG.filter((e) => e.category === 'spot').map((e) => e.symbol)
const MIN = Math.floor(Date.now() / 60_000) * 60
const HOUR = Math.floor(MIN / 3600) * 3600
const kbar = (id: number, close: number, amount: number, count: number): KlineTick => ({
  id,
  open: 100,
  close,
  low: 99,
  high: Math.max(101, close),
  amount,
  vol: amount * 100,
  count,
})

describe('htx relay', () => {
  let up: HtxStandIn
  let market: MarketService
  let client: FeedClient

  beforeAll(async () => {
    up = await HtxStandIn.start(100)
    up.klines.set('market.btcusdt.kline.60min', [kbar(HOUR - 3600, 100.5, 10, 50), kbar(HOUR, 100.2, 7.5, 30)])
    market = await startMarket(
      { host: '127.0.0.1', port: 0, source: 'htx', htxUrl: up.url, replaySpeed: 1 },
      { htx: { minBackoffMs: 50, maxBackoffMs: 200 } },
    )
    client = await FeedClient.connect(`ws://127.0.0.1:${market.port}`)
  })
  afterAll(async () => {
    client?.close()
    await market?.close()
    await up?.close()
  })

  const waitUntil = async (cond: () => boolean, what: string) => {
    for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 20))
    if (!cond()) throw new Error(`timed out: ${what}`)
  }

  it('is the live source, listing the catalog spot markets', () => {
    expect([market.source, market.live, market.sourceDetail]).toEqual(['htx', true, up.url])
    expect(market.listings().map((l) => l.symbol)).toEqual(SPOT)
  })

  it('subscribes ticker, depth.step0, trade.detail and kline.1min for every spot symbol, and answers pings', async () => {
    const want = SPOT.flatMap((s) => [
      `market.${s}.ticker`,
      `market.${s}.depth.step0`,
      `market.${s}.trade.detail`,
      `market.${s}.kline.1min`,
    ])
    await waitUntil(() => want.every((t) => up.subs.has(t)), 'subscriptions')
    await waitUntil(() => up.pongs.length >= 2, 'pongs')
    for (const p of up.pongs) expect(up.pings).toContain(p)
  })

  it('relays pushes unchanged to gateway subscribers', async () => {
    for (const ch of ['ticker', 'depth.step0', 'trade.detail']) await client.call({ sub: `market.ethusdt.${ch}` })
    const ticker = {
      open: 3400,
      high: 3500.5,
      low: 3300.25,
      close: 3450.75,
      amount: 13259.24137056181,
      vol: 45000000.41,
      count: 448737,
      bid: 3450.74,
      bidSize: 0.036,
      ask: 3450.75,
      askSize: 0.583653,
      lastPrice: 3450.75,
      lastSize: 0.03,
    }
    const depth = {
      bids: [
        [3450.74, 0.36281],
        [3450.7, 0.2],
      ],
      asks: [[3450.75, 0.372591]],
      version: 136998124622,
      ts: 1630983549500,
    }
    const trades = {
      id: 1,
      ts: 1630994963175,
      data: [
        {
          id: 1.3700544510935929e26,
          ts: 1630994963173,
          tradeId: 102523573486,
          amount: 0.006754,
          price: 3450.75,
          direction: 'sell',
        },
      ],
    }
    up.push('market.ethusdt.ticker', ticker)
    up.push('market.ethusdt.depth.step0', depth)
    up.push('market.ethusdt.trade.detail', trades)
    expect((await client.waitFor((m) => m.ch === 'market.ethusdt.ticker')).tick).toEqual(ticker)
    expect((await client.waitFor((m) => m.ch === 'market.ethusdt.depth.step0')).tick).toEqual(depth)
    expect(
      ((await client.waitFor((m) => m.ch === 'market.ethusdt.trade.detail')).tick as { data: unknown[] }).data,
    ).toEqual(trades.data)
    expect(market.lastTicker('ethusdt')).toEqual(ticker)
  })

  it('fetches kline history upstream with req and serves a repeat from its cache', async () => {
    const range = { from: HOUR - 7200, to: HOUR - 3600 }
    const before = up.reqs.length
    const a = await client.call({ req: 'market.btcusdt.kline.60min', ...range })
    expect(a.data).toEqual([kbar(HOUR - 3600, 100.5, 10, 50)])
    expect(up.reqs.slice(before)).toEqual([expect.objectContaining({ req: 'market.btcusdt.kline.60min', ...range })])
    const b = await client.call({ req: 'market.btcusdt.kline.60min', ...range })
    expect(b.data).toEqual(a.data)
    expect(up.reqs.length).toBe(before + 1)
  })

  it('seeds coarser live bars from upstream, then grows them with the 1min pushes', async () => {
    await client.call({ sub: 'market.btcusdt.kline.60min' })
    const m1 = kbar(MIN, 100.2, 1.5, 6)
    // Until the relay has seeded 60min from upstream, nothing is pushed on it; re-push the same minute meanwhile.
    for (let i = 0; i < 200 && client.pushes('market.btcusdt.kline.60min').length === 0; i++) {
      up.push('market.btcusdt.kline.1min', m1)
      await new Promise((r) => setTimeout(r, 25))
    }
    expect(client.pushes('market.btcusdt.kline.60min')[0]?.tick).toEqual(kbar(HOUR, 100.2, 7.5, 30))
    const n = client.messages.length
    up.push('market.btcusdt.kline.1min', kbar(MIN, 100.9, 2.5, 9))
    const grown = await client.waitFor((m) => m.ch === 'market.btcusdt.kline.60min', 5000, n)
    expect(grown.tick).toEqual({ ...kbar(HOUR, 100.9, 8.5, 33), vol: 850 })
  })

  it('reconnects and resubscribes after the upstream drops it', async () => {
    const connections = up.connections
    up.dropAll()
    await waitUntil(() => up.connections > connections && up.subs.has('market.ethusdt.ticker'), 'reconnect')
    const n = client.messages.length
    const ticker = {
      open: 1,
      high: 2,
      low: 0.5,
      close: 1.5,
      amount: 1,
      vol: 1.5,
      count: 1,
      bid: 1.4,
      bidSize: 1,
      ask: 1.5,
      askSize: 1,
      lastPrice: 1.5,
      lastSize: 1,
    }
    up.push('market.ethusdt.ticker', ticker)
    expect((await client.waitFor((m) => m.ch === 'market.ethusdt.ticker', 5000, n)).tick).toEqual(ticker)
  })
})
