/**
 * IDOR (reliability A4): user B holding user A's upload ids, submission ids and image URLs gets nothing of A's —
 * refused, and no answer carries A's data.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IdentityInfo } from '../../common/api/identity'
import { serverMessage } from '../../server/content/server-messages'
import type { Database } from '../../server/db/client'
import { auditLog, identitySubmissions } from '../../server/db/schema'
import { describePostgres, pgliteTestDb, type OpenDatabase } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { call, fetchImage, jpeg, makeUser, upload, type TestUser } from './identity-fixtures'

/** The suite on one database; `open` gives it a migrated, seeded one. */
function describeIdor(label: string, open: OpenDatabase): void {
  describe(`identity IDOR on ${label}`, () => {
    let database: Database
    let t: TestApp
    let a: TestUser
    let b: TestUser
    let aUploads: number[]
    let aUrls: string[]
    let aSubmission: number

    beforeAll(async () => {
      database = await open()
      t = await testApp({ db: database.db })
      a = await makeUser(database.db)
      b = await makeUser(database.db)
      const op = await makeUser(database.db, 'operator')
      for (const u of [a, b]) {
        await call(t.app, u.token, 'POST', 'user/identity_basic', {
          name: 'Ana Lee',
          id_number: 'X1234567',
          city: 'Lima',
          email: 'x@y.io',
        })
      }
      const basics = await database.db.select().from(identitySubmissions)
      for (const s of basics) {
        await call(t.app, op.token, 'POST', 'admin/identity_review', { id: s.id, decision: 'approve' })
      }
      aUploads = []
      aUrls = []
      for (let i = 0; i < 3; i++) {
        const res = await upload(t.app, a.token, await jpeg({ color: `#${i}0${i}0${i}0` }))
        aUploads.push(res.body.data.id)
        aUrls.push(res.body.data.fullurl)
      }
      const adv = await call<IdentityInfo>(t.app, a.token, 'POST', 'user/identity_advanced', {
        doc_type: 'id_card',
        front_upload_id: aUploads[0],
        back_upload_id: aUploads[1],
        selfie_upload_id: aUploads[2],
      })
      expect(adv.body.data.advanced.status).toBe('review')
      const [row] = await database.db
        .select()
        .from(identitySubmissions)
        .where(eq(identitySubmissions.level, 'advanced'))
      aSubmission = row!.id
    })
    afterAll(async () => {
      await t.app.close()
      await database.close()
    })

    describe("user B with user A's ids", () => {
      it("cannot submit A's uploads as B's photos, and the attempt is audited", async () => {
        const own = (await upload(t.app, b.token, await jpeg())).body.data.id
        const combos = [
          [aUploads[0], own, own + 1000],
          [own, aUploads[1], aUploads[2]],
        ]
        for (const [front, back, selfie] of combos) {
          const res = await call(t.app, b.token, 'POST', 'user/identity_advanced', {
            doc_type: 'id_card',
            front_upload_id: front,
            back_upload_id: back,
            selfie_upload_id: selfie,
          })
          expect(res.body.code).toBe(400)
          expect(res.body.msg).toBe(serverMessage('en', 'identityPhotoNotFound'))
          expect(JSON.stringify(res.body)).not.toContain('/api/common/image')
        }
        // An unknown id gets the same answer as A's id: nothing tells B that A's upload exists.
        const unknown = await call(t.app, b.token, 'POST', 'user/identity_advanced', {
          doc_type: 'id_card',
          front_upload_id: 900_001,
          back_upload_id: 900_002,
          selfie_upload_id: 900_003,
        })
        expect(unknown.body.msg).toBe(serverMessage('en', 'identityPhotoNotFound'))
        const denials = await database.db.select().from(auditLog).where(eq(auditLog.userId, b.id))
        expect(denials.filter((d) => d.result === 'refused' && d.action === 'identity_advanced')).toHaveLength(2)
        expect(
          (await database.db.select().from(identitySubmissions).where(eq(identitySubmissions.userId, b.id))).filter(
            (s) => s.level === 'advanced',
          ),
        ).toEqual([])
      })

      it("sees only B's own identity, never A's", async () => {
        const me = (await call<IdentityInfo>(t.app, b.token, 'GET', 'user/identity')).body.data
        expect(me.advanced.status).toBe('none')
        expect(me.advanced.front_url).toBeNull()
        // Query parameters naming A are ignored.
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/user/identity?user_id=${a.id}&id=${aSubmission}`,
          headers: { token: b.token },
        })
        expect(res.json<{ data: { advanced: { status: string } } }>().data.advanced.status).toBe('none')
      })

      it("cannot decide A's submission or list submissions", async () => {
        const res = await call(t.app, b.token, 'POST', 'admin/identity_review', {
          id: aSubmission,
          decision: 'approve',
        })
        expect(res.status).toBe(403)
        expect((await call(t.app, b.token, 'GET', 'admin/identity_list')).status).toBe(403)
        const [row] = await database.db
          .select()
          .from(identitySubmissions)
          .where(eq(identitySubmissions.id, aSubmission))
        expect(row!.status).toBe('review')
      })

      it("cannot turn A's image URLs into B's: re-signing requires the server key", async () => {
        const bUrl = (await upload(t.app, b.token, await jpeg())).body.data.fullurl
        const bParams = new URL(bUrl, 'http://x').searchParams
        for (const aUrl of aUrls) {
          const u = new URL(aUrl, 'http://x')
          // B keeps A's id but puts in B's own session and signature.
          u.searchParams.set('sid', bParams.get('sid')!)
          u.searchParams.set('sig', bParams.get('sig')!)
          expect((await fetchImage(t.app, u.pathname + u.search)).status).toBe(403)
        }
      })
    })
  })
}

describeIdor('PGlite', () => pgliteTestDb())
await describePostgres('identity IDOR', (open) => describeIdor('PostgreSQL', open))
