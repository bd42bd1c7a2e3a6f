// Issue 8 finding 1: one client frame could stop the whole process (`{"sub":{"toString":1}}` threw in String(...)).
// Each hostile field now gets an error reply naming it; 100,000 fast-check frames (HTX capture shapes + hostile values)
// go through the real handler without one exception, a real-socket portion too, and the gateway still serves after.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import WebSocket from 'ws'
import type { Gateway } from '../../server/market/gateway/server'
import type { Hub } from '../../server/market/hub/hub'
import { FeedClient, type FeedMessage } from '../helpers/market-client'
import { frameArbitrary, loadSeedFrames } from '../helpers/market-fuzz'
import { fuzzContext, fuzzHandler, fuzzSession, newTally } from '../helpers/market-fuzz-run'
import { bars, testGateway, testHub } from '../helpers/market-hub'

let hub: Hub
let gw: Gateway
let url: string
const clients: FeedClient[] = []
const connect = async () => {
  const c = await FeedClient.connect(url)
  clients.push(c)
  return c
}
const START = 1_700_000_040

beforeEach(async () => {
  hub = testHub()
  hub.history('btcusdt', bars(START, 1000))
  ;({ gw, url } = await testGateway(hub))
})
afterEach(async () => {
  for (const c of clients.splice(0)) c.close()
  await gw.close()
})

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n)
const errMsg = (m: FeedMessage) => String(m['err-msg'])

/** A normal client's session: a sub is acked and pushed, a kline req answered with its bars. */
async function stillServes(): Promise<void> {
  const c = await connect()
  expect((await c.call({ sub: 'market.btcusdt.ticker' })).status).toBe('ok')
  const rep = await c.call({ req: 'market.btcusdt.kline.1min' })
  expect(rep).toMatchObject({ status: 'ok', rep: 'market.btcusdt.kline.1min' })
  expect((rep.data as unknown[]).length).toBe(300)
  hub.event({ type: 'candle', symbol: 'btcusdt', ts: 1, bar: bars(START + 1000 * 60, 1)[0]! })
  await c.waitFor((m) => m.ch === 'market.btcusdt.ticker')
}

describe('one hostile frame', () => {
  it('answers an object in sub, unsub, req or id with an error naming the field, and keeps the connection', async () => {
    const c = await connect()
    const cases: Array<[string, string, RegExp]> = [
      ['a', '{"sub":{"toString":1},"id":"a"}', /^invalid sub: /],
      ['b', '{"unsub":{"toString":1},"id":"b"}', /^invalid unsub: /],
      ['c', '{"req":{"valueOf":1,"toString":1},"id":"c"}', /^invalid req: /],
      ['d', `{"sub":${deep(20_000)},"id":"d"}`, /^invalid sub: /],
      ['e', '{"req":"market.btcusdt.kline.1min","from":{"toString":1},"id":"e"}', /^invalid from: /],
      ['f', '{"sub":"market.btcusdt.ticker","freq":{"valueOf":1},"id":"f"}', /^invalid freq: /],
    ]
    for (const [id, frame, msg] of cases) {
      const from = c.messages.length
      c.send(frame)
      const reply = await c.waitFor((m) => m.id === id, 5000, from)
      expect(reply).toMatchObject({ status: 'error', 'err-code': 'bad-request' })
      expect(errMsg(reply)).toMatch(msg)
    }
    for (const frame of ['{"sub":"market.btcusdt.ticker","id":{"toString":1}}', `{"ping":${deep(20_000)}}`]) {
      const from = c.messages.length
      c.send(frame)
      const reply = await c.waitFor((m) => m.status === 'error', 5000, from)
      expect(errMsg(reply)).toMatch(/^invalid (id|ping)/)
    }
    expect((await c.call({ sub: 'market.btcusdt.ticker' })).status).toBe('ok')
    expect(gw.stats().handlerFailures).toBe(0)
  })

  it('never echoes a huge topic back whole', async () => {
    const c = await connect()
    const reply = await c.call({ sub: `market.${'x'.repeat(50_000)}.ticker` })
    expect(errMsg(reply)).toMatch(/^invalid topic market\.x+…$/)
    expect(errMsg(reply).length).toBeLessThan(120)
  })
})

describe('gateway fuzz', () => {
  const { seeds, captured } = loadSeedFrames()

  it(`takes 100,000 generated frames through the real handler without an exception (${captured} captured HTX shapes)`, async () => {
    const ctx = fuzzContext(hub)
    const tally = newTally()
    await fuzzHandler(ctx, seeds, { runs: 10_000, perRun: 10, seed: 8, tally })
    expect(tally.frames).toBeGreaterThanOrEqual(100_000)
    expect(tally.bad).toEqual([])
    // The mix reached every path: errors of all kinds, acks and answers, and the budgets' 429.
    expect(tally.errors).toBeGreaterThan(50_000)
    expect(tally.ok).toBeGreaterThan(100)
    expect(tally.tooMany).toBeGreaterThan(100)
    // The same hub and channels still serve a new connection.
    const after = newTally()
    const session = fuzzSession(ctx, after)
    ctx.channels.add('market.btcusdt.ticker', session)
    session.subscribe('market.btcusdt.ticker', undefined)
    hub.event({ type: 'candle', symbol: 'btcusdt', ts: 2, bar: bars(START + 1001 * 60, 1)[0]! })
    expect(after.replies).toBe(1)
    await stillServes()
  }, 180_000)

  it('takes generated frames over real sockets, oversized and invalid UTF-8 ones included, and still serves', async () => {
    // Over 64 KiB closes the connection by design (tested below), so those stay in the in-process run.
    const frames = fc
      .sample(frameArbitrary(seeds), { numRuns: 4000, seed: 80 })
      .filter((f) => Buffer.byteLength(f.data) < 60_000)
    const socks = await Promise.all(Array.from({ length: 4 }, () => connect()))
    frames.forEach((f, i) => socks[i % socks.length]!.ws.send(f.data, { binary: f.binary }))
    // Frames are handled in order per socket: a pong to a last ping means every frame before it was handled.
    await Promise.all(
      socks.map((s, i) => (s.send({ ping: 9_000 + i }), s.waitFor((m) => m.pong === 9_000 + i, 30_000))),
    )
    expect(socks.filter((s) => s.ws.readyState !== WebSocket.OPEN)).toHaveLength(0)
    // A frame over 64 KiB or a text frame that is not UTF-8 closes only its own connection (ws: 1009, 1007).
    const big = await connect()
    big.send('{"sub":"' + 'x'.repeat(70_000) + '"}')
    expect(await big.closed).toBe(1009)
    const raw = await connect()
    // A masked text frame (zero mask) whose payload C3 28 is not UTF-8, written under the ws client.
    ;(raw.ws as unknown as { _socket: { write(b: Buffer): void } })._socket.write(
      Buffer.from([0x81, 0x82, 0, 0, 0, 0, 0xc3, 0x28]),
    )
    expect(await raw.closed).toBe(1007)
    expect(gw.stats().handlerFailures).toBe(0)
    await stillServes()
  }, 60_000)
})
