// Fan-out behaviour of the gateway: `freq` throttling (conflated, latest wins), one encoding per push shared by all
// subscribers, and slow consumers dropped instead of buffered without bound.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { inflate } from 'pako'
import { Socket } from 'node:net'
import WebSocket from 'ws'
import type { Hub } from '../../server/market/hub/hub'
import type { Gateway } from '../../server/market/gateway/server'
import type { DepthTick } from '../../common/feed/messages'
import { FeedClient } from '../helpers/market-client'
import { bar, testGateway, testHub } from '../helpers/market-hub'

let hub: Hub
let gw: Gateway
let url: string
const clients: FeedClient[] = []
const connect = async () => {
  const c = await FeedClient.connect(url)
  clients.push(c)
  return c
}

beforeEach(async () => {
  hub = testHub()
  ;({ gw, url } = await testGateway(hub, { maxBacklogBytes: 256 * 1024 }))
})
afterEach(async () => {
  vi.restoreAllMocks()
  for (const c of clients.splice(0)) c.close()
  await gw.close()
})

const T = 'market.btcusdt.kline.1min'
const burst = (n: number) => {
  for (let i = 1; i <= n; i++) {
    hub.event({ type: 'candle', symbol: 'btcusdt', ts: i, bar: bar(1_700_000_040, 100, 100 + i, 99, 100 + i, i) })
  }
}

describe('freq throttle', () => {
  it('conflates a throttled subscriber to the first and the latest frame while others get all', async () => {
    const throttled = await connect()
    const full = await connect()
    await throttled.call({ sub: T, freq: 300 })
    await full.call({ sub: T })
    burst(50)
    await full.waitFor((m) => m.ch === T && (m.tick as { close: number }).close === 150)
    await throttled.waitFor((m) => m.ch === T && (m.tick as { close: number }).close === 150)
    expect(full.pushes(T)).toHaveLength(50)
    expect(throttled.pushes(T).map((m) => (m.tick as { close: number }).close)).toEqual([101, 150])
  })

  it('clamps a tiny freq to the minimum instead of ignoring it', async () => {
    const c = await connect()
    await c.call({ sub: T, freq: 1 })
    burst(20)
    await c.waitFor((m) => m.ch === T && (m.tick as { close: number }).close === 120)
    expect(c.pushes(T)).toHaveLength(2)
  })
})

describe('encode once', () => {
  it('sends the very same bytes, framed once, to every subscriber of a topic', async () => {
    const a = await connect()
    const b = await connect()
    await a.call({ sub: T })
    await b.call({ sub: T })
    const write = vi.spyOn(Socket.prototype, 'write')
    burst(1)
    await a.waitFor((m) => m.ch === T)
    await b.waitFor((m) => m.ch === T)
    // A server's binary message under 126 bytes of payload: 0x82, the length, then the gzip frame (RFC 6455 §5.2).
    const pushes = write.mock.calls
      .map((call) => call[0] as unknown)
      .filter(
        (x): x is Buffer =>
          Buffer.isBuffer(x) &&
          x[0] === 0x82 &&
          (JSON.parse(inflate(x.subarray(x[1]! < 126 ? 2 : 4), { toText: true })) as { ch?: string }).ch === T,
      )
    expect(pushes).toHaveLength(2)
    expect(pushes[0]).toBe(pushes[1])
  })
})

describe('slow consumers', () => {
  it('drops a client that stops reading and keeps serving the others', async () => {
    const slow = await connect()
    const fast = await connect()
    await slow.call({ sub: 'market.btcusdt.depth.step0' })
    await fast.call({ sub: 'market.btcusdt.depth.step0' })
    ;(slow.ws as unknown as { _socket: { pause(): void } })._socket.pause()
    let version = 0
    // Random prices barely compress, so a paused reader's socket fills within a few MB.
    const bigBook = (): DepthTick => {
      const levels = Array.from(
        { length: 1000 },
        () => [Math.round(Math.random() * 1e8) / 100, Math.round(Math.random() * 1e6) / 1e6] as [number, number],
      )
      return { bids: levels, asks: levels, version: ++version, ts: version }
    }
    while (gw.clients() > 1 && version < 4000) {
      for (let i = 0; i < 10; i++) hub.event({ type: 'book', symbol: 'btcusdt', ts: version, tick: bigBook() })
      await new Promise((r) => setImmediate(r))
    }
    expect(gw.clients()).toBe(1)
    await fast.waitFor((m) => m.ch === 'market.btcusdt.depth.step0' && (m.tick as DepthTick).version === version)
    expect(fast.ws.readyState).toBe(WebSocket.OPEN)
  })
})
