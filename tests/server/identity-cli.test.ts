/** Operator CLI of identity: list, show (with the photo files on disk), approve, reject with a reason. */
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IdentityInfo } from '../../common/api/identity'
import { runAdmin } from '../../server/cli/admin-commands'
import type { Database } from '../../server/db/client'
import { pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { call, jpeg, makeUser, upload, type TestUser } from './identity-fixtures'

let database: Database
let t: TestApp
let user: TestUser
let dataDir: string
const savedDataDir = process.env.DATA_DIR

beforeAll(async () => {
  database = await pgliteTestDb()
  dataDir = mkdtempSync(join(tmpdir(), 'tc-idcli-'))
  process.env.DATA_DIR = dataDir
  t = await testApp({ db: database.db, dataDir })
  user = await makeUser(database.db)
})
afterAll(async () => {
  if (savedDataDir === undefined) delete process.env.DATA_DIR
  else process.env.DATA_DIR = savedDataDir
  await t.app.close()
  await database.close()
})

async function admin(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(database.db, argv, { out: (l) => void out.push(l), err: (l) => void err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}
const state = async () => (await call<IdentityInfo>(t.app, user.token, 'GET', 'user/identity')).body.data

describe('npm run admin -- identity …', () => {
  it('lists, approves basic and shows it', async () => {
    expect((await admin('identity', 'list')).out).toBe('(no submissions)')
    await call(t.app, user.token, 'POST', 'user/identity_basic', {
      name: 'Zhang Wei',
      id_number: 'G12345678',
      city: 'Beijing',
      email: 'z@w.cn',
    })
    const list = await admin('identity', 'list', '--status', 'review')
    expect(list.code).toBe(0)
    const id = Number(/^#(\d+)\s+basic\s+review/.exec(list.out)?.[1])
    expect(list.out).toContain(user.email)
    expect(list.out).toContain('Zhang Wei')
    const show = await admin('identity', 'show', String(id))
    expect(show.out).toMatch(/id number\s+G12345678/)
    expect(await admin('identity', 'approve', String(id))).toMatchObject({
      code: 0,
      out: `submission #${id} is now verified`,
    })
    expect((await admin('identity', 'approve', String(id))).err).toContain('already been reviewed')
    expect((await state()).basic.status).toBe('verified')
    expect((await admin('identity', 'list', '--status', 'review')).out).toBe('(no submissions)')
  })

  it('shows the photo files of an advanced submission and rejects it with a reason the user reads', async () => {
    const ids: number[] = []
    for (const color of ['#111111', '#222222', '#333333'])
      ids.push((await upload(t.app, user.token, await jpeg({ color }))).body.data.id)
    await call(t.app, user.token, 'POST', 'user/identity_advanced', {
      doc_type: 'id_card',
      front_upload_id: ids[0],
      back_upload_id: ids[1],
      selfie_upload_id: ids[2],
    })
    const id = Number(/^#(\d+)\s+advanced\s+review/m.exec((await admin('identity', 'list')).out)?.[1])
    const show = await admin('identity', 'show', String(id))
    const paths = [...show.out.matchAll(/^(front|back|selfie)\s+(\S+)/gm)].map((m) => m[2]!)
    expect(paths).toHaveLength(3)
    for (const p of paths) {
      expect(p.startsWith(join(dataDir, 'uploads'))).toBe(true)
      expect(existsSync(p)).toBe(true)
    }
    expect((await admin('identity', 'reject', String(id))).code).toBe(2)
    const rejected = await admin('identity', 'reject', String(id), '--reason', 'Back photo is cut off')
    expect(rejected).toMatchObject({ code: 0, out: `submission #${id} is now rejected` })
    expect((await state()).advanced).toMatchObject({ status: 'rejected', reject_reason: 'Back photo is cut off' })
  })

  it('rejects bad command lines with usage (exit 2) and unknown ids with exit 1', async () => {
    expect((await admin('identity', 'list', '--status', 'maybe')).code).toBe(2)
    expect((await admin('identity', 'show')).code).toBe(2)
    expect((await admin('identity', 'approve', 'abc')).code).toBe(2)
    const missing = await admin('identity', 'show', '99999')
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('not found')
  })
})
