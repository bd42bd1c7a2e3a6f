/**
 * The user stream's fan-out (server/stream/fanout.ts) without sockets, on PGlite: whatever order and repetition the
 * bus delivers events in, a connection is pushed each event of its channels once, in sequence; a gap is filled from
 * the outbox first; a resume pushes the missed events of its channel before any live one, and a live event heard
 * while the resume reads waits for it.
 */
import type { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamServerMessage } from '../../common/api/stream'
import type { Database } from '../../server/db/client'
import { LocalUserEventBus, type UserEventBus } from '../../server/stream/bus'
import { DEFAULT_STREAM_LIMITS, StreamConnection } from '../../server/stream/connection'
import { emitUserEvents, eventsAfter, type UserEvent } from '../../server/stream/events'
import { UserFeed, UserStreamFanout } from '../../server/stream/fanout'
import { pgliteTestDb } from '../helpers/server-db'
import { makeUser } from '../helpers/server-users'

const notice = (id: number) => ({ topic: 'notices' as const, data: { event: 'feedback_replied' as const, id } })
const order = (symbol: string, id: number) => ({
  topic: 'orders' as const,
  symbol,
  data: { event: 'placed' as const, kind: 'spot' as const, book: 'live' as const, symbol, order: { id } },
})

describe('user stream fan-out', () => {
  let database: Database
  beforeAll(async () => {
    database = await pgliteTestDb()
  })
  afterAll(() => database.close())

  /** A feed of a new user, attached to a fan-out over a bus the test publishes on by hand. */
  async function feedOf(maxHeard = 100) {
    const user = await makeUser(database.db)
    const bus = new LocalUserEventBus()
    const fanout = new UserStreamFanout(bus)
    const sent: StreamServerMessage[] = []
    const feed = new UserFeed(
      user.id,
      database.db,
      { send: (m) => sent.push(m), writable: async () => true },
      {
        maxSubs: 20,
        maxHeard,
      },
    )
    await fanout.attach(feed)
    await feed.start()
    const emit = (events: Parameters<typeof emitUserEvents>[2]) =>
      database.db.transaction((tx) => emitUserEvents(tx, user.id, events))
    const stored = async () => eventsAfter(database.db, user.id, 0)
    const pushed = () => sent.flatMap((m) => (m.action === 'push' ? [[m.ch, m.data.seq]] : []))
    return { user, bus, fanout, feed, sent, emit, stored, pushed }
  }

  it('pushes each event once and in sequence whatever the bus repeats or reorders, filling gaps from the outbox', async () => {
    const f = await feedOf()
    f.feed.subscribe('notices', undefined)
    await f.emit([notice(1), notice(2), notice(3), notice(4), notice(5)])
    const all: UserEvent[] = await f.stored()
    // Duplicates, reordering, and 1–2 never delivered by the bus at all (only the outbox has them).
    await f.bus.publish([all[3]!, all[2]!, all[3]!, all[4]!, all[2]!, all[4]!])
    await expect.poll(() => f.feed.last).toBe(5)
    await f.bus.publish([all[0]!, all[4]!])
    expect(f.pushed()).toEqual([1, 2, 3, 4, 5].map((seq) => ['notices', seq]))
  })

  it('pushes only the channels subscribed, and orders#<symbol> only that market', async () => {
    const f = await feedOf()
    f.feed.subscribe('orders#btcusdt', undefined)
    await f.emit([order('ethusdt', 1), notice(2), order('btcusdt', 3)])
    await f.bus.publish(await f.stored())
    await expect.poll(() => f.feed.last).toBe(3)
    expect(f.pushed()).toEqual([['orders#btcusdt', 3]])
    f.feed.subscribe('orders#*', undefined)
    await f.emit([order('ethusdt', 4), order('btcusdt', 5)])
    await f.bus.publish((await f.stored()).slice(3))
    await expect.poll(() => f.feed.last).toBe(5)
    // One push per event even when two channels want it.
    expect(f.pushed()).toEqual([
      ['orders#btcusdt', 3],
      ['orders#ethusdt', 4],
      ['orders#btcusdt', 5],
    ])
  })

  it('a resume pushes the missed events of its channel first, live ones heard meanwhile after them, none twice', async () => {
    const f = await feedOf()
    await f.emit([notice(1), notice(2), notice(3)])
    await f.bus.publish(await f.stored())
    await expect.poll(() => f.feed.last).toBe(3)
    await f.emit([notice(4)])
    const live = (await f.stored())[3]!
    // Heard in the same turn as the resume starts, i.e. while it reads the outbox: waits for it.
    f.feed.subscribe('notices', 1)
    void f.bus.publish([live])
    await expect.poll(() => f.feed.last).toBe(4)
    await expect.poll(() => f.pushed().length).toBe(3)
    expect(f.sent[0]).toEqual({ action: 'sub', ch: 'notices', code: 200, data: { seq: 3 } })
    expect(f.pushed()).toEqual([2, 3, 4].map((seq) => ['notices', seq]))
  })

  it('more events heard than it holds are read back from the outbox, still once and in order', async () => {
    const f = await feedOf(2)
    f.feed.subscribe('notices', undefined)
    await f.emit(Array.from({ length: 12 }, (_, i) => notice(i + 1)))
    const all = await f.stored()
    await f.bus.publish([...all].reverse())
    await expect.poll(() => f.feed.last).toBe(12)
    expect(f.pushed()).toEqual(all.map((e) => ['notices', e.seq]))
  })

  it('never hands a feed the events of another user', async () => {
    const a = await feedOf()
    const b = await feedOf()
    a.feed.subscribe('notices', undefined)
    b.feed.subscribe('notices', undefined)
    await b.emit([notice(1)])
    // b's events on a's bus: a's fan-out routes by user and drops them.
    await a.bus.publish(await b.stored())
    await a.emit([notice(2)])
    await a.bus.publish(await a.stored())
    await expect.poll(() => a.pushed().length).toBe(1)
    expect(a.sent.filter((m) => m.action === 'push').map((m) => m.action === 'push' && m.data)).toEqual([
      { event: 'feedback_replied', id: 2, seq: 1 },
    ])
  })

  it('per user (a gateway over NATS): follows a user only while a feed of theirs is attached, and only them', async () => {
    const [a, b] = [await makeUser(database.db), await makeUser(database.db)]
    const local = new LocalUserEventBus()
    const calls: number[] = []
    const followed = new Set<number>()
    const bus: UserEventBus = {
      publish: (events) => local.publish(events),
      subscribe: () => {
        throw new Error('a per-user fan-out must not follow every user')
      },
      async subscribeUser(userId, listener) {
        const off = await local.subscribeUser(userId, listener)
        calls.push(userId)
        followed.add(userId)
        return () => {
          followed.delete(userId)
          off()
        }
      },
      close: () => local.close(),
    }
    const fanout = new UserStreamFanout(bus, { perUser: true })
    const feedOfA = () => {
      const sent: StreamServerMessage[] = []
      const out = { send: (m: StreamServerMessage) => sent.push(m), writable: async () => true }
      return { feed: new UserFeed(a.id, database.db, out, { maxSubs: 20, maxHeard: 100 }), sent }
    }
    const [first, second] = [feedOfA(), feedOfA()]
    for (const { feed } of [first, second]) {
      await fanout.attach(feed)
      await feed.start()
      feed.subscribe('notices', undefined)
    }
    expect(calls).toEqual([a.id])
    for (const u of [a, b]) await database.db.transaction((tx) => emitUserEvents(tx, u.id, [notice(7)]))
    await bus.publish([...(await eventsAfter(database.db, b.id, 0)), ...(await eventsAfter(database.db, a.id, 0))])
    for (const { feed, sent } of [first, second]) {
      await expect.poll(() => feed.last).toBe(1)
      expect(sent.filter((m) => m.action === 'push')).toHaveLength(1)
    }
    fanout.detach(first.feed)
    expect(followed).toEqual(new Set([a.id]))
    fanout.detach(second.feed)
    await expect.poll(() => followed.size).toBe(0)
    fanout.close()
  })
})

describe('user stream connection budget', () => {
  it('closes 4429 once the socket holds more unsent bytes than the budget, and sends nothing after', () => {
    const sent: string[] = []
    const closes: number[] = []
    const ws = {
      readyState: 1,
      bufferedAmount: 0,
      send: (text: string) => void sent.push(text),
      close: (code: number) => void closes.push(code),
      terminate: () => {},
    }
    const c = new StreamConnection(ws as unknown as WebSocket, {
      limits: { ...DEFAULT_STREAM_LIMITS, maxBacklogBytes: 1000, authTimeoutMs: 60_000 },
      authenticate: () => Promise.resolve(null),
      openFeed: () => Promise.reject(new Error('not used')),
      closeFeed: () => {},
    })
    c.send({ action: 'ping', data: { ts: 1 } })
    ws.bufferedAmount = 990
    c.send({ action: 'ping', data: { ts: 2 } })
    c.send({ action: 'ping', data: { ts: 3 } })
    expect(sent).toEqual(['{"action":"ping","data":{"ts":1}}'])
    expect(closes).toEqual([4429])
  })
})
