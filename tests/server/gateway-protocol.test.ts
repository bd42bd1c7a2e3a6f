// The gateway speaks the HTX public protocol (htx-protocol.md a2–a5) to a real ws client: gzip frames, acks, the
// documented error shapes, heartbeats both ways, and `req` history with HTX's from/to rules.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { inflate } from 'pako'
import type { Hub } from '../../server/market/hub/hub'
import type { Gateway } from '../../server/market/gateway/server'
import { FeedClient } from '../helpers/market-client'
import { bar, bars, book, testGateway, testHub, trade } from '../helpers/market-hub'

let hub: Hub
let gw: Gateway
let url: string
const clients: FeedClient[] = []

async function connect(opts?: Parameters<typeof FeedClient.connect>[1]) {
  const c = await FeedClient.connect(url, opts)
  clients.push(c)
  return c
}

beforeEach(async () => {
  hub = testHub()
  ;({ gw, url } = await testGateway(hub))
})
afterEach(async () => {
  for (const c of clients.splice(0)) c.close()
  await gw.close()
})

const isError = (m: Record<string, unknown>, msg: string) =>
  m.status === 'error' && m['err-code'] === 'bad-request' && m['err-msg'] === msg && typeof m.ts === 'number'

describe('gateway acks and errors', () => {
  it('acks sub and unsub with the id, and every frame is gzip-compressed binary', async () => {
    const c = await connect()
    const sub = await c.call({ sub: 'market.btcusdt.ticker' })
    expect(sub).toMatchObject({ status: 'ok', subbed: 'market.btcusdt.ticker' })
    expect(typeof sub.ts).toBe('number')
    const unsub = await c.call({ unsub: 'market.btcusdt.ticker' })
    expect(unsub).toMatchObject({ status: 'ok', unsubbed: 'market.btcusdt.ticker' })
    const frame = c.frames[0] as Buffer
    expect([frame[0], frame[1]]).toEqual([0x1f, 0x8b])
    expect(JSON.parse(inflate(frame, { toText: true }))).toEqual(sub)
  })

  it('answers an unknown symbol or channel with "invalid topic" and keeps the connection', async () => {
    const c = await connect()
    expect(isError(await c.call({ sub: 'market.dogebtc.ticker' }), 'invalid topic market.dogebtc.ticker')).toBe(true)
    expect(
      isError(await c.call({ sub: 'market.btcusdt.depth.step9' }), 'invalid topic market.btcusdt.depth.step9'),
    ).toBe(true)
    expect(isError(await c.call({ req: 'market.btcusdt.kline.2min' }), 'invalid topic market.btcusdt.kline.2min')).toBe(
      true,
    )
    expect((await c.call({ sub: 'market.btcusdt.trade.detail' })).status).toBe('ok')
  })

  it('answers malformed JSON with "not json string" and keeps the connection', async () => {
    const c = await connect()
    c.send('{"sub": market.btcusdt')
    const err = await c.waitFor((m) => m.status === 'error')
    expect(isError(err, 'not json string')).toBe(true)
    expect((await c.call({ sub: 'market.btcusdt.ticker' })).status).toBe('ok')
  })

  it('answers unsub of a topic not subscribed with "unsub with not subbed topic"', async () => {
    const c = await connect()
    const err = await c.call({ unsub: 'market.btcusdt.kline.1min' })
    expect(err.status).toBe('error')
    expect(String(err['err-msg'])).toMatch(/^unsub with not subbed topic/)
  })

  it('accepts connections on any path', async () => {
    for (const path of ['/', '/ws', '/anything/else']) {
      const c = await connect({ path })
      expect((await c.call({ sub: 'market.eurusd.ticker' })).status).toBe('ok')
    }
  })
})

describe('gateway pushes', () => {
  it('pushes {ch, ts, tick} to subscribers only, and stops after unsub', async () => {
    const a = await connect()
    const b = await connect()
    await a.call({ sub: 'market.btcusdt.kline.1min' })
    await b.call({ sub: 'market.eurusd.kline.1min' })
    hub.event({ type: 'candle', symbol: 'btcusdt', ts: 1_700_000_001_000, bar: bar(1_700_000_040, 10, 11, 9, 10.5) })
    const push = await a.waitFor((m) => m.ch === 'market.btcusdt.kline.1min')
    expect(push).toEqual({
      ch: 'market.btcusdt.kline.1min',
      ts: 1_700_000_001_000,
      tick: bar(1_700_000_040, 10, 11, 9, 10.5),
    })
    await a.call({ unsub: 'market.btcusdt.kline.1min' })
    hub.event({ type: 'candle', symbol: 'btcusdt', ts: 1_700_000_002_000, bar: bar(1_700_000_040, 10, 12, 9, 11) })
    hub.event({ type: 'candle', symbol: 'eurusd', ts: 1_700_000_002_000, bar: bar(1_700_000_040, 1.1, 1.2, 1, 1.15) })
    await b.waitFor((m) => m.ch === 'market.eurusd.kline.1min')
    expect(b.pushes('market.btcusdt.kline.1min')).toHaveLength(0)
    expect(a.pushes('market.btcusdt.kline.1min')).toHaveLength(1)
  })
})

describe('gateway heartbeat', () => {
  it('answers a client ping with a pong carrying the same value', async () => {
    const c = await connect()
    c.send({ ping: 1_492_420_473_027 })
    expect(await c.waitFor((m) => 'pong' in m)).toEqual({ pong: 1_492_420_473_027 })
  })

  it('drops a client after two unanswered server pings and keeps one that answers', async () => {
    await gw.close()
    ;({ gw, url } = await testGateway(hub, { pingIntervalMs: 40 }))
    const silent = await connect({ autoPong: false })
    const polite = await connect()
    await silent.closed
    expect(silent.messages.filter((m) => 'ping' in m)).toHaveLength(2)
    const pings = polite.messages.filter((m) => 'ping' in m).length
    await polite.waitFor((m) => 'ping' in m, 5000, polite.messages.length)
    expect(polite.messages.filter((m) => 'ping' in m).length).toBeGreaterThan(pings)
    expect(polite.ws.readyState).toBe(polite.ws.OPEN)
  })
})

describe('gateway req', () => {
  const start = 1_700_000_040 // a minute boundary
  beforeEach(() => hub.history('btcusdt', bars(start, 1000)))
  const ids = (m: Record<string, unknown>) => (m.data as Array<{ id: number }>).map((b) => b.id)

  it('kline with from and to returns that window, at most 300 bars, ascending', async () => {
    const c = await connect()
    const small = await c.call({ req: 'market.btcusdt.kline.1min', from: start + 60, to: start + 180 })
    expect(small).toMatchObject({ status: 'ok', rep: 'market.btcusdt.kline.1min' })
    expect(ids(small)).toEqual([start + 60, start + 120, start + 180])
    expect((small.data as unknown[])[0]).toEqual(bars(start, 2)[1])
    const big = await c.call({ req: 'market.btcusdt.kline.1min', from: start, to: start + 999 * 60 })
    expect(ids(big)).toHaveLength(300)
    expect(ids(big).at(-1)).toBe(start + 999 * 60)
  })

  it('kline with only to returns the 300 bars ending at to; with neither, the latest 300', async () => {
    const c = await connect()
    const onlyTo = ids(await c.call({ req: 'market.btcusdt.kline.1min', to: start + 500 * 60 }))
    expect(onlyTo).toHaveLength(300)
    expect([onlyTo[0], onlyTo.at(-1)]).toEqual([start + 201 * 60, start + 500 * 60])
    const latest = ids(await c.call({ req: 'market.btcusdt.kline.1min' }))
    expect([latest.length, latest.at(-1)]).toEqual([300, start + 999 * 60])
  })

  it('rejects from/to outside HTX bounds or reversed', async () => {
    const c = await connect()
    const bad = await c.call({ req: 'market.btcusdt.kline.1min', from: 'yesterday' })
    expect(bad.status).toBe('error')
    expect(String(bad['err-msg'])).toContain('from')
    const reversed = await c.call({ req: 'market.btcusdt.kline.1min', from: start + 60, to: start })
    expect(reversed.status).toBe('error')
  })

  it('trade.detail returns the latest trades newest first, depth the book, ticker the latest', async () => {
    const c = await connect()
    for (let i = 1; i <= 350; i++) hub.event({ type: 'trades', symbol: 'btcusdt', ts: i, trades: [trade(i, 100, 0.1)] })
    hub.event({ type: 'book', symbol: 'btcusdt', ts: 7, tick: book(110, 7) })
    const trades = (await c.call({ req: 'market.btcusdt.trade.detail' })).data as Array<{ tradeId: number }>
    expect(trades).toHaveLength(300)
    expect([trades[0]?.tradeId, trades.at(-1)?.tradeId]).toEqual([350, 51])
    expect((await c.call({ req: 'market.btcusdt.depth.step0' })).data).toEqual(book(110, 7))
    const ticker = (await c.call({ req: 'market.btcusdt.ticker' })).data as Record<string, number>
    expect(ticker.close).toBe(bars(start, 1000)[999]?.close)
    expect([ticker.bid, ticker.ask]).toEqual([109.99, 110])
  })
})
