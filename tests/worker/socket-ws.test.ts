/**
 * The engine's socket against a real local `ws` server: resubscription after server kills (W1), shared topics,
 * silent-socket detection (W2), close() (W8), `req` pacing and correlation (htx-protocol.md a4).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HtxTestServer, until } from './support/htx-server'
import { makeEngine } from './support/engine-harness'

let server: HtxTestServer
beforeEach(async () => void (server = await HtxTestServer.start()))
afterEach(async () => void (await server.close()))

const subsOn = (conn: number) => server.received.filter((r) => r.conn === conn && 'sub' in r.msg).map((r) => r.msg.sub)

describe('market socket on a real ws server', () => {
  it('resubscribes each live topic exactly once after every server kill, one connection at a time', async () => {
    const { engine } = makeEngine()
    const noop = () => undefined
    await engine.connect({ url: server.url })
    await engine.subscribeTickers(['btcusdt', 'ethusdt'], noop, { intervalMs: 1000 })
    await engine.subscribeBook('btcusdt', noop)
    await engine.subscribeBook('btcusdt', noop, { depth: 5 })
    await until(() => subsOn(1).length === 3, 'first subs')
    let maxOpen = 0
    for (let cycle = 2; cycle <= 6; cycle++) {
      server.killClients()
      await until(() => server.connections === cycle && subsOn(cycle).length === 3, `resubscribe #${cycle}`)
      maxOpen = Math.max(maxOpen, server.clients.size)
    }
    await new Promise((r) => setTimeout(r, 100))
    for (let c = 1; c <= 6; c++) {
      expect(subsOn(c).sort()).toEqual(['market.btcusdt.depth.step0', 'market.btcusdt.ticker', 'market.ethusdt.ticker'])
    }
    expect(server.connections).toBe(6)
    expect(maxOpen).toBe(1)
    expect((await engine.status()).reconnects).toBe(5)
    await engine.close()
  })

  it('sends the ticker interval as the sub freq, shares a topic between views and unsubscribes with the last', async () => {
    const { engine, released } = makeEngine()
    await engine.connect({ url: server.url })
    const a = await engine.subscribeTickers(['btcusdt'], () => undefined, { intervalMs: 5000 })
    await until(() => server.messages('sub').length === 1, 'sub')
    expect(server.messages('sub')[0]!.msg).toMatchObject({ sub: 'market.btcusdt.ticker', freq: 5000 })
    const cbB = () => undefined
    const b = await engine.subscribeTickers(['btcusdt'], cbB, { intervalMs: 5000 })
    await engine.unsubscribe(a)
    await new Promise((r) => setTimeout(r, 50))
    expect(server.messages('sub')).toHaveLength(1)
    expect(server.messages('unsub')).toHaveLength(0)
    await engine.unsubscribe(b)
    await until(() => server.messages('unsub').length === 1, 'unsub')
    expect(server.messages('unsub')[0]!.msg.unsub).toBe('market.btcusdt.ticker')
    expect(released).toContain(cbB)
    await engine.close()
  })

  it('drops a socket whose server went silent (half-open) and opens a new one', async () => {
    const { engine } = makeEngine()
    await engine.connect({ url: server.url })
    await until(async () => server.clients.size === 1 && (await engine.status()).connected, 'connected')
    server.blackhole = true
    await until(() => server.connections === 2, 'a new connection after silence')
    expect((await engine.status()).reconnects).toBeGreaterThanOrEqual(1)
    await engine.close()
  })

  it('makes no reconnect after close()', async () => {
    const { engine } = makeEngine()
    await engine.connect({ url: server.url })
    await until(async () => server.clients.size === 1 && (await engine.status()).connected, 'connected')
    await engine.close()
    await until(() => server.clients.size === 0, 'closed')
    await new Promise((r) => setTimeout(r, 400))
    expect(server.connections).toBe(1)
    expect((await engine.status()).connected).toBe(false)
  })

  it('paces req to one per 100 ms and matches replies by id', async () => {
    const { engine } = makeEngine()
    const at: number[] = []
    server.onReq = (msg) => {
      at.push(Date.now())
      const to = msg.to as number
      return [{ id: to - (to % 60), open: 1, close: 2, low: 1, high: 2, amount: 1, vol: 2, count: 1 }]
    }
    await engine.connect({ url: server.url })
    await until(async () => server.clients.size === 1 && (await engine.status()).connected, 'connected')
    const [a, b, c] = await Promise.all([
      engine.loadHistory('btcusdt', '1min', 1_700_000_000, 1),
      engine.loadHistory('ethusdt', '1min', 1_700_000_600, 1),
      engine.loadHistory('btcusdt', '5min', 1_700_003_000, 1),
    ])
    expect([a[0]!.id, b[0]!.id, c[0]!.id]).toEqual([1_699_999_980, 1_700_000_580, 1_700_002_980])
    expect(at).toHaveLength(3)
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(95)
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(95)
    await engine.close()
  })

  it('rejects a req answered with an error, naming the server message', async () => {
    const { engine } = makeEngine()
    server.onReq = () => new Error('invalid topic market.nosuch.kline.1min')
    await engine.connect({ url: server.url })
    await until(async () => server.clients.size === 1 && (await engine.status()).connected, 'connected')
    await expect(engine.loadHistory('nosuch', '1min', 1_700_000_000, 10)).rejects.toThrow('invalid topic')
    await engine.close()
  })
})
