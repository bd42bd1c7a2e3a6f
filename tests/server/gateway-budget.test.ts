// Issue 8 finding 4: one socket could stall everyone (3,000 kline `req` held the event loop ~6 s). Each connection now
// has budgets — `req` at HTX's 10/s, `sub`/`unsub` at 50/s, answered beyond with HTX's "429 too many request" — a cap
// on its topics, and history is answered off the loop's critical path, so other clients' tickers keep flowing.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TickerTick } from '../../common/feed/messages'
import type { Gateway } from '../../server/market/gateway/server'
import type { Hub } from '../../server/market/hub/hub'
import { FeedClient, type FeedMessage } from '../helpers/market-client'
import { floodFromWorker } from '../helpers/market-flooder'
import { bars, testGateway, testHub } from '../helpers/market-hub'

let hub: Hub
let gw: Gateway
let url: string
let ticking: NodeJS.Timeout | undefined
const clients: FeedClient[] = []
const connect = async () => {
  const c = await FeedClient.connect(url)
  clients.push(c)
  return c
}

beforeEach(async () => {
  hub = testHub()
  hub.history('btcusdt', bars(1_700_000_040, 1000))
  ;({ gw, url } = await testGateway(hub))
})
afterEach(async () => {
  clearInterval(ticking)
  for (const c of clients.splice(0)) c.close()
  await gw.close()
})

const TOO_MANY = '429 too many request'
const KLINE = 'market.btcusdt.kline.1min'
const isTooMany = (m: FeedMessage) =>
  m.status === 'error' && m['err-code'] === 'bad-request' && m['err-msg'] === TOO_MANY

/** A client on eurusd's ticker, pushed every 20 ms, that records when each push arrived. */
async function tickerWatcher() {
  const c = await connect()
  await c.call({ sub: 'market.eurusd.ticker' })
  const arrivals: number[] = []
  c.ws.on('message', () => arrivals.push(performance.now()))
  const tick: TickerTick = {
    open: 1.08,
    high: 1.09,
    low: 1.07,
    close: 1.085,
    amount: 1,
    vol: 1,
    count: 1,
    bid: 1.0849,
    bidSize: 1,
    ask: 1.085,
    askSize: 1,
    lastPrice: 1.085,
    lastSize: 1,
  }
  ticking = setInterval(() => hub.event({ type: 'ticker', symbol: 'eurusd', ts: Date.now(), tick }), 20)
  await c.waitFor((m) => m.ch === 'market.eurusd.ticker')
  /** Longest wait between two pushes that arrived after `since`. */
  const maxGap = (since: number) => {
    const after = arrivals.filter((t) => t >= since)
    return Math.max(0, ...after.slice(1).map((t, i) => t - after[i]!))
  }
  return { maxGap }
}

/** Waits until `c` holds `n` replies whose id starts with `prefix` (counted as they come); returns them. */
async function replies(c: FeedClient, prefix: string, n: number): Promise<FeedMessage[]> {
  const isMine = (m: FeedMessage | undefined) => typeof m?.id === 'string' && m.id.startsWith(prefix)
  let count = c.messages.filter(isMine).length
  if (count < n) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${count} of ${n} replies`)), 60_000)
      const onMessage = () => {
        if (isMine(c.messages.at(-1)) && ++count >= n) {
          clearTimeout(timer)
          c.ws.off('message', onMessage)
          resolve()
        }
      }
      c.ws.on('message', onMessage) // after FeedClient's own listener, so the message is already in c.messages
    })
  }
  return c.messages.filter(isMine)
}

describe('req budget', () => {
  it('answers a 3,000-req flood with 429 beyond the budget while another client’s ticker keeps arriving', async () => {
    const watcher = await tickerWatcher()
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const t0 = performance.now()
    const flood = await floodFromWorker(url, KLINE, 3000)
    loop.disable()
    expect(flood.other).toEqual([])
    // 20 at once, then 10 per second (HTX: one req per 100 ms per connection); the rest get HTX's 429 reply.
    expect(flood.ok).toBeGreaterThanOrEqual(20)
    expect(flood.ok).toBeLessThanOrEqual(20 + Math.ceil(10 * flood.seconds) + 1)
    expect(flood.firstBars).toBe(300)
    expect(flood.tooMany).toBe(3000 - flood.ok)
    // Meanwhile the other client's 20 ms ticker never waited half a second, nor did the gateway's event loop.
    expect(watcher.maxGap(t0)).toBeLessThan(500)
    expect(loop.max / 1e6).toBeLessThan(500)
    // Once the bucket refills (a token per 100 ms), the same connection is served again.
    expect(flood.after).toBe('ok')
  }, 90_000)

  it('keeps tickers flowing while 20 connections each spend their whole burst on history', async () => {
    const watcher = await tickerWatcher()
    const socks = await Promise.all(Array.from({ length: 20 }, () => connect()))
    const t0 = performance.now()
    socks.forEach((s, k) => {
      for (let i = 0; i < 20; i++) s.send({ req: KLINE, id: `h${k}-${i}` })
    })
    for (const s of socks) {
      const got = await replies(s, 'h', 20)
      expect(got.every((m) => m.status === 'ok')).toBe(true)
    }
    expect(watcher.maxGap(t0)).toBeLessThan(500)
  }, 90_000)

  it('never refuses a client that paces its req at 100 ms, as the worker does', async () => {
    const c = await connect()
    for (let i = 0; i < 25; i++) {
      const started = performance.now()
      expect((await c.call({ req: 'market.btcusdt.ticker' })).status).toBe('ok')
      await new Promise((r) => setTimeout(r, Math.max(0, 100 - (performance.now() - started))))
    }
  }, 30_000)
})

describe('sub budget and topic cap', () => {
  it('acks a reconnect’s burst of subs and answers 429 to a flood of sub/unsub beyond the budget', async () => {
    const c = await connect()
    const topics = ['ticker', 'depth.step0', 'trade.detail', 'kline.1min', 'kline.5min', 'kline.1day'].flatMap((ch) => [
      `market.btcusdt.${ch}`,
      `market.eurusd.${ch}`,
    ])
    topics.forEach((t, i) => c.send({ sub: t, id: `r${i}` }))
    expect((await replies(c, 'r', topics.length)).every((m) => m.status === 'ok')).toBe(true)
    for (let i = 0; i < 400; i++)
      c.send(i % 2 ? { unsub: 'market.btcusdt.ticker', id: `s${i}` } : { sub: 'market.btcusdt.ticker', id: `s${i}` })
    const flood = await replies(c, 's', 400)
    expect(flood.filter(isTooMany).length).toBeGreaterThan(250)
    expect(flood.filter((m) => m.status === 'ok').length).toBeGreaterThan(50)
  })

  it('refuses a topic beyond the per-connection cap, naming the cap, and accepts one again after an unsub', async () => {
    await gw.close()
    ;({ gw, url } = await testGateway(hub, { limits: { maxTopics: 3 } }))
    const c = await connect()
    for (const t of ['ticker', 'depth.step0', 'trade.detail'])
      expect((await c.call({ sub: `market.btcusdt.${t}` })).status).toBe('ok')
    const refused = await c.call({ sub: 'market.eurusd.ticker' })
    expect(refused).toMatchObject({
      status: 'error',
      'err-code': 'bad-request',
      'err-msg': 'too many topics: at most 3 per connection',
    })
    expect((await c.call({ sub: 'market.btcusdt.ticker', freq: 1000 })).status).toBe('ok') // already held: an update
    await c.call({ unsub: 'market.btcusdt.trade.detail' })
    expect((await c.call({ sub: 'market.eurusd.ticker' })).status).toBe('ok')
  })
})
