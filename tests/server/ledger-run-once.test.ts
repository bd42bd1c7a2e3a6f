/**
 * `runOnce` (server/ledger/idempotent.ts), what a caller relies on:
 * - A refusal is kept: the replay refuses again even when the effect would now succeed, and nothing the refused
 *   effect wrote remains (PGlite and PostgreSQL).
 * - On PostgreSQL, 8 requests under one key while the first one's effect is being refused: every request answers
 *   the same, the key row holds that answer, and the effect committed at most once.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { DomainError } from '../../server/domain/errors'
import { runOnce } from '../../server/ledger/idempotent'
import { rowsOf } from '../helpers/ledger-ops'
import { describePostgres, PG_ADMIN_URL, pgliteTestDb } from '../helpers/server-db'
import { makeUser, type TestUser } from '../helpers/server-users'

/** Requests under one key at once (the pool holds 10 connections). */
const REQUESTS = 8

const lackOfFunds = () => new DomainError('rejected', 'lackOfFunds', { field: 'amount' })

/** Writes a marker key row `marker` for `user` in `tx` (a write that shows whether an effect committed). */
const mark = (db: Database['db'], user: TestUser, marker: string) =>
  db.execute(
    sql`insert into idempotency_keys (user_id, key, call, request_hash) values (${user.id}, ${marker}, 'test', 'x')`,
  )

async function keyRows(db: Database['db'], user: TestUser) {
  return rowsOf<{ key: string; outcome: string | null; response: unknown }>(
    db,
    sql`select key, outcome, response from idempotency_keys where user_id = ${user.id} order by id`,
  )
}

/** The tests on one database; `race` adds the one that needs connections that wait on each other (PostgreSQL). */
function describeRunOnce(name: string, open: () => Promise<Database>, race: boolean) {
  describe(`runOnce on ${name}`, () => {
    let database: Database
    beforeAll(async () => {
      database = await open()
    })
    afterAll(async () => {
      await database?.close()
    })

    it('keeps a refusal: the replay refuses again, and nothing the refused effect wrote remains', async () => {
      const user = await makeUser(database.db)
      const keyed = { userId: user.id, key: randomUUID(), call: 'test/run_once', payload: { n: 1 } }
      let funds = false
      const effect = async (tx: Database['db']) => {
        await mark(tx, user, `effect-${randomUUID()}`)
        if (!funds) throw lackOfFunds()
        return { ok: true }
      }
      await expect(runOnce(database.db, keyed, effect)).rejects.toMatchObject({ messageKey: 'lackOfFunds' })
      funds = true
      await expect(runOnce(database.db, keyed, effect)).rejects.toMatchObject({ messageKey: 'lackOfFunds' })
      const rows = await keyRows(database.db, user)
      expect(rows.map((r) => [r.key, r.outcome, (r.response as { messageKey?: string }).messageKey])).toEqual([
        [keyed.key, 'refused', 'lackOfFunds'],
      ])
      // Another payload under the key: refused as a reused key, not answered with the refusal.
      await expect(runOnce(database.db, { ...keyed, payload: { n: 2 } }, effect)).rejects.toMatchObject({
        messageKey: 'idempotencyKeyReused',
      })
    })

    if (race)
      it('answers every request alike while the first one is refused, the effect committed at most once', async () => {
        const user = await makeUser(database.db)
        const [{ name: dbName } = { name: '' }] = await rowsOf<{ name: string }>(
          database.db,
          sql`select current_database() as name`,
        )
        const keyed = { userId: user.id, key: randomUUID(), call: 'test/run_once', payload: { n: 1 } }
        let calls = 0
        let release!: () => void
        const gate = new Promise<void>((resolve) => (release = resolve))
        const effect = async (tx: Database['db']) => {
          const n = ++calls
          await mark(tx, user, `effect-${n}`)
          // The first effect waits until the 7 others wait on its key, then is refused: funds arrived meanwhile.
          if (n === 1) {
            await gate
            throw lackOfFunds()
          }
          return { call: n }
        }
        const answers = Array.from({ length: REQUESTS }, () =>
          runOnce(database.db, keyed, effect).then(
            (value) => ({ value }),
            (err: DomainError) => ({ refused: err.messageKey }),
          ),
        )
        // Read on a connection of its own: the requests hold REQUESTS of the pool's 10.
        const watcher = new pg.Client({ connectionString: PG_ADMIN_URL })
        await watcher.connect()
        try {
          await expect
            .poll(async () => {
              const r = await watcher.query<{ n: number }>(
                `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
                [dbName],
              )
              return r.rows[0]!.n
            })
            .toBe(REQUESTS - 1)
        } finally {
          await watcher.end()
        }
        release()
        const all = await Promise.all(answers)
        expect(new Set(all.map((a) => JSON.stringify(a))).size, JSON.stringify(all)).toBe(1)
        const rows = await keyRows(database.db, user)
        const key = rows.find((r) => r.key === keyed.key)!
        const markers = rows.filter((r) => r.key.startsWith('effect-'))
        expect(markers.length, 'effects committed').toBeLessThanOrEqual(1)
        // What everyone answered is what the key holds.
        expect('value' in all[0]! ? { outcome: 'ok', response: all[0].value } : { outcome: 'refused' }).toEqual(
          'value' in all[0]! ? { outcome: key.outcome, response: key.response } : { outcome: key.outcome },
        )
        // The first request's refusal is recorded with its key: the others, waiting on the key, read it.
        expect(all[0]).toEqual({ refused: 'lackOfFunds' })
        expect(markers).toEqual([])
      })
  })
}

describeRunOnce('PGlite', () => pgliteTestDb(), false)
await describePostgres('runOnce', (open) => describeRunOnce('PostgreSQL', open, true))
