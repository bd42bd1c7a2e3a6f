/**
 * The user stream in the worker (issue 22 part 2) against a fake `/ws/v2` server (support/user-server.ts) over real
 * sockets, and under fake timers with a scripted socket where timing matters (backoff, 4401, coalescing): tickets,
 * subs, resume, resync, the user-state cache and its snapshots.
 */
import * as Comlink from 'comlink'
import { MessageChannel } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderEventData, PositionEventData, AccountEventData } from '../../common/api/stream'
import { RECONNECT_DELAY_MS } from '../../common/constants'
import type { EngineApi, UserApi, UserSnapshot } from '../../common/engine-api'
import { createEngine } from '../../src-worker/engine'
import { HOLE_WAIT_MS } from '../../src-worker/user/seq-tracker'
import { FakeSocket } from './support/fake-socket'
import { makeEngine } from './support/engine-harness'
import { until } from './support/htx-server'
import { UserStreamTestServer } from './support/user-server'

/** Short reconnects; the silence deadline above the waits' 8 s failsafe (the fake server does not ping). */
const USER_TIMING = { reconnectDelayMs: 20, reconnectMaxDelayMs: 100, staleAfterMs: 10_000, connectTimeoutMs: 2000 }

const order = (event: OrderEventData['event'], id: number, extra: Record<string, unknown> = {}): OrderEventData => ({
  event,
  kind: 'spot',
  book: 'live',
  symbol: 'btcusdt',
  order: { id, symbol: 'btcusdt', side: 'buy', price: '60000', amount: '0.5', filled_amount: '0', ...extra },
})
const position = (
  event: PositionEventData['event'],
  id: number,
  extra: Record<string, unknown> = {},
): PositionEventData => ({
  event,
  book: 'live',
  symbol: 'ethusdt',
  position: { id, symbol: 'ethusdt', side: 'long', amount: '2', ...extra },
  ...(event === 'liquidated' ? { close_price: '2950.5', feed_ts: 1_700_000_000_000 } : {}),
})
const balance = (available: string, frozen: string): AccountEventData => ({
  event: 'balance',
  book: 'live',
  wallet: 'spot',
  currency: 'USDT',
  available,
  frozen,
  change_available: '-1',
  change_frozen: '1',
  kind: 'order_freeze',
  reference: 'spot_order:1',
  transaction_id: 7,
})

let server: UserStreamTestServer
beforeEach(async () => void (server = await UserStreamTestServer.start()))
afterEach(async () => void (await server.close()))

/** An engine whose user stream talks to `server`, with a recording subscriber. */
async function setup(timing: Partial<typeof USER_TIMING> = {}) {
  const made = makeEngine({ userTiming: { ...USER_TIMING, ...timing } })
  const { engine } = made
  const snaps: UserSnapshot[] = []
  await engine.user.subscribe((s) => void snaps.push(s))
  const getTicket = vi.fn(async () => server.issueTicket())
  await engine.user.connect(getTicket, { url: server.marketUrl })
  const last = () => snaps.at(-1)!
  const events = () => snaps.flatMap((s) => s.events)
  const live = () => until(async () => (await engine.user.status()).state === 'live', 'live')
  return { ...made, snaps, last, events, getTicket, live }
}

const subsOf = (conn: number) => server.messages('sub', conn).map((r) => r.msg)

describe('user stream on a fake /ws/v2 server', () => {
  it('authenticates with a fresh ticket first, then subscribes the four channels on /ws/v2 of the market port', async () => {
    const { engine, getTicket, live } = await setup()
    await live()
    expect(server.paths).toEqual(['/ws/v2'])
    expect(getTicket).toHaveBeenCalledTimes(1)
    const first = server.received.filter((r) => r.conn === 1)[0]!.msg
    expect(first).toEqual({ action: 'req', ch: 'auth', params: { authType: 'token', token: server.issued[0] } })
    await until(() => subsOf(1).length === 4, 'subs')
    expect(subsOf(1).map((m) => m.ch)).toEqual(['orders#*', 'positions', 'accounts.update', 'notices'])
    // Resume point for every channel: the latest seq the auth answered, so no event falls between two subs.
    expect(subsOf(1).every((m) => (m.params as { from_seq: number }).from_seq === 0)).toBe(true)
    await engine.user.disconnect()
  })

  it('keeps open orders, positions and balances from pushes and reports fills and liquidations as events', async () => {
    const { engine, last, events, live } = await setup()
    await live()
    await until(() => subsOf(1).length === 4, 'subs')
    server.emit('orders', order('placed', 11), 'btcusdt')
    server.emit('orders', order('placed', 12), 'btcusdt')
    server.emit('accounts', balance('900', '100'))
    server.emit('positions', position('opened', 5))
    await until(() => last().orders.length === 2 && last().positions.length === 1, 'placed and opened')
    expect(last().balances).toEqual([
      { book: 'live', wallet: 'spot', currency: 'USDT', available: '900', frozen: '100', seq: 3 },
    ])
    server.emit('orders', order('filled', 11, { filled_amount: '0.5' }), 'btcusdt')
    server.emit('positions', position('liquidated', 5))
    await until(() => last().status.lastSeq === 6, 'filled and liquidated')
    expect(last().orders.map((o) => [o.id, o.event])).toEqual([[12, 'placed']])
    expect(last().positions).toEqual([])
    const got = events().map((e) => [e.seq, e.ch, e.data.event])
    expect(got).toEqual([
      [1, 'orders#btcusdt', 'placed'],
      [2, 'orders#btcusdt', 'placed'],
      [3, 'accounts.update', 'balance'],
      [4, 'positions', 'opened'],
      [5, 'orders#btcusdt', 'filled'],
      [6, 'positions', 'liquidated'],
    ])
    const liq = events().find((e) => e.data.event === 'liquidated')!.data as PositionEventData
    expect(liq.close_price).toBe('2950.5')
    await engine.user.disconnect()
  })

  it('answers a server ping with a pong carrying the same ts', async () => {
    const { engine, live } = await setup()
    await live()
    server.ping(1_700_000_123_456)
    await until(() => server.messages('pong').length === 1, 'pong')
    expect(server.messages('pong')[0]!.msg).toEqual({ action: 'pong', data: { ts: 1_700_000_123_456 } })
    await engine.user.disconnect()
  })

  it('after a server drop asks a new ticket, resumes from the last seq, applies the missed events in order and drops duplicates', async () => {
    const { engine, last, events, getTicket, live } = await setup()
    await live()
    await until(() => subsOf(1).length === 4, 'subs')
    server.emit('orders', order('placed', 21), 'btcusdt')
    server.emit('positions', position('opened', 8))
    await until(() => last().status.lastSeq === 2, 'first events')
    server.killClients()
    // Committed while the client is offline: orders 3 and 5, positions 4 (resumed channel by channel).
    server.emit('orders', order('partially_filled', 21, { filled_amount: '0.2' }), 'btcusdt')
    server.emit('positions', position('changed', 8, { amount: '3' }))
    server.emit('orders', order('placed', 22), 'btcusdt')
    await until(() => server.connections === 2 && last().status.lastSeq === 5, 'resumed')
    expect(getTicket).toHaveBeenCalledTimes(2)
    expect(server.issued[1]).not.toBe(server.issued[0])
    expect(server.messages('req', 2)[0]!.msg).toMatchObject({ params: { token: server.issued[1] } })
    expect(subsOf(2).map((m) => m.params)).toEqual(Array(4).fill({ from_seq: 2 }))
    expect(last().orders.map((o) => [o.id, o.event, o.order.filled_amount])).toEqual([
      [21, 'partially_filled', '0.2'],
      [22, 'placed', '0'],
    ])
    expect(last().positions.map((p) => p.position.amount)).toEqual(['3'])
    // Each missed event once, applied in sequence order although the resume sent orders 3 and 5 before positions 4.
    expect(events().map((e) => e.seq)).toEqual([1, 2, 3, 4, 5])
    // A duplicate (the server pushing seq 3 again) changes nothing and is counted.
    server.repush(3)
    server.emit('orders', order('cancelled', 22), 'btcusdt')
    await until(() => last().status.lastSeq === 6, 'after duplicate')
    expect(last().status.duplicates).toBe(1)
    expect(events().map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6])
    expect(last().orders.map((o) => o.id)).toEqual([21])
    expect((await engine.user.status()).reconnects).toBe(1)
    await engine.user.disconnect()
  })

  it('the device going offline drops the stream at once; back online it reconnects without the backoff and resumes', async () => {
    // A minute's backoff: only `online` (checkLiveness) can bring it back within the test.
    const { engine, last, live } = await setup({ reconnectDelayMs: 60_000, reconnectMaxDelayMs: 60_000 })
    await live()
    await until(() => subsOf(1).length === 4, 'subs')
    server.emit('orders', order('placed', 61), 'btcusdt')
    await until(() => last().status.lastSeq === 1, 'first event')
    await engine.networkLost()
    expect((await engine.user.status()).state).toBe('offline')
    await until(() => server.clients.size === 0, 'socket closed by the client')
    server.emit('orders', order('cancelled', 61), 'btcusdt')
    await engine.checkLiveness()
    await until(async () => (await engine.user.status()).state === 'live' && last().status.lastSeq === 2, 'resumed')
    expect(server.connections).toBe(2)
    expect(subsOf(2).map((m) => m.params)).toEqual(Array(4).fill({ from_seq: 1 }))
    expect(last().orders).toEqual([])
    await engine.user.disconnect()
  })

  it('an event after a number that never comes waits HOLE_WAIT_MS, then is applied, the hole counted and the screens sent to REST (resync) until a seed', async () => {
    const { engine, last, events, live } = await setup()
    await live()
    await until(() => subsOf(1).length === 4, 'subs')
    server.emit('orders', order('placed', 41), 'btcusdt')
    await until(() => last().status.lastSeq === 1, 'first event')
    server.skipSeq()
    const sent = Date.now()
    server.emit('orders', order('cancelled', 41), 'btcusdt')
    await until(() => last().status.lastSeq === 3, 'the held event applied')
    expect(Date.now() - sent).toBeGreaterThanOrEqual(HOLE_WAIT_MS - 20)
    expect(events().map((e) => e.seq)).toEqual([1, 3])
    expect(last().orders).toEqual([])
    expect(engine.inspector.user).toMatchObject({ holesSkipped: 1 })
    // The lost event may have been a fill: the state built from events is not trusted until the screens reloaded.
    await until(() => last().status.state === 'resync', 'resync after the hole')
    server.emit('orders', order('placed', 42), 'btcusdt')
    await until(() => last().orders.some((o) => o.id === 42), 'pushes go on during the resync')
    await engine.user.seed({})
    await until(() => last().status.state === 'live', 'live again after the seed')
    await engine.user.disconnect()
  })

  it('a resume older than the server keeps puts the state in resync; a REST seed returns it to live and pushes go on', async () => {
    const { engine, last, live } = await setup()
    await live()
    await until(() => subsOf(1).length === 4, 'subs')
    server.emit('orders', order('placed', 31), 'btcusdt')
    await until(() => last().status.lastSeq === 1, 'first event')
    server.killClients()
    server.emit('orders', order('filled', 31), 'btcusdt')
    server.emit('orders', order('placed', 32), 'btcusdt')
    server.forgetThrough(3)
    await until(() => last().status.state === 'resync' && subsOf(2).length === 8, 'resync and plain subs')
    // On the same socket as the 410 answers (not after a later drop).
    expect(server.connections).toBe(2)
    // Each channel answered 410 and was subscribed again without from_seq.
    expect(
      subsOf(2)
        .slice(4)
        .map((m) => m.params),
    ).toEqual([undefined, undefined, undefined, undefined])
    await until(() => last().status.lastSeq === 3, 'continues from the answered seq')
    // Live from the answered seq: a new event is applied while the UI reloads.
    server.emit('orders', order('placed', 33), 'btcusdt')
    await until(() => last().orders.some((o) => o.id === 33), 'live push during resync')
    expect(last().status.state).toBe('resync')
    await engine.user.seed({ orders: { spot: [{ id: 32, symbol: 'btcusdt', price: '1' }] } })
    await until(() => last().status.state === 'live', 'live after seed')
    expect(server.connections).toBe(2)
    // The seed replaced the stale order 31; order 33, pushed before the seed, is kept.
    expect(last().orders.map((o) => [o.id, o.event])).toEqual([
      [32, 'seeded'],
      [33, 'placed'],
    ])
    await engine.user.disconnect()
  })

  it('ignores and counts bad frames without throwing, and keeps applying good ones', async () => {
    const { engine, last, warn, live } = await setup()
    await live()
    await until(() => subsOf(1).length === 4, 'subs')
    server.sendRaw('not json')
    server.sendRaw(Buffer.from([1, 2, 3]))
    server.sendRaw(
      JSON.stringify({
        action: 'push',
        ch: 'orders#btcusdt',
        data: { event: 'placed', kind: 'spot', symbol: 'btcusdt', order: { price: '1' }, seq: 1 },
      }),
    )
    server.sendRaw(
      JSON.stringify({ action: 'push', ch: 'accounts.update', data: { ...balance('1.5e3', '0'), seq: 1 } }),
    )
    server.sendRaw(JSON.stringify({ action: 'push', ch: 'secrets', data: { seq: 1 } }))
    server.sendRaw(JSON.stringify({ action: 'ping' }))
    server.emit('orders', order('placed', 41), 'btcusdt')
    await until(() => last().orders.length === 1, 'good push')
    expect(last().status.badFrames).toBe(6)
    expect(last().status.lastSeq).toBe(1)
    expect(last().status.state).toBe('live')
    expect(last().balances).toEqual([])
    expect(warn).not.toHaveBeenCalled()
    await engine.user.disconnect()
  })

  it('disconnect closes the stream and forgets the user state; subscribers see it empty', async () => {
    const { engine, last, live } = await setup()
    await live()
    await until(() => subsOf(1).length === 4, 'subs')
    server.emit('orders', order('placed', 51), 'btcusdt')
    server.emit('accounts', balance('10', '0'))
    await until(() => last().orders.length === 1 && last().balances.length === 1, 'state held')
    await engine.user.disconnect()
    await until(() => server.clients.size === 0, 'socket closed')
    await until(() => last().status.state === 'idle', 'idle snapshot')
    expect(last()).toMatchObject({ orders: [], positions: [], balances: [], notices: [], events: [] })
    expect(last().status.lastSeq).toBeNull()
    expect(engine.inspector.user).toMatchObject({
      orders: [],
      balances: [],
      sizes: { orders: 0, balances: 0, replay: 0 },
    })
    server.emit('orders', order('placed', 52), 'btcusdt')
    expect(server.connections).toBe(1)
  })

  it('derives /ws/v2 from the market socket URL and shows the state as engine.user in devtools', async () => {
    const { engine } = makeEngine({ userTiming: USER_TIMING })
    await engine.connect({ url: server.marketUrl })
    await engine.user.connect(async () => server.issueTicket())
    await until(() => (engine.inspector.user.status as { state: string }).state === 'live', 'live')
    expect(server.paths).toContain('/ws/v2')
    server.emit('notices', { event: 'deposit_reviewed', id: 9, state: 'approved' })
    await until(() => (engine.inspector.user.notices as unknown[]).length === 1, 'notice')
    expect(engine.inspector.user).toMatchObject({ url: `ws://127.0.0.1:${server.port}/ws/v2`, sizes: { notices: 1 } })
    await engine.user.disconnect()
    await engine.close()
  })

  it('refuses a seed with a bad item, naming the field', async () => {
    const { engine } = makeEngine({ userTiming: USER_TIMING })
    await expect(engine.user.seed({ orders: { spot: [{ symbol: 'btcusdt' }] } })).rejects.toThrow(
      'seed.orders.spot[0].id',
    )
    await expect(
      engine.user.seed({
        balances: [{ book: 'live', wallet: 'spot', currency: 'USDT', available: '1.5e3', frozen: '0' }],
      }),
    ).rejects.toThrow('seed.balances[0].available')
  })
})

describe('user stream timing (fake timers, scripted socket)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 })
    FakeSocket.all = []
  })
  afterEach(() => void vi.useRealTimers())

  function build() {
    let n = 0
    const getTicket = vi.fn(async () => `ticket-${String(++n).padStart(16, '0')}`)
    const { engine } = createEngine({
      socketFactory: (url) => new FakeSocket(url),
      persist: false,
      random: () => 0,
      log: { warn: vi.fn() },
    })
    const snaps: UserSnapshot[] = []
    return { engine, getTicket, snaps }
  }

  /** Opens the latest socket, answers auth and the four subs. */
  async function accept(latest = 0) {
    await vi.advanceTimersByTimeAsync(0)
    const s = FakeSocket.all.at(-1)!
    s.open()
    s.receiveText({ action: 'req', ch: 'auth', code: 200, data: { user_id: 1, seq: latest } })
    for (const ch of ['orders#*', 'positions', 'accounts.update', 'notices'])
      s.receiveText({ action: 'sub', ch, code: 200, data: { seq: latest } })
    return s
  }

  it('4401 → unauthorized and never reconnects; 1013 and 4429 reconnect after the backoff with a new ticket', async () => {
    const { engine, getTicket } = build()
    await engine.user.connect(getTicket, { url: 'ws://example.test:8292/ws' })
    const first = await accept()
    expect(first.url).toBe('ws://example.test:8292/ws/v2')
    expect((await engine.user.status()).state).toBe('live')
    first.drop(1013)
    expect((await engine.user.status()).state).toBe('offline')
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS - 1)
    expect(FakeSocket.all).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(getTicket).toHaveBeenCalledTimes(2)
    const second = await accept()
    expect(second.sent[0]).toMatchObject({ params: { token: 'ticket-0000000000000002' } })
    second.drop(4429)
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS)
    const third = await accept()
    third.drop(4401)
    expect((await engine.user.status()).state).toBe('unauthorized')
    await vi.advanceTimersByTimeAsync(120_000)
    expect(FakeSocket.all).toHaveLength(3)
    expect(getTicket).toHaveBeenCalledTimes(3)
  })

  it('a failed ticket request is retried with backoff; a silent socket is dropped after 3 server ping intervals', async () => {
    const { engine } = build()
    const getTicket = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('t'.repeat(32))
    await engine.user.connect(getTicket, { url: 'ws://example.test:8292/ws' })
    await vi.advanceTimersByTimeAsync(0)
    expect(FakeSocket.all).toHaveLength(0)
    expect(await engine.user.status()).toMatchObject({ state: 'offline', lastError: 'ticket: offline' })
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAY_MS)
    const s = await accept()
    await vi.advanceTimersByTimeAsync(14_999)
    expect(s.closed).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(s.closed).toBe(true)
    await engine.user.disconnect()
  })

  it('coalesces bursts: one snapshot at once for the first, then at most one per 50 ms, carrying every event', async () => {
    const { engine, getTicket, snaps } = build()
    await engine.user.subscribe((x) => void snaps.push(x))
    await engine.user.connect(getTicket, { url: 'ws://example.test:8292/ws' })
    const s = await accept()
    await vi.advanceTimersByTimeAsync(100)
    const before = snaps.length
    const push = (from: number, to: number) => {
      for (let i = from; i <= to; i++)
        s.receiveText({ action: 'push', ch: 'orders#btcusdt', data: { ...order('placed', 100 + i), seq: i } })
    }
    push(1, 20)
    await vi.advanceTimersByTimeAsync(0)
    expect(snaps.length).toBe(before + 1)
    expect(snaps.at(-1)!.events.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(snaps.at(-1)!.orders).toHaveLength(20)
    push(21, 25)
    await vi.advanceTimersByTimeAsync(49)
    expect(snaps.length).toBe(before + 1)
    await vi.advanceTimersByTimeAsync(1)
    expect(snaps.length).toBe(before + 2)
    expect(snaps.at(-1)!.events.map((e) => e.seq)).toEqual([21, 22, 23, 24, 25])
    await engine.user.disconnect()
  })
})

describe('engine.user over comlink', () => {
  it('takes getTicket and the snapshot callback as proxies, delivers plain snapshots and releases both', async () => {
    const released: unknown[] = []
    const { engine } = makeEngine({
      userTiming: USER_TIMING,
      releaseCallback: (cb) => {
        released.push(cb)
        ;(cb as Record<typeof Comlink.releaseProxy, () => void>)[Comlink.releaseProxy]()
      },
    })
    const { port1, port2 } = new MessageChannel()
    Comlink.expose(engine, port1 as unknown as Comlink.Endpoint)
    const remote = Comlink.wrap<EngineApi>(port2 as unknown as Comlink.Endpoint)
    const user = remote.user as unknown as Comlink.Remote<UserApi>
    const snaps: UserSnapshot[] = []
    const id = await user.subscribe(Comlink.proxy((s: UserSnapshot) => void snaps.push(s)))
    await user.connect(
      Comlink.proxy(async () => server.issueTicket()),
      { url: server.marketUrl },
    )
    await until(async () => (await user.status()).state === 'live', 'live over comlink')
    await until(() => server.messages('sub', 1).length === 4, 'subs')
    server.emit('orders', order('placed', 61), 'btcusdt')
    await until(() => snaps.at(-1)?.orders.length === 1, 'snapshot through comlink')
    expect(snaps.at(-1)!.events[0]).toMatchObject({ seq: 1, ch: 'orders#btcusdt', data: { event: 'placed' } })
    await user.unsubscribe(id)
    await user.disconnect()
    expect(released).toHaveLength(2)
    port1.close()
    port2.close()
  })
})
