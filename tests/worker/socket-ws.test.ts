/**
 * The engine's socket against a real local `ws` server: resubscription after server kills (W1), shared topics,
 * silent-socket detection (W2), close() (W8), `req` pacing and correlation (htx-protocol.md a4).
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HtxTestServer, until } from './support/htx-server'
import { makeEngine, wsFactory } from './support/engine-harness'

let server: HtxTestServer
beforeEach(async () => void (server = await HtxTestServer.start()))
afterEach(async () => void (await server.close()))

/** `until` for fake setTimeout: polls on setImmediate turns, with a real-clock deadline as the failsafe. */
async function untilNow(pred: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await nextTurn()
  }
}

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
    // Settled, by the engine's own clock rather than a fixed sleep: two heartbeats after the last subs on connection 6
    // mean more than one ping interval passed there (and more than the longest reconnect delay since the kill), so a
    // late duplicate sub or a stray extra connection would be on record by now.
    const afterSubs = server.received.length
    const pingsOn6 = () => server.received.slice(afterSubs).filter((r) => r.conn === 6 && 'ping' in r.msg).length
    await until(() => pingsOn6() >= 2, 'two heartbeats on the last connection')
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
    // A marker sent after a's release: messages on the socket stay in order, so once the server has it, any unsub (or
    // second sub) a's release caused would be on record before it.
    await engine.subscribeTickers(['ethusdt'], () => undefined, { intervalMs: 5000 })
    await until(() => server.messages('sub').some((r) => r.msg.sub === 'market.ethusdt.ticker'), 'marker sub')
    expect(server.messages('sub').filter((r) => r.msg.sub === 'market.btcusdt.ticker')).toHaveLength(1)
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
    // The engine's timers (heartbeat, watchdog, reconnect) are fake, so "never" is a minute of them run out at once
    // rather than a sleep; the sockets stay real (ws does I/O, and the engine defers frame work with setImmediate).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] })
    try {
      let opened = 0
      const { engine } = makeEngine({ socketFactory: (url) => (opened++, wsFactory(url)) })
      await engine.connect({ url: server.url })
      await untilNow(async () => server.clients.size === 1 && (await engine.status()).connected, 'connected')
      await engine.close()
      await untilNow(() => server.clients.size === 0, 'closed')
      await vi.advanceTimersByTimeAsync(60_000)
      expect(opened).toBe(1)
      expect(server.connections).toBe(1)
      expect((await engine.status()).connected).toBe(false)
    } finally {
      vi.useRealTimers()
    }
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
