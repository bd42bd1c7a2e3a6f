/**
 * Market socket timing under fake timers with a scripted socket: heartbeat, silent-socket detection, reconnect delays,
 * close(), liveness checks and offline sends (spec §4/§7/§9, reliability.md W1/W2/W4/W8).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RECONNECT_DELAY_MS, RECONNECT_MAX_DELAY_MS } from '../../common/constants'
import { reconnectDelay } from '../../src-worker/socket/backoff'
import { MarketSocket } from '../../src-worker/socket/market-socket'
import { FakeSocket } from './support/fake-socket'

const live = () => FakeSocket.all.filter((s) => !s.closed && s.readyState !== 3)

function setup(random = 0) {
  FakeSocket.all = []
  const warn = vi.fn()
  const socket = new MarketSocket({
    factory: (url) => new FakeSocket(url),
    onPush: () => undefined,
    random: () => random,
    log: { warn },
    // Frames are decoded in a later task (inbound-queue.ts); under fake timers that task is a timer.
    inbound: { defer: (fn) => void setTimeout(fn, 0) },
  })
  socket.connect('ws://example.test:8292/ws')
  return { socket, warn, first: FakeSocket.all[0]! }
}

describe('market socket timing', () => {
  beforeEach(() => void vi.useFakeTimers({ now: 1_700_000_000_000 }))
  afterEach(() => void vi.useRealTimers())

  it('sends {"ping": ts} every 3000 ms while open', () => {
    const { first } = setup()
    first.open()
    const start = Date.now()
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(3000)
      first.receive({ pong: Date.now() })
    }
    expect(first.pings()).toEqual([start + 3000, start + 6000, start + 9000, start + 12000])
    expect(first.binaryType).toBe('arraybuffer')
  })

  it('answers a server ping with the same integer', () => {
    const { first } = setup()
    first.open()
    first.receive({ ping: 1492420473027 })
    vi.advanceTimersByTime(0)
    expect(first.sent).toContainEqual({ pong: 1492420473027 })
  })

  it('drops a socket silent for 3 ping intervals, detaches it, then opens one new socket', () => {
    const { first, socket } = setup()
    first.open()
    vi.advanceTimersByTime(8999)
    expect(first.closed).toBe(false)
    vi.advanceTimersByTime(1)
    expect(first.closed).toBe(true)
    expect(first.onmessage).toBeNull()
    expect(socket.connected).toBe(false)
    vi.advanceTimersByTime(RECONNECT_DELAY_MS)
    expect(FakeSocket.all).toHaveLength(2)
    expect(live()).toHaveLength(1)
  })

  it('reconnects 2000 ms (+ jitter) after a close, and grows the delay under repeated failure up to the cap', () => {
    const { first } = setup(0)
    first.open()
    first.receive({ ping: 1 })
    first.drop()
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1)
    expect(FakeSocket.all).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(FakeSocket.all).toHaveLength(2)
    // Failures without ever receiving a frame: each retry waits longer, never above the cap.
    const gaps: number[] = []
    for (let i = 0; i < 8; i++) {
      const before = FakeSocket.all.length
      FakeSocket.all.at(-1)!.drop()
      let waited = 0
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(100)
        waited += 100
      }
      gaps.push(waited)
    }
    expect(gaps.every((g, i) => i === 0 || g >= gaps[i - 1]!)).toBe(true)
    expect(gaps[0]).toBeGreaterThan(RECONNECT_DELAY_MS)
    expect(Math.max(...gaps)).toBeLessThanOrEqual(RECONNECT_MAX_DELAY_MS)
    expect(live().length).toBeLessThanOrEqual(1)
  })

  it('a new URL while a retry waits (default port refused, then the configured one): the retry never replaces the live socket', () => {
    const { first, socket } = setup(0)
    first.drop() // the default port refused: a retry is now scheduled
    socket.connect('ws://example.test:9300/ws')
    const configured = FakeSocket.all[1]!
    configured.open()
    // Talking all along (a frame a second), so the silence watchdog has no say; well past the longest retry delay.
    for (let s = 1; s <= (RECONNECT_MAX_DELAY_MS * 2) / 1000; s++) {
      configured.receive({ ping: s })
      vi.advanceTimersByTime(1000)
    }
    expect(FakeSocket.all).toHaveLength(2)
    expect(configured.closed).toBe(false)
    expect(socket.connected).toBe(true)
  })

  it('makes no reconnect after close()', () => {
    const { first, socket } = setup()
    first.open()
    socket.close()
    expect(first.closed).toBe(true)
    first.drop()
    vi.advanceTimersByTime(120_000)
    expect(FakeSocket.all).toHaveLength(1)
  })

  it('abandons a socket that never opens and retries', () => {
    setup()
    vi.advanceTimersByTime(10_000)
    expect(FakeSocket.all[0]!.closed).toBe(true)
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 2)
    expect(FakeSocket.all).toHaveLength(2)
  })

  it('logs "no connected" when asked to send offline and queues nothing', async () => {
    const { first, socket, warn } = setup()
    expect(socket.send({ sub: 'market.btcusdt.ticker', id: 'x' })).toBe(false)
    await expect(socket.request('market.btcusdt.kline.1min', { from: 1, to: 2 })).rejects.toThrow('no connected')
    expect(warn).toHaveBeenCalledWith('no connected')
    first.open()
    expect(first.sent).toEqual([])
  })

  it('on a liveness check retries at once when waiting, or drops an open socket that does not answer', () => {
    const { first, socket } = setup()
    first.open()
    first.receive({ ping: 1 })
    first.drop()
    socket.checkLiveness()
    expect(FakeSocket.all).toHaveLength(2)
    const second = FakeSocket.all[1]!
    second.open()
    vi.advanceTimersByTime(1000)
    second.receive({ pong: 1 })
    socket.checkLiveness()
    expect(second.pings()).toHaveLength(1)
    vi.advanceTimersByTime(3000)
    expect(second.closed).toBe(true)
  })

  it('keeps a socket that answers the liveness probe', () => {
    const { first, socket } = setup()
    first.open()
    socket.checkLiveness()
    vi.advanceTimersByTime(50)
    first.receive({ pong: 1 })
    vi.advanceTimersByTime(3000)
    expect(first.closed).toBe(false)
  })
})

describe('reconnect delay', () => {
  it('spreads the first retry over [2 s, 3.5 s] and caps later ones at 10 s', () => {
    expect(reconnectDelay(0, 2000, 10_000, 0)).toBe(2000)
    expect(reconnectDelay(0, 2000, 10_000, 0.999)).toBeLessThanOrEqual(3500)
    for (let f = 0; f < 20; f++)
      for (const r of [0, 0.5, 0.999]) expect(reconnectDelay(f, 2000, 10_000, r)).toBeLessThanOrEqual(10_000)
    expect(reconnectDelay(10, 2000, 10_000, 0)).toBeGreaterThanOrEqual(6000)
  })

  it('puts ≤ 10% of 500 clients in any 100 ms slot of the first retry (W4)', () => {
    const slots = new Map<number, number>()
    for (let i = 0; i < 500; i++) {
      const d = reconnectDelay(0, 2000, 10_000, (i + 0.5) / 500)
      slots.set(Math.floor(d / 100), (slots.get(Math.floor(d / 100)) ?? 0) + 1)
    }
    expect(Math.max(...slots.values())).toBeLessThanOrEqual(50)
  })
})
