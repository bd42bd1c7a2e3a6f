// Issue 8 finding 5: slow consumers were not bounded. The backlog cap counted compressed bytes while each queued
// 200-byte gzip frame kept zlib's 16 KiB buffer alive, so 5 non-reading clients took the server from 0.5 to 1.1 GB.
// Now a frame owns a buffer of its size and a client is charged what it really keeps alive; past the cap it is
// dropped, and the memory comes back.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { DepthTick, TickerTick } from '../../common/feed/messages'
import type { Gateway } from '../../server/market/gateway/server'
import type { Hub } from '../../server/market/hub/hub'
import { FeedClient } from '../helpers/market-client'
import { testGateway, testHub } from '../helpers/market-hub'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
/**
 * ArrayBuffer memory still referenced (frames are Buffers): what held frames really cost, garbage excluded. Two
 * collections: buffers reachable only from objects with finalizers (zlib handles) go on the second.
 */
const retained = () => {
  gc()
  gc()
  return process.memoryUsage().arrayBuffers
}

const CAP = 512 * 1024
const SLOW = 5
let hub: Hub
let gw: Gateway
const clients: FeedClient[] = []

beforeEach(async () => {
  hub = testHub()
  // Pings every minute: the paused clients are to be dropped for what they hold, not for missing pongs.
  ;({ gw } = await testGateway(hub, { maxBacklogBytes: CAP, pingIntervalMs: 60_000 }))
})
afterEach(async () => {
  for (const c of clients.splice(0)) c.close()
  await gw.close()
})

let version = 0
/** A book of random prices: it barely compresses, so the kernel's socket buffers fill within a few hundred. */
function bigBook(): DepthTick {
  const levels = Array.from(
    { length: 1000 },
    () => [Math.round(Math.random() * 1e8) / 100, Math.round(Math.random() * 1e6) / 1e6] as [number, number],
  )
  return { bids: levels, asks: levels, version: ++version, ts: version }
}
/** A client that reads everything (and must stay) but keeps nothing, so that the memory measured is the gateway's. */
async function readingClient(url: string): Promise<WebSocket> {
  const ws = new WebSocket(`${url}/ws`)
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(gunzipSync(data).toString()) as { ping?: number }
    if (typeof m.ping === 'number') ws.send(JSON.stringify({ pong: m.ping }))
  })
  await new Promise((r) => ws.once('open', r))
  ws.send(JSON.stringify({ sub: 'market.btcusdt.ticker' }))
  return ws
}

const ticker = (i: number): TickerTick => ({
  open: 97000,
  high: 98000,
  low: 96000,
  close: 97000 + i / 100,
  amount: 12345.6789,
  vol: 1.2e9,
  count: i,
  bid: 96999.99,
  bidSize: 0.5,
  ask: 97000,
  askSize: 0.25,
  lastPrice: 97000,
  lastSize: 0.002,
})

it('drops clients that stop reading once what they hold passes the cap, and the memory comes back', async () => {
  const url = `ws://127.0.0.1:${gw.port}`
  for (let i = 0; i < SLOW; i++) {
    const c = await FeedClient.connect(url, { autoPong: false })
    clients.push(c)
    await c.call({ sub: 'market.btcusdt.ticker' })
    await c.call({ sub: 'market.btcusdt.depth.step0' })
    ;(c.ws as unknown as { _socket: { pause(): void } })._socket.pause()
  }
  const reader = await readingClient(url)
  const base = retained()

  // Fill the kernel's socket buffers with books until every slow client holds frames in the gateway itself.
  while (gw.stats().heldBytes < SLOW * 40 * 1024 && version < 5000) {
    hub.event({ type: 'book', symbol: 'btcusdt', ts: version, tick: bigBook() })
    await nextTurn()
  }
  // Then small tickers (~230 bytes gzipped) until all of them are dropped; measure what stays referenced meanwhile.
  const filled = retained()
  let peak = 0
  let maxHeld = 0
  for (let i = 0; gw.clients() > 1 && i < 40_000; i += 100) {
    for (let j = i; j < i + 100; j++) hub.event({ type: 'ticker', symbol: 'btcusdt', ts: j, tick: ticker(j) })
    maxHeld = Math.max(maxHeld, gw.stats().heldBytes)
    await nextTurn()
    peak = Math.max(peak, retained() - filled)
  }
  expect(gw.clients()).toBe(1)
  expect(reader.readyState).toBe(WebSocket.OPEN)
  expect(gw.stats().slowDrops).toBe(SLOW)
  // ~400 tickers queued per client at most (512 KiB at ~1.2 KiB charged each), shared by the five: well under 2 MB.
  // Before, each queued ticker kept zlib's 16 KiB buffer alive while being charged 230 bytes: over 30 MB here.
  expect(peak).toBeLessThan(2 * 1024 * 1024)
  expect(maxHeld).toBeLessThanOrEqual(SLOW * (CAP + 64 * 1024))
  // Dropped (their sockets destroyed on our side; paused, they have not read the close yet): nothing is held any
  // more, and the memory is back near where it was before the first book.
  expect(gw.stats().heldBytes).toBe(0)
  expect(retained() - base).toBeLessThan(1024 * 1024)
  reader.close()
}, 120_000)
