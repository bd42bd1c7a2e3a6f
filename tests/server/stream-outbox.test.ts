/**
 * The user-event outbox (issue 22 part 1): events are numbered per user without gaps in commit order, vanish with a
 * rolled-back transaction, reach the bus once the relay runs (at least once, never before the commit), resume from a
 * sequence number within the kept window, and are pruned after it. PGlite and PostgreSQL; on PostgreSQL 20 parallel
 * transactions of one user leave a gap-free sequence whose order is the commit order.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { LocalUserEventBus } from '../../server/stream/bus'
import {
  emitEvents,
  emitUserEvents,
  eventsAfter,
  lastSeqOf,
  resumeFloor,
  rowsOf,
  type UserEvent,
} from '../../server/stream/events'
import { pruneUserEvents, relayOnce, startUserEventRelay } from '../../server/stream/relay'
import { describePostgres, pgliteTestDb, type OpenDatabase } from '../helpers/server-db'
import { makeUser } from '../helpers/server-users'

/** Publishes what earlier tests on this database left unpublished, to no one. */
async function publishEarlier(db: Database['db']) {
  while ((await relayOnce(db, new LocalUserEventBus())) > 0);
}

const notice = (id: number) => ({ topic: 'notices' as const, data: { event: 'feedback_replied' as const, id } })

function suite(label: string, open: OpenDatabase) {
  const withDb = async (body: (database: Database) => Promise<void>) => {
    const database = await open()
    try {
      await body(database)
    } finally {
      await database.close()
    }
  }

  it(`numbers a user's events from 1 without gaps, and a rollback takes its events and numbers back (${label})`, () =>
    withDb(async ({ db }) => {
      const a = await makeUser(db)
      const b = await makeUser(db)
      expect(await db.transaction((tx) => emitUserEvents(tx, a.id, [notice(1), notice(2)]))).toEqual([1, 2])
      await expect(
        db.transaction(async (tx) => {
          await emitUserEvents(tx, a.id, [notice(3)])
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      expect(await db.transaction((tx) => emitUserEvents(tx, a.id, [notice(4)]))).toEqual([3])
      // Several users in one statement: each numbered after its own last.
      expect(
        await db.transaction((tx) =>
          emitEvents(tx, [
            { ...notice(5), userId: b.id },
            { ...notice(6), userId: a.id },
            { ...notice(7), userId: b.id },
          ]),
        ),
      ).toEqual([1, 4, 2])
      const ofA = await eventsAfter(db, a.id, 0)
      expect(ofA.map((e) => [e.seq, (e.data as { id: number }).id])).toEqual([
        [1, 1],
        [2, 2],
        [3, 4],
        [4, 6],
      ])
      expect(await lastSeqOf(db, a.id)).toBe(4)
      expect(await lastSeqOf(db, b.id)).toBe(2)
      expect((await eventsAfter(db, a.id, 2)).map((e) => e.seq)).toEqual([3, 4])
    }))

  it(`the relay publishes committed events once each, in sequence per user, and marks them (${label})`, () =>
    withDb(async ({ db }) => {
      const user = await makeUser(db)
      await publishEarlier(db)
      const bus = new LocalUserEventBus()
      const heard: UserEvent[] = []
      bus.subscribe((e) => heard.push(e))
      await db.transaction((tx) => emitUserEvents(tx, user.id, [notice(1), notice(2), notice(3)]))
      expect(await relayOnce(db, bus, 2)).toBe(2)
      expect(await relayOnce(db, bus, 2)).toBe(1)
      expect(await relayOnce(db, bus, 2)).toBe(0)
      expect(heard.map((e) => [e.userId, e.seq, e.topic])).toEqual([
        [user.id, 1, 'notices'],
        [user.id, 2, 'notices'],
        [user.id, 3, 'notices'],
      ])
      expect(heard[0]!.data).toEqual({ event: 'feedback_replied', id: 1 })
      const unpublished = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from user_events where published_at is null`),
      )
      expect(Number(unpublished[0]!.n)).toBe(0)
    }))

  it(`a running relay hears a commit without waiting for its poll, and nothing of a rollback (${label})`, () =>
    withDb(async ({ db }) => {
      const user = await makeUser(db)
      await publishEarlier(db)
      const bus = new LocalUserEventBus()
      const heard: UserEvent[] = []
      bus.subscribe((e) => heard.push(e))
      // A poll far beyond the test's wait: only the commit's NOTIFY can wake the relay in time.
      const relay = await startUserEventRelay({ db, bus, pollMs: 3_600_000 })
      try {
        await db
          .transaction(async (tx) => {
            await emitUserEvents(tx, user.id, [notice(9)])
            throw new Error('no')
          })
          .catch(() => {})
        await db.transaction((tx) => emitUserEvents(tx, user.id, [notice(10)]))
        await expect.poll(() => heard.length, { timeout: 5000 }).toBe(1)
        expect(heard[0]).toMatchObject({ userId: user.id, seq: 1, data: { id: 10 } })
      } finally {
        await relay.stop()
      }
    }))

  it(`a resume reaches back 24 h: older sequence numbers are told to resync, and pruning keeps the window (${label})`, () =>
    withDb(async ({ db }) => {
      const user = await makeUser(db)
      await db.transaction((tx) => emitUserEvents(tx, user.id, [notice(1), notice(2), notice(3)]))
      await relayOnce(db, new LocalUserEventBus())
      // The first two are 30 h old.
      await db.execute(
        sql`update user_events set created_at = now() - interval '30 hours' where user_id = ${user.id} and seq <= 2`,
      )
      const day = 24 * 3600_000
      expect(await resumeFloor(db, user.id, day)).toBe(2)
      expect(await pruneUserEvents(db, day)).toBe(2)
      expect((await eventsAfter(db, user.id, 0)).map((e) => e.seq)).toEqual([3])
      // Nothing recent at all: a client at the last number is current, one before it must resync.
      await db.execute(sql`update user_events set created_at = now() - interval '30 hours' where user_id = ${user.id}`)
      expect(await resumeFloor(db, user.id, day)).toBe(3)
    }))
}

describe('user-event outbox on PGlite', () => {
  suite('PGlite', () => pgliteTestDb())
})

await describePostgres('user-event outbox on PostgreSQL', (open) => {
  suite('PostgreSQL', open)

  it('20 parallel transactions of one user: sequence numbers gap-free and in commit order', async () => {
    const database = await open()
    try {
      const { db } = database
      const user = await makeUser(db)
      const committed: number[] = []
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          db
            .transaction(async (tx) => {
              const [seq] = await emitUserEvents(tx, user.id, [notice(i)])
              // Hold the user's sequence row a moment: the others queue behind it.
              await tx.execute(sql`select pg_sleep(0.005)`)
              return seq!
            })
            .then((seq) => committed.push(seq)),
        ),
      )
      // Resolved in commit order (each waits for the previous holder of the row): 1, 2, …, 20.
      expect(committed).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
      expect((await eventsAfter(db, user.id, 0)).map((e) => e.seq)).toEqual(committed)
    } finally {
      await database.close()
    }
  })
})
