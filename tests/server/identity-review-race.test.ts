/**
 * Review race: approve and reject of one submission fired together end with exactly one decision and one audit
 * line (the conditional update). PGlite runs requests one by one, so the race is only real on PostgreSQL; both run.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { auditLog, identitySubmissions } from '../../server/db/schema'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
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
          call<{ status: string }>(t.app, ops[1]!.token, 'POST', 'admin/identity_review', {
            id,
            decision: 'reject',
            reason: 'no',
          }),
          call<{ status: string }>(t.app, ops[1]!.token, 'POST', 'admin/identity_review', { id, decision: 'approve' }),
        ])
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
        const winners = answers.filter((a) => a.body.code === 1)
        expect(winners).toHaveLength(1)
        const [final] = await database.db.select().from(identitySubmissions).where(eq(identitySubmissions.id, id))
        expect(final!.status).toBe(winners[0]!.body.data.status)
        expect(final!.rejectReason).toBe(final!.status === 'rejected' ? 'no' : null)
        const lines = await database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.detail, `submission ${id} (basic) of user ${user.id}`))
        expect(lines).toHaveLength(1)
      }
    })
  })
}

describeRace('PGlite', () => pgliteTestDb())

await describePostgres('identity review race', (open) => describeRace('PostgreSQL', open))
