/**
 * Signed image URLs: only the URL the server issued works, only until it expires, only while the session it was
 * issued to lives, and only for the owner's or an operator's session. The signing key is not readable through
 * `common/config` or `admin config get`.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdmin } from '../../server/cli/admin-commands'
import { revokeSession } from '../../server/auth/sessions'
import type { Database } from '../../server/db/client'
import { settings } from '../../server/db/schema'
import { IMAGE_KEY_SETTING, signImageUrl } from '../../server/uploads/signed-url'
import { pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { fetchImage, jpeg, makeUser, upload, type TestUser } from './identity-fixtures'

let database: Database
let t: TestApp
let alice: TestUser
let bob: TestUser
let aliceUrl: string
let aliceUpload: number

beforeAll(async () => {
  database = await pgliteTestDb()
  t = await testApp({ db: database.db })
  alice = await makeUser(database.db)
  bob = await makeUser(database.db)
  const res = await upload(t.app, alice.token, await jpeg())
  aliceUrl = res.body.data.fullurl
  aliceUpload = res.body.data.id
})
afterAll(async () => {
  await t.app.close()
  await database.close()
})

const params = (url: string) => new URL(url, 'http://x').searchParams
const withParam = (url: string, key: string, value: string) => {
  const u = new URL(url, 'http://x')
  u.searchParams.set(key, value)
  return u.pathname + u.search
}

describe('common/image', () => {
  it('serves the issued URL', async () => {
    expect((await fetchImage(t.app, aliceUrl)).status).toBe(200)
  })

  it('refuses a tampered signature, id, expiry or session with 403 and no image', async () => {
    const sig = params(aliceUrl).get('sig')!
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)
    for (const url of [
      withParam(aliceUrl, 'sig', flipped),
      withParam(aliceUrl, 'exp', String(Number(params(aliceUrl).get('exp')) + 3600)),
      withParam(aliceUrl, 'sid', String(bob.sessionId)),
      withParam(aliceUrl, 'id', String(aliceUpload + 1)),
    ]) {
      const res = await fetchImage(t.app, url)
      expect(res.status, url).toBe(403)
      expect(res.headers['content-type']).toContain('application/json')
    }
  })

  it('refuses an expired URL', async () => {
    const old = await signImageUrl(database.db, aliceUpload, alice.sessionId, Date.now() - 3600_000)
    expect((await fetchImage(t.app, old)).status).toBe(403)
  })

  it("never serves one user's image through another user's session, even with a correct signature", async () => {
    // Bob swaps his own upload's id for Alice's: the signature no longer matches.
    const mine = await upload(t.app, bob.token, await jpeg())
    expect((await fetchImage(t.app, withParam(mine.body.data.fullurl, 'id', String(aliceUpload)))).status).toBe(403)
    // Even a URL correctly signed for Bob's session over Alice's upload (never issued by any route) is refused.
    const forged = await signImageUrl(database.db, aliceUpload, bob.sessionId)
    expect((await fetchImage(t.app, forged)).status).toBe(403)
  })

  it("serves a user's image to an operator's session", async () => {
    const op = await makeUser(database.db, 'operator')
    expect((await fetchImage(t.app, await signImageUrl(database.db, aliceUpload, op.sessionId))).status).toBe(200)
  })

  it('stops serving the URLs of a session once it is logged out', async () => {
    const carol = await makeUser(database.db)
    const res = await upload(t.app, carol.token, await jpeg())
    expect((await fetchImage(t.app, res.body.data.fullurl)).status).toBe(200)
    await revokeSession(database.db, carol.sessionId)
    expect((await fetchImage(t.app, res.body.data.fullurl)).status).toBe(403)
  })

  it('answers malformed parameters without a server error', async () => {
    for (const url of [
      '/api/common/image',
      '/api/common/image?id=x&sid=1&exp=1&sig=abc',
      `/api/common/image?id=1&sid=1&exp=1&sig=${'a'.repeat(43)}`,
    ]) {
      const res = await fetchImage(t.app, url)
      expect([200, 403]).toContain(res.status)
      expect(res.headers['content-type']).toContain('application/json')
    }
  })
})

describe('the signing key', () => {
  it('is generated once, 256 bits, and not readable through common/config or `config get`', async () => {
    const [row] = await database.db.select().from(settings).where(eq(settings.key, IMAGE_KEY_SETTING))
    expect(row?.value).toMatch(/^[0-9a-f]{64}$/)
    const config = await t.app.inject({ method: 'GET', url: '/api/common/config' })
    expect(config.body).not.toContain(row!.value)
    const out: string[] = []
    const io = { out: (l: string) => void out.push(l), err: (l: string) => void out.push(l) }
    await runAdmin(database.db, ['config', 'get'], io)
    await runAdmin(database.db, ['config', 'get', IMAGE_KEY_SETTING], io)
    expect(out.join('\n')).not.toContain(row!.value)
  })
})
