/**
 * The operator's identity decision is one service for both edges: a decision taken at the terminal
 * (`npm run admin -- identity …`) and one sent to `admin/identity_review` land on the same row and refuse each other
 * the same way — "already reviewed", as an English line for the CLI and as envelope code 400 for the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CODE_NOT_FOUND, CODE_REJECTED } from '../../common/constants'
import { runAdmin } from '../../server/cli/admin-commands'
import type { Database } from '../../server/db/client'
import { pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { call, makeUser, type TestUser } from './identity-fixtures'

let database: Database
let t: TestApp
let operator: TestUser

beforeAll(async () => {
  database = await pgliteTestDb()
  t = await testApp({ db: database.db })
  operator = await makeUser(database.db, 'operator')
})
afterAll(async () => {
  await t.app.close()
  await database.close()
})

async function admin(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(database.db, argv, { out: (l) => void out.push(l), err: (l) => void err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

/** A new user's basic submission in review; its id. */
async function submission(): Promise<number> {
  const user = await makeUser(database.db)
  const basic = { name: 'Li Na', id_number: 'E12345678', city: 'Wuhan', email: 'li@na.cn' }
  expect((await call(t.app, user.token, 'POST', 'user/identity_basic', basic)).body.code).toBe(1)
  const list = await admin('identity', 'list', '--status', 'review')
  return Number(new RegExp(`^#(\\d+)\\s+basic\\s+review.*user ${user.id} `, 'm').exec(list.out)?.[1])
}

const review = (body: object) => call(t.app, operator.token, 'POST', 'admin/identity_review', body)

describe('identity review: one service behind the CLI and the API', () => {
  it('a decision at the terminal makes the API answer "already reviewed", and the other way round', async () => {
    const first = await submission()
    expect(await admin('identity', 'reject', String(first), '--reason', 'Photo is blurred')).toMatchObject({ code: 0 })
    const late = await review({ id: first, decision: 'approve' })
    expect(late.status).toBe(200)
    expect(late.body).toMatchObject({ code: CODE_REJECTED, data: null })
    expect(late.body.msg).toContain('already been reviewed')

    const second = await submission()
    expect((await review({ id: second, decision: 'approve' })).body).toMatchObject({
      code: 1,
      data: { id: second, status: 'verified' },
    })
    const cli = await admin('identity', 'reject', String(second), '--reason', 'Too late')
    expect(cli.code).toBe(1)
    expect(cli.err).toBe(`error: submission #${second}: ${late.body.msg}`)
  })

  it('an unknown submission is "not found" at both edges, with the same message', async () => {
    const api = await review({ id: 999_999, decision: 'approve' })
    expect(api.body).toMatchObject({ code: CODE_NOT_FOUND, data: null })
    expect((await admin('identity', 'approve', '999999')).err).toBe(`error: submission #999999: ${api.body.msg}`)
  })
})
