/**
 * Operator calls on accounts (`admin/user_list`, `admin/user_status`, `admin/operator_create`), on PGlite and
 * PostgreSQL: what an operator console shows and changes, what the affected user notices (a disabled account's
 * token dies at once and its login is refused), refusals translated and naming their field, and the audit line.
 */
import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import type { AdminUser } from '../../common/api/operator-accounts'
import { serverMessage } from '../../server/content/server-messages'
import { auditLog } from '../../server/db/schema'
import { GOOD_PASSWORD, adminCli, describeAuth, type AuthFixture } from '../helpers/auth-app'

type Refusal = { field?: string }

async function operatorToken(fx: AuthFixture, email: string): Promise<{ id: number; token: string }> {
  expect((await adminCli(fx, 'operator', 'create', '--email', email, '--password', GOOD_PASSWORD)).code).toBe(0)
  const login = await fx.post<{ token: string; user: { id: number } }>('user/login', {
    type: 'email',
    email,
    password: GOOD_PASSWORD,
  })
  expect(login.body.code).toBe(1)
  return { id: login.body.data.user.id, token: login.body.data.token }
}

describeAuth('operator calls on accounts', (fx) => {
  let op: { id: number; token: string }
  beforeAll(async () => {
    op = await operatorToken(fx, 'console-op@example.com')
  })

  it('admin/user_list: newest first, searchable, and never a password hash', async () => {
    const kim = await fx.register('kim.lookup@example.com')
    await fx.register('lee.other@example.com')
    const all = await fx.get<AdminUser[]>('admin/user_list?limit=2', { token: op.token })
    expect(all.body.data.map((u) => u.email)).toEqual(['lee.other@example.com', 'kim.lookup@example.com'])
    const found = await fx.get<AdminUser[]>('admin/user_list?q=KIM.LOOK', { token: op.token })
    expect(found.body.data).toEqual([
      expect.objectContaining({
        id: kim.user.id,
        account: 'kim.lookup@example.com',
        role: 'user',
        status: 'active',
        invite_code: kim.user.invite_code,
        phone: null,
        wallet_address: null,
        inviter_id: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) as unknown,
      }),
    ])
    expect(JSON.stringify(found.body)).not.toMatch(/argon2|password/i)
    // LIKE wildcards in `q` are literal.
    expect((await fx.get<AdminUser[]>('admin/user_list?q=%25', { token: op.token })).body.data).toEqual([])
    const tooMany = await fx.get('admin/user_list?limit=501', { token: op.token })
    expect(tooMany.body).toMatchObject({ code: 422, data: { field: 'limit' } })
    expect((await fx.get('admin/user_list', { token: kim.token })).status).toBe(403)
  })

  it('admin/user_status: disabling ends the sessions at once and refuses login; enabling lets the user back in', async () => {
    const mia = await fx.register('mia.disable@example.com')
    const off = await fx.post<{ sessions_ended: number }>(
      'admin/user_status',
      { id: mia.user.id, status: 'disabled' },
      { token: op.token },
    )
    expect(off.body).toMatchObject({ code: 1, data: { id: mia.user.id, status: 'disabled', sessions_ended: 1 } })
    expect((await fx.get('user/info', { token: mia.token })).status).toBe(401)
    const refused = await fx.post('user/login', {
      type: 'email',
      email: 'mia.disable@example.com',
      password: GOOD_PASSWORD,
    })
    expect(refused.body.msg).toBe(serverMessage('en', 'accountDisabled'))
    const [line] = await fx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, mia.user.id), eq(auditLog.action, 'user_disable')))
    expect(line?.detail).toBe(`by operator #${op.id}`)

    const on = await fx.post('admin/user_status', { id: mia.user.id, status: 'active' }, { token: op.token })
    expect(on.body).toMatchObject({ code: 1, data: { status: 'active', sessions_ended: 0 } })
    const back = await fx.post('user/login', {
      type: 'email',
      email: 'mia.disable@example.com',
      password: GOOD_PASSWORD,
    })
    expect(back.body.code).toBe(1)
  })

  it("admin/user_status refuses an unknown user and the operator's own account, in the caller's language", async () => {
    const ghost = await fx.post<Refusal>(
      'admin/user_status',
      { id: 987654, status: 'disabled' },
      { token: op.token, lang: 'ja' },
    )
    expect(ghost.body).toMatchObject({ code: 404, msg: serverMessage('ja', 'userNotFound'), data: { field: 'id' } })
    const self = await fx.post<Refusal>(
      'admin/user_status',
      { id: op.id, status: 'disabled' },
      { token: op.token, lang: 'ko' },
    )
    expect(self.body).toMatchObject({ code: 400, msg: serverMessage('ko', 'cannotDisableSelf'), data: { field: 'id' } })
    expect((await fx.get('user/info', { token: op.token })).body.code).toBe(1)
    const bad = await fx.post<Refusal>('admin/user_status', { id: 'x', status: 'sleeping' }, { token: op.token })
    expect(bad.body.code).toBe(422)
  })

  it('admin/operator_create: a new operator who can sign in and use the console; refusals name the field', async () => {
    const made = await fx.post<{ id: number }>(
      'admin/operator_create',
      { email: 'Second.Op@Example.com', password: GOOD_PASSWORD },
      { token: op.token },
    )
    expect(made.body.code).toBe(1)
    const second = await fx.post<{ token: string; user: { role: string } }>('user/login', {
      type: 'email',
      email: 'second.op@example.com',
      password: GOOD_PASSWORD,
    })
    expect(second.body.data.user.role).toBe('operator')
    expect((await fx.get('admin/user_list', { token: second.body.data.token })).body.code).toBe(1)
    const [line] = await fx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, made.body.data.id), eq(auditLog.action, 'operator_create')))
    expect(line?.detail).toBe(`by operator #${op.id}`)

    const weak = await fx.post<Refusal>(
      'admin/operator_create',
      { email: 'third.op@example.com', password: 'password' },
      { token: op.token, lang: 'es' },
    )
    expect(weak.body).toMatchObject({
      code: 400,
      msg: serverMessage('es', 'passwordTooCommon'),
      data: { field: 'password' },
    })
    const none = await fx.post<Refusal>('admin/operator_create', { email: 'third.op@example.com' }, { token: op.token })
    expect(none.body).toMatchObject({
      code: 400,
      msg: serverMessage('en', 'passwordRequired'),
      data: { field: 'password' },
    })
    const taken = await fx.post<Refusal>(
      'admin/operator_create',
      { email: 'second.op@example.com', password: GOOD_PASSWORD },
      { token: op.token },
    )
    expect(taken.body).toMatchObject({ code: 400, msg: serverMessage('en', 'emailInUse'), data: { field: 'email' } })
    const notEmail = await fx.post<Refusal>(
      'admin/operator_create',
      { email: 'nope', password: GOOD_PASSWORD },
      { token: op.token },
    )
    expect(notEmail.body).toMatchObject({ code: 422, data: { field: 'email' } })
  })

  it('admin/operator_create with promote: the existing user becomes an operator, password and session kept', async () => {
    const ned = await fx.register('ned.promote@example.com')
    expect((await fx.get('admin/user_list', { token: ned.token })).status).toBe(403)
    const res = await fx.post<{ id: number }>(
      'admin/operator_create',
      { email: 'ned.promote@example.com', promote: true },
      { token: op.token },
    )
    expect(res.body).toEqual({ code: 1, msg: expect.any(String) as unknown, data: { id: ned.user.id } })
    expect((await fx.get('admin/user_list', { token: ned.token })).body.code).toBe(1)
    const ghost = await fx.post<Refusal>(
      'admin/operator_create',
      { email: 'nobody.here@example.com', promote: true },
      { token: op.token },
    )
    expect(ghost.body).toMatchObject({ code: 404, msg: serverMessage('en', 'userNotFound'), data: { field: 'email' } })
  })
})
