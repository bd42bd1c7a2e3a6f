/**
 * Login, sessions and password changes: the same answer for unknown accounts and wrong passwords, disabled users,
 * login rate limits (per account and per client address), tokens (entropy, only a hash stored, revocation at
 * logout and on password change, idle and absolute expiry) and the audit trail without secrets.
 */
import { eq } from 'drizzle-orm'
import { afterEach, expect, it, vi } from 'vitest'
import { runAdmin } from '../../server/cli/admin-commands'
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  createSession,
  hashToken,
  resolveSession,
} from '../../server/auth/sessions'
import { auditLog, rateCounters, sessions, users } from '../../server/db/schema'
import { GOOD_PASSWORD, describeAuth } from '../helpers/auth-app'

type Session = { token: string; user: { id: number } }

/** Calls placed in the middle of a 15-minute window (and of its minutes), so fixed windows do not roll over. */
function midWindow(offsetMinutes: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(Date.UTC(2031, 0, 1, 10, 7, 30) + offsetMinutes * 3600_000))
}

afterEach(() => {
  vi.useRealTimers()
})

describeAuth('login and sessions', (fx) => {
  const login = (email: string, password: string, opts = {}) =>
    fx.post<Session>('user/login', { type: 'email', email, password }, opts)

  it('signs in with the right password; a wrong password and an unknown account get the same message', async () => {
    const reg = await fx.register('ivan@example.com')
    const ok = await login('IVAN@example.com', GOOD_PASSWORD)
    expect(ok.body.code).toBe(1)
    expect(ok.body.data.user.id).toBe(reg.user.id)
    expect(ok.body.data.token).not.toBe(reg.token)
    const wrong = await login('ivan@example.com', 'not the password')
    const unknown = await login('nobody@example.com', 'not the password')
    expect(wrong.body).toEqual({
      code: 400,
      msg: 'Incorrect account or password',
      data: { field: 'password', issues: [] },
    })
    expect(unknown.body).toEqual(wrong.body)
    expect((await login('nobody@example.com', 'x', { lang: 'zh-TW' })).body.msg).toBe('帳號或密碼錯誤')
    const audit = await fx.db.select().from(auditLog).where(eq(auditLog.action, 'login'))
    expect(audit.map((a) => a.result)).toEqual(expect.arrayContaining(['ok', 'fail']))
    const all = JSON.stringify(await fx.db.select().from(auditLog))
    expect(all).not.toContain(GOOD_PASSWORD)
    expect(all).not.toContain('not the password')
    expect(all).not.toContain(ok.body.data.token)
  })

  it('tokens carry 256 random bits (base64url) and only their SHA-256 is stored', async () => {
    const { token, user } = await fx.register('judy@example.com')
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const rows = await fx.db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).toBe(hashToken(token))
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('logout revokes only this session and asks the browser to drop its cache', async () => {
    const { token } = await fx.register('ken@example.com')
    const other = (await login('ken@example.com', GOOD_PASSWORD)).body.data.token
    const out = await fx.post('user/logout', {}, { token })
    expect(out.body.code).toBe(1)
    expect(out.headers['clear-site-data']).toBe('"cache"')
    const after = await fx.get('user/info', { token })
    expect(after.status).toBe(401)
    expect(after.body.code).toBe(401)
    expect((await fx.post('user/logout', {}, { token })).status).toBe(401)
    expect((await fx.get('user/info', { token: other })).body.code).toBe(1)
  })

  it('change_password ends every session of the user; the new password works, the old one not', async () => {
    const { token, user } = await fx.register('leo@example.com')
    const second = (await login('leo@example.com', GOOD_PASSWORD)).body.data.token
    const stranger = (await fx.register('mia@example.com')).token
    const change = (body: object) => fx.post('user/change_password', body, { token })
    const next = 'a much better passphrase'
    expect((await change({ old_password: 'wrong old one', password: next, re_password: next })).body.msg).toBe(
      'The old password is incorrect',
    )
    expect((await change({ old_password: GOOD_PASSWORD, password: next, re_password: next + 'x' })).body.msg).toBe(
      'Two passwords are inconsistent',
    )
    expect(
      (await change({ old_password: GOOD_PASSWORD, password: 'iloveyou', re_password: 'iloveyou' })).body.msg,
    ).toMatch(/too common/)
    expect(
      (await change({ old_password: GOOD_PASSWORD, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })).body.msg,
    ).toBe('The new password must be different from the old one')
    const ok = await change({ old_password: GOOD_PASSWORD, password: next, re_password: next })
    expect(ok.body.code).toBe(1)
    for (const t of [token, second]) expect((await fx.get('user/info', { token: t })).status).toBe(401)
    expect((await fx.get('user/info', { token: stranger })).body.code).toBe(1)
    expect((await login('leo@example.com', GOOD_PASSWORD)).body.msg).toBe('Incorrect account or password')
    expect((await login('leo@example.com', next)).body.code).toBe(1)
    const [u] = await fx.db.select().from(users).where(eq(users.id, user.id))
    expect(u!.passwordChangedAt).not.toBeNull()
    expect(u!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })

  it('a disabled user cannot sign in and their sessions end', async () => {
    const { token, user } = await fx.register('nina@example.com')
    const out: string[] = []
    const io = { out: (l: string) => void out.push(l), err: (l: string) => void out.push(l) }
    expect(await runAdmin(fx.db, ['users', 'disable', String(user.id)], io)).toBe(0)
    expect((await fx.get('user/info', { token })).status).toBe(401)
    expect((await login('nina@example.com', GOOD_PASSWORD)).body.msg).toBe(
      'This account has been disabled. Please contact customer service',
    )
    expect((await login('nina@example.com', 'wrong password!')).body.msg).toBe('Incorrect account or password')
    expect(await runAdmin(fx.db, ['users', 'enable', String(user.id)], io)).toBe(0)
    expect((await login('nina@example.com', GOOD_PASSWORD)).body.code).toBe(1)
  })

  it('sessions end after the idle timeout and at the absolute expiry', async () => {
    const { user } = await fx.register('olga@example.com')
    const t0 = Date.now()
    const token = await createSession(fx.db, user.id, { ip: '', userAgent: '' }, t0)
    expect(await resolveSession(fx.db, token, t0 + 1000)).toMatchObject({ userId: user.id })
    expect(await resolveSession(fx.db, token, t0 + SESSION_IDLE_MS + 1)).toBeNull()
    // Used every few days, it still ends at the absolute expiry.
    let at = t0
    while (at + 5 * 24 * 3600_000 < t0 + SESSION_ABSOLUTE_MS) {
      at += 5 * 24 * 3600_000
      expect(await resolveSession(fx.db, token, at)).not.toBeNull()
    }
    expect(await resolveSession(fx.db, token, t0 + SESSION_ABSOLUTE_MS)).toBeNull()
  })

  it('after 10 failures from new addresses an account is slowed: 429 with Retry-After 40 s, even with the right password', async () => {
    await fx.register('pat@example.com')
    midWindow(1)
    for (let i = 0; i < 10; i++) {
      expect((await login('pat@example.com', `guess number ${i}`)).body.msg).toBe('Incorrect account or password')
    }
    const limited = await login('pat@example.com', GOOD_PASSWORD, { lang: 'es' })
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe(429)
    expect(limited.headers['retry-after']).toBe('40')
    expect(limited.body.msg).toBe('Demasiados intentos. Vuelve a intentarlo dentro de 40 segundos')
    const audit = await fx.db.select().from(auditLog).where(eq(auditLog.action, 'rate_limited'))
    expect(audit.some((a) => a.detail.includes('pat@example.com'))).toBe(true)
    // Another account from the same addresses is not affected; 40 s later the owner gets in.
    expect((await login('ivan@example.com', GOOD_PASSWORD)).body.code).toBe(1)
    vi.setSystemTime(Date.now() + 40_000)
    expect((await login('pat@example.com', GOOD_PASSWORD)).body.code).toBe(1)
  })

  it('right passwords do not count: ten good logins leave the failure budget untouched', async () => {
    await fx.register('quinn@example.com')
    midWindow(2)
    for (let i = 0; i < 12; i++) expect((await login('quinn@example.com', GOOD_PASSWORD)).body.code).toBe(1)
    for (let i = 0; i < 10; i++) expect((await login('quinn@example.com', 'wrong wrong')).status).toBe(200)
    expect((await login('quinn@example.com', 'wrong wrong')).status).toBe(429)
  })

  it('50 failures from one client address in 15 minutes block that address for every account', async () => {
    midWindow(3)
    const ip = '203.0.113.7'
    for (let i = 0; i < 50; i++) {
      expect((await login(`someone${i}@example.com`, 'bad password', { ip })).status).toBe(200)
    }
    const blocked = await login('ivan@example.com', GOOD_PASSWORD, { ip })
    expect(blocked.status).toBe(429)
    expect((await login('ivan@example.com', GOOD_PASSWORD, { ip: '203.0.113.8' })).body.code).toBe(1)
  })

  it('parallel guesses cannot overshoot the limit (one upsert per window)', async () => {
    await fx.register('rita@example.com')
    midWindow(4)
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) => login('rita@example.com', `parallel guess ${i}`)),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(10)
    expect(results.filter((r) => r.status === 429)).toHaveLength(6)
    const rows = await fx.db.select().from(rateCounters).where(eq(rateCounters.key, 'login:acct-gcra:rita@example.com'))
    expect(rows).toHaveLength(1)
  })

  it('wrong old passwords are limited to 5 per 15 minutes per user', async () => {
    midWindow(5)
    const { token } = await fx.register('sam@example.com')
    const body = (old: string) => ({
      old_password: old,
      password: 'a fresh passphrase',
      re_password: 'a fresh passphrase',
    })
    for (let i = 0; i < 5; i++) {
      expect((await fx.post('user/change_password', body(`wrong ${i}`), { token })).body.msg).toBe(
        'The old password is incorrect',
      )
    }
    const limited = await fx.post('user/change_password', body(GOOD_PASSWORD), { token })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
  })
})
