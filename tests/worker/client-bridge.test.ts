/**
 * The UI client over a real comlink channel (Node MessageChannel standing in for the worker boundary): callbacks
 * cross as proxies, snapshots arrive as plain objects, and unsubscribing releases the proxy and the feed topic.
 */
import * as Comlink from 'comlink'
import { MessageChannel } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { TickerSnapshot } from '../../common/engine-api'
import { wrapRemote } from '../../src/engine/client'
import { createFakeEngine } from '../../src/engine/fake-engine'
import type { EngineApi } from '../../common/engine-api'
import { HtxTestServer, until } from './support/htx-server'
import { makeEngine } from './support/engine-harness'
import { tickerTick as tick } from './support/frames'

let server: HtxTestServer
beforeEach(async () => void (server = await HtxTestServer.start()))
afterEach(async () => void (await server.close()))

describe('engine client over comlink', () => {
  it('delivers snapshots to a plain callback and releases it on unsubscribe', async () => {
    const released: unknown[] = []
    const { engine } = makeEngine({
      releaseCallback: (cb) => {
        released.push(cb)
        ;(cb as Record<typeof Comlink.releaseProxy, () => void>)[Comlink.releaseProxy]()
      },
    })
    const { port1, port2 } = new MessageChannel()
    Comlink.expose(engine, port1 as unknown as Comlink.Endpoint)
    const client = wrapRemote(Comlink.wrap<EngineApi>(port2 as unknown as Comlink.Endpoint))
    await client.connect({ url: server.url })
    const got: TickerSnapshot[] = []
    const unsub = await client.onTickers(['btcusdt'], (s) => void got.push(...s), { intervalMs: 20 })
    await until(() => server.messages('sub').length === 1, 'sub')
    server.broadcast({ ch: 'market.btcusdt.ticker', ts: 1, tick: tick(7) })
    await until(() => got.length === 1, 'snapshot through comlink')
    expect(got[0]).toMatchObject({ symbol: 'btcusdt', close: 7, origin: 'live' })
    unsub()
    unsub()
    await until(() => server.messages('unsub').length === 1, 'unsub after last view left')
    expect(released).toHaveLength(1)
    // Proof that nothing more reaches the released callback, without a fixed sleep: a view still open (longer
    // interval, first snapshot already taken) gets a frame sent after the one for the left topic. Frames are handled
    // in order and the open view's flush is due later than the old view's would be, on the same port: once its
    // snapshot has arrived, a delivery to the old view would have arrived before it.
    const witness: number[] = []
    await client.onTickers(['ethusdt'], (s) => void witness.push(...s.map((t) => t.close)), { intervalMs: 100 })
    await until(() => server.messages('sub').length === 2, 'witness sub')
    server.broadcast({ ch: 'market.ethusdt.ticker', ts: 2, tick: tick(9) })
    await until(() => witness.includes(9), 'witness first snapshot')
    server.broadcast({ ch: 'market.btcusdt.ticker', ts: 2, tick: tick(8) })
    server.broadcast({ ch: 'market.ethusdt.ticker', ts: 3, tick: tick(10) })
    await until(() => witness.includes(10), 'witness snapshot after the frame for the left topic')
    expect(got).toHaveLength(1)
    await client.close()
    port1.close()
    port2.close()
  })

  it('offers UI tests a fake engine with the same surface', async () => {
    const fake = createFakeEngine()
    const got: number[] = []
    const unsub = await fake.onTickers(['btcusdt'], (s) => void got.push(s[0]!.close))
    fake.pushTickers([
      { ...tick(3), symbol: 'btcusdt', ts: 1, receivedAt: 1, origin: 'live' },
      { ...tick(4), symbol: 'ethusdt', ts: 1, receivedAt: 1, origin: 'live' },
    ])
    expect(got).toEqual([3])
    unsub()
    expect(fake.live().tickers).toBe(0)
  })
})
