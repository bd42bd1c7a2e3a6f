/**
 * Review race: approve and reject of one submission fired together end with exactly one decision and one audit
 * line (the conditional update). PGlite runs requests one by one, so the race is only real on PostgreSQL; both run.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { auditLog, identitySubmissions } from '../../server/db/schema'
import pgDriver from 'pg'
import { createPgTestDatabase, PG_ADMIN_URL, pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { call, makeUser } from './identity-fixtures'

const ROUNDS = 25

function describeRace(name: string, open: () => Promise<Database>) {
  describe(`identity review race on ${name}`, () => {
    let database: Database
    let t: TestApp
    beforeAll(async () => {
      database = await open()
      t = await testApp({ db: database.db })
    })
    afterAll(async () => {
      await t?.app.close()
      await database?.close()
    })

    it(`decides each submission exactly once over ${ROUNDS} rounds of approve + reject (+ a second approve)`, async () => {
      const ops = [await makeUser(database.db, 'operator'), await makeUser(database.db, 'operator')]
      for (let round = 0; round < ROUNDS; round++) {
        const user = await makeUser(database.db)
        const [row] = await database.db
          .insert(identitySubmissions)
          .values({ userId: user.id, level: 'basic', name: 'R', idNumber: '12345', city: 'C', email: 'r@e.io' })
          .returning({ id: identitySubmissions.id })
        const id = row!.id
        const answers = await Promise.all([
          call<{ status: string }>(t.app, ops[0]!.token, 'POST', 'admin/identity_review', { id, decision: 'approve' }),
          call<{ status: string }>(t.app, ops[1]!.token, 'POST', 'admin/identity_review', { id, decision: 'reject', reason: 'no' }),
          call<{ status: string }>(t.app, ops[1]!.token, 'POST', 'admin/identity_review', { id, decision: 'approve' }),
        ])
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
        const winners = answers.filter((a) => a.body.code === 1)
        expect(winners).toHaveLength(1)
        const [final] = await database.db.select().from(identitySubmissions).where(eq(identitySubmissions.id, id))
        expect(final!.status).toBe(winners[0]!.body.data.status)
        expect(final!.rejectReason).toBe(final!.status === 'rejected' ? 'no' : null)
        const lines = await database.db.select().from(auditLog).where(eq(auditLog.detail, `submission ${id} (basic) of user ${user.id}`))
        expect(lines).toHaveLength(1)
      }
    })
  })
}

async function waitForNoConnections(dbName: string): Promise<void> {
  const admin = new pgDriver.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [dbName])
      if (rows[0].n === 0) return
      await new Promise((r) => setTimeout(r, 20))
    }
  } finally {
    await admin.end()
  }
}

describeRace('PGlite', () => pgliteTestDb())

const pg = await createPgTestDatabase()
if ('unavailable' in pg) {
  describe('identity review race on PostgreSQL', () => {
    it.skip(`skipped: ${pg.unavailable}`, () => {})
  })
} else {
  afterAll(async () => {
    // pg-pool's end() resolves before its clients have finished closing; dropping WITH (FORCE) at that moment makes
    // a closing client emit an unhandled FATAL 57P01. Wait until the server no longer lists our connections.
    await waitForNoConnections(new URL(pg.url).pathname.slice(1))
    await pg.drop()
  })
  describeRace('PostgreSQL', async () => {
    const database = await openDatabase({ databaseUrl: pg.url })
    await seedDatabase(database.db)
    return database
  })
}
