/**
 * Identity verification end to end over the API: basic → advanced → operator decision → the user sees the state;
 * rejection with a reason → re-submission; bad input named by field in the caller's language; extra fields ignored.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IdentityInfo } from '../../common/api/identity'
import { serverMessage } from '../../server/content/server-messages'
import type { Database } from '../../server/db/client'
import { auditLog, identitySubmissions } from '../../server/db/schema'
import { pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { call, fetchImage, jpeg, makeUser, upload, type TestUser } from './identity-fixtures'

let database: Database
let t: TestApp
let alice: TestUser
let op: TestUser

beforeAll(async () => {
  database = await pgliteTestDb()
  t = await testApp({ db: database.db })
  alice = await makeUser(database.db)
  op = await makeUser(database.db, 'operator')
})
afterAll(async () => {
  await t.app.close()
  await database.close()
})

const basic = { name: '  Li   Hua ', id_number: '330106199001011234', city: 'Hangzhou', email: ' Li.Hua@Example.com ' }
const info = async (u: TestUser) => (await call<IdentityInfo>(t.app, u.token, 'GET', 'user/identity')).body.data
const review = (id: number, decision: 'approve' | 'reject', reason = '') =>
  call<{ id: number; status: string }>(t.app, op.token, 'POST', 'admin/identity_review', { id, decision, reason })
const pending = async (userId: number, level: 'basic' | 'advanced') => {
  const rows = await database.db.select().from(identitySubmissions).where(eq(identitySubmissions.userId, userId))
  return rows.filter((r) => r.level === level && r.status === 'review').map((r) => r.id)
}
const threePhotos = async (u: TestUser) => {
  const ids: number[] = []
  for (const color of ['#ff0000', '#00ff00', '#0000ff'])
    ids.push((await upload(t.app, u.token, await jpeg({ color }))).body.data.id)
  return ids
}

describe('a new user', () => {
  it('starts with both tiers not certified', async () => {
    const me = await info(alice)
    expect(me.basic).toMatchObject({ status: 'none', name: null, reject_reason: null })
    expect(me.advanced).toMatchObject({ status: 'none', front_url: null })
  })

  it('cannot submit advanced before basic is verified', async () => {
    const [f, b, s] = await threePhotos(alice)
    const res = await call(
      t.app,
      alice.token,
      'POST',
      'user/identity_advanced',
      {
        doc_type: 'id_card',
        front_upload_id: f,
        back_upload_id: b,
        selfie_upload_id: s,
      },
      'es',
    )
    expect(res.body).toMatchObject({ code: 400, msg: serverMessage('es', 'identityBasicFirst') })
  })
})

describe('basic tier input', () => {
  it('names each missing or malformed field in the caller language', async () => {
    const cases: [object, string, Parameters<typeof serverMessage>[1]][] = [
      [{ ...basic, name: '   ' }, 'name', 'identityNameRequired'],
      [{ ...basic, name: '<img src=x onerror=alert(1)>' }, 'name', 'identityNameChars'],
      [{ ...basic, name: 'x'.repeat(65) }, 'name', 'identityNameTooLong'],
      [{ ...basic, id_number: '' }, 'id_number', 'identityIdNumberRequired'],
      [{ ...basic, id_number: '12<b>' }, 'id_number', 'identityIdNumberFormat'],
      [{ ...basic, city: '<script>alert(1)</script>' }, 'city', 'identityCityChars'],
      [{ name: 'Li Hua', id_number: '1234', email: 'a@b.co' }, 'city', 'identityCityRequired'],
      [{ ...basic, email: 'not-an-email' }, 'email', 'identityEmailFormat'],
    ]
    for (const [body, field, key] of cases) {
      const res = await call<{ field: string }>(t.app, alice.token, 'POST', 'user/identity_basic', body, 'ko')
      expect(res.body.msg, key).toBe(serverMessage('ko', key))
      expect(res.body.data.field).toBe(field)
    }
    expect(await pending(alice.id, 'basic')).toEqual([])
  })
})

describe('basic → advanced → verified', () => {
  it('stores basic as plain tidy text in review, ignoring extra fields', async () => {
    const bob = await makeUser(database.db)
    const res = await call<IdentityInfo>(t.app, alice.token, 'POST', 'user/identity_basic', {
      ...basic,
      status: 'verified',
      user_id: bob.id,
      userId: bob.id,
      role: 'operator',
    })
    expect(res.body.code).toBe(1)
    expect(res.body.data.basic).toMatchObject({
      status: 'review',
      name: 'Li Hua',
      city: 'Hangzhou',
      email: 'li.hua@example.com',
      id_number: '33************1234',
    })
    expect((await info(bob)).basic.status).toBe('none')
  })

  it('refuses a second basic submission while one is in review', async () => {
    const res = await call(t.app, alice.token, 'POST', 'user/identity_basic', basic)
    expect(res.body).toMatchObject({ code: 400, msg: serverMessage('en', 'identityBasicInReview') })
    expect(await pending(alice.id, 'basic')).toHaveLength(1)
  })

  it('lets an operator list and approve it, exactly once', async () => {
    const list = await call<{ items: { id: number; user_id: number; id_number: string; account: string }[] }>(
      t.app,
      op.token,
      'GET',
      'admin/identity_list',
      { status: 'review' },
    )
    const mine = list.body.data.items.find((i) => i.user_id === alice.id)!
    expect(mine).toMatchObject({ id_number: '330106199001011234', account: alice.email })
    expect((await review(mine.id, 'approve')).body.data).toEqual({ id: mine.id, status: 'verified' })
    expect((await review(mine.id, 'reject', 'late')).body).toMatchObject({
      code: 400,
      msg: serverMessage('en', 'identityAlreadyDecided'),
    })
    expect((await info(alice)).basic).toMatchObject({ status: 'verified', reject_reason: null })
    expect((await call(t.app, alice.token, 'POST', 'user/identity_basic', basic)).body.msg).toBe(
      serverMessage('en', 'identityBasicVerified'),
    )
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'identity_approve'))
    expect(audit.map((a) => [a.userId, a.result])).toContainEqual([op.id, 'ok'])
  })

  it('checks the advanced fields', async () => {
    const [f, b] = await threePhotos(alice)
    const cases: [object, string, Parameters<typeof serverMessage>[1]][] = [
      [{ front_upload_id: f, back_upload_id: b, selfie_upload_id: b }, 'doc_type', 'identityDocTypeRequired'],
      [{ doc_type: 'id_card', back_upload_id: b, selfie_upload_id: f }, 'front_upload_id', 'identityFrontRequired'],
      [{ doc_type: 'id_card', front_upload_id: f, back_upload_id: b }, 'selfie_upload_id', 'identitySelfieRequired'],
      [
        { doc_type: 'id_card', front_upload_id: f, back_upload_id: f, selfie_upload_id: b },
        'back_upload_id',
        'identityPhotosDistinct',
      ],
      [
        { doc_type: 'id_card', front_upload_id: f, back_upload_id: b, selfie_upload_id: 999_999 },
        'selfie_upload_id',
        'identityPhotoNotFound',
      ],
    ]
    for (const [body, field, key] of cases) {
      const res = await call<{ field: string }>(t.app, alice.token, 'POST', 'user/identity_advanced', body)
      expect(res.body.msg, key).toBe(serverMessage('en', key))
      expect(res.body.data.field).toBe(field)
    }
    const bad = await call<{ field: string }>(t.app, alice.token, 'POST', 'user/identity_advanced', {
      doc_type: 'passport',
      front_upload_id: f,
      back_upload_id: b,
      selfie_upload_id: 3,
    })
    expect(bad.body).toMatchObject({ code: 422, data: { field: 'doc_type' } })
    expect(await pending(alice.id, 'advanced')).toEqual([])
  })

  it('takes advanced with three own photos and shows them back through signed URLs', async () => {
    const [f, b, s] = await threePhotos(alice)
    const res = await call<IdentityInfo>(t.app, alice.token, 'POST', 'user/identity_advanced', {
      doc_type: 'driver_license',
      front_upload_id: f,
      back_upload_id: b,
      selfie_upload_id: s,
    })
    expect(res.body.code).toBe(1)
    const adv = res.body.data.advanced
    expect(adv).toMatchObject({ status: 'review', doc_type: 'driver_license' })
    for (const url of [adv.front_url, adv.back_url, adv.selfie_url]) {
      const img = await fetchImage(t.app, url!)
      expect(img.status).toBe(200)
      expect(img.headers['content-type']).toBe('image/jpeg')
    }
  })

  it('shows the rejection reason as written, then takes a re-submission that can be approved', async () => {
    const [id] = await pending(alice.id, 'advanced')
    expect((await review(id!, 'reject', '   ')).body.msg).toBe(serverMessage('en', 'identityReasonRequired'))
    expect((await review(id!, 'reject', 'x'.repeat(301))).body.msg).toBe(serverMessage('en', 'identityReasonTooLong'))
    const reason = 'Selfie is blurry <b>please</b> retake'
    expect((await review(id!, 'reject', reason)).body.data).toEqual({ id, status: 'rejected' })
    const after = await info(alice)
    expect(after.advanced).toMatchObject({ status: 'rejected', reject_reason: reason })
    expect(after.advanced.reviewed_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)

    const [f, b, s] = await threePhotos(alice)
    const again = await call<IdentityInfo>(t.app, alice.token, 'POST', 'user/identity_advanced', {
      doc_type: 'id_card',
      front_upload_id: f,
      back_upload_id: b,
      selfie_upload_id: s,
    })
    expect(again.body.data.advanced).toMatchObject({ status: 'review', reject_reason: null })
    const [next] = await pending(alice.id, 'advanced')
    expect(next).not.toBe(id)
    await review(next!, 'approve')
    expect(await info(alice)).toMatchObject({ basic: { status: 'verified' }, advanced: { status: 'verified' } })
    const res = await call(t.app, alice.token, 'POST', 'user/identity_advanced', {
      doc_type: 'id_card',
      front_upload_id: f,
      back_upload_id: b,
      selfie_upload_id: s,
    })
    expect(res.body.msg).toBe(serverMessage('en', 'identityAdvancedVerified'))
  })
})

describe('operator calls', () => {
  it('are refused to users (403) and to callers without a session (401)', async () => {
    expect((await call(t.app, alice.token, 'GET', 'admin/identity_list')).status).toBe(403)
    expect(
      (await call(t.app, alice.token, 'POST', 'admin/identity_review', { id: 1, decision: 'approve' })).status,
    ).toBe(403)
    expect((await call(t.app, null, 'GET', 'admin/identity_list')).status).toBe(401)
  })

  it('answers an unknown submission id with not found', async () => {
    expect((await review(999_999, 'approve')).body).toMatchObject({
      code: 404,
      msg: serverMessage('en', 'identitySubmissionNotFound'),
    })
  })

  it('filters by status and tier and pages', async () => {
    const res = await call<{ items: { level: string; status: string }[]; total: number }>(
      t.app,
      op.token,
      'GET',
      'admin/identity_list',
      { status: 'verified', level: 'advanced', limit: '1' },
    )
    expect(res.body.data.total).toBe(1)
    expect(res.body.data.items).toEqual([expect.objectContaining({ level: 'advanced', status: 'verified' })])
  })
})
