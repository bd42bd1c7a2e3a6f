/**
 * User events across processes on the real NATS (server/bus/user-events.ts): what the relay publishes reaches the
 * gateways' subscriptions on other connections in order; `publish` resolves only once JetStream stored the events
 * (and fails when nothing stores them); the stream is created idempotently; and the fan-out over this bus pushes a
 * user each event once even when the relay publishes it twice.
 */
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { StreamServerMessage } from '../../common/api/stream'
import { ensureUserEventStream, NatsUserEventBus, USER_EVENTS_MAX_AGE_MS } from '../../server/bus/user-events'
import { subjects } from '../../server/bus/subjects'
import type { Database } from '../../server/db/client'
import { emitUserEvents, eventsAfter, type UserEvent } from '../../server/stream/events'
import { UserFeed, UserStreamFanout } from '../../server/stream/fanout'
import { relayOnce } from '../../server/stream/relay'
import { describeNats, testPrefix } from '../helpers/nats'
import { pgliteTestDb } from '../helpers/server-db'
import { makeUser } from '../helpers/server-users'

const event = (userId: number, seq: number): UserEvent => ({
  userId,
  seq,
  topic: 'notices',
  symbol: null,
  data: { event: 'feedback_replied', id: seq },
  createdAt: 1_700_000_000_000 + seq,
})

await describeNats('user event bus', (open) => {
  let prefix: string
  let jsm: JetStreamManager | undefined
  /** A new prefix for this test, and a manager to look into its stream. */
  const fresh = async () => {
    prefix = testPrefix()
    jsm = await jetstreamManager(await open('test-admin'))
    return jsm
  }
  afterEach(async () => {
    // The stream a test created (if any) goes with it.
    await jsm?.streams.delete(subjects(prefix).userStream).catch(() => false)
    jsm = undefined
  })

  it('two gateways on their own connections hear every event in the order published', async () => {
    await fresh()
    const relay = await NatsUserEventBus.open(await open('jobs'), { prefix })
    const gateways = [
      await NatsUserEventBus.open(await open('gateway-a'), { prefix }),
      await NatsUserEventBus.open(await open('gateway-b'), { prefix }),
    ]
    const heard = gateways.map(() => [] as string[])
    gateways.forEach((g, i) => g.subscribe((e) => heard[i]!.push(`${e.userId}:${e.seq}`)))
    await Promise.all(gateways.map((g) => g.ready()))
    const events = [event(7, 1), event(8, 1), event(7, 2), event(7, 3), event(8, 2)]
    await relay.publish(events)
    await relay.publish([event(9, 1), event(7, 4)])
    const order = ['7:1', '8:1', '7:2', '7:3', '8:2', '9:1', '7:4']
    await expect.poll(() => heard[0]).toEqual(order)
    await expect.poll(() => heard[1]).toEqual(order)
  })

  it('a per-user subscription hears that user only, from the moment it resolves', async () => {
    await fresh()
    const relay = await NatsUserEventBus.open(await open('jobs'), { prefix })
    const gateway = await NatsUserEventBus.open(await open('gateway'), { prefix })
    const heard: string[] = []
    const stop = await gateway.subscribeUser(7, (e) => heard.push(`${e.userId}:${e.seq}`))
    await relay.publish([event(7, 1), event(8, 1), event(7, 2)])
    await expect.poll(() => heard).toEqual(['7:1', '7:2'])
    stop()
    expect(gateway.subscribedUsers()).toBe(0)
    const again: string[] = []
    await gateway.subscribeUser(8, (e) => again.push(`${e.userId}:${e.seq}`))
    await relay.publish([event(7, 3), event(8, 2)])
    await expect.poll(() => again).toEqual(['8:2'])
    expect(heard).toEqual(['7:1', '7:2'])
  })

  it('publish resolves once the stream stored the events, and rejects when nothing stores them', async () => {
    const jsm = await fresh()
    const bus = await NatsUserEventBus.open(await open('jobs'), { prefix, ackTimeoutMs: 2000 })
    const stream = subjects(prefix).userStream
    await bus.publish([event(7, 1), event(7, 2), event(8, 1)])
    // No waiting: once publish resolved, the stream holds them, in order.
    const info = await jsm.streams.info(stream)
    expect(info.state.messages).toBe(3)
    const stored = await Promise.all([1, 2, 3].map((seq) => jsm.streams.getMessage(stream, { seq })))
    expect(stored.map((m) => `${m!.subject} ${m!.json<UserEvent>().seq}`)).toEqual([
      `${prefix}.tc.user.7 1`,
      `${prefix}.tc.user.7 2`,
      `${prefix}.tc.user.8 1`,
    ])
    // The same event again (a relay that died before its commit) is stored once.
    await bus.publish([event(7, 2)])
    expect((await jsm.streams.info(stream)).state.messages).toBe(3)
    await jsm.streams.delete(stream)
    await expect(bus.publish([event(7, 3)])).rejects.toThrow(`user event 7:3 not acknowledged on ${prefix}.tc.user.7`)
  })

  it('the stream is created once, with its limits, and every process may ensure it again', async () => {
    const jsm = await fresh()
    const nc = await open('jobs')
    const name = await ensureUserEventStream(nc, { prefix })
    expect(name).toBe(`${prefix}_TC_USER_EVENTS`)
    expect(await ensureUserEventStream(await open('gateway'), { prefix })).toBe(name)
    const config = (await jsm.streams.info(name)).config
    expect(config.subjects).toEqual([`${prefix}.tc.user.>`])
    expect(config.max_age).toBe(USER_EVENTS_MAX_AGE_MS * 1_000_000)
    // A later deployment with another window brings the stream to it.
    await ensureUserEventStream(nc, { prefix, maxAgeMs: 3_600_000 })
    expect((await jsm.streams.info(name)).config.max_age).toBe(3_600_000 * 1_000_000)
  })

  describe('with the outbox relay and the fan-out', () => {
    let database: Database
    beforeAll(async () => {
      database = await pgliteTestDb()
    })
    afterAll(() => database.close())

    it('a gateway pushes each committed event once, in order, though the relay publishes it twice', async () => {
      await fresh()
      const relayBus = await NatsUserEventBus.open(await open('jobs'), { prefix })
      const gatewayBus = await NatsUserEventBus.open(await open('gateway'), { prefix })
      const user = await makeUser(database.db)
      const fanout = new UserStreamFanout(gatewayBus)
      const sent: StreamServerMessage[] = []
      const out = { send: (m: StreamServerMessage) => sent.push(m), writable: async () => true }
      const feed = new UserFeed(user.id, database.db, out, { maxSubs: 20, maxHeard: 100 })
      await fanout.attach(feed)
      let heard = 0
      gatewayBus.subscribe(() => heard++)
      await gatewayBus.ready()
      await feed.start()
      feed.subscribe('notices', undefined)
      const notices = [1, 2, 3].map((id) => ({
        topic: 'notices' as const,
        data: { event: 'feedback_replied' as const, id },
      }))
      await database.db.transaction((tx) => emitUserEvents(tx, user.id, notices))
      while ((await relayOnce(database.db, relayBus)) > 0);
      // A relay that published and died before marking them published: the next run publishes them again.
      await relayBus.publish(await eventsAfter(database.db, user.id, 0))
      // Heard twice by the gateway (the fan-out hears what its bus hears, in the same turn); pushed once.
      await expect.poll(() => heard).toBe(6)
      expect(feed.last).toBe(3)
      expect(sent.flatMap((m) => (m.action === 'push' ? [m.data.seq] : []))).toEqual([1, 2, 3])
      fanout.close()
    })
  })
})
