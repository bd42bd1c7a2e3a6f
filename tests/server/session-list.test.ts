/**
 * The session list (issue 24 part 7, ASVS 7.5.2), on PGlite and PostgreSQL: a user signed in on two phones sees both
 * with their device, address and last use, most recently used first, the calling one marked `current`; ending the
 * other one makes its token answer 401 at once and the list shrinks; ending it again, an unknown id or another
 * user's session is refused under `id` with one and the same answer (nothing tells that another user's session
 * exists) and leaves that session working; ending the current one signs this phone out; expired sessions are neither
 * listed nor ended. Every ending is audited.
 */
import { and, eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { auditLog, sessions } from '../../server/db/schema'
import { GOOD_PASSWORD, describeAuth, type AuthFixture } from '../helpers/auth-app'

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

interface Item {
  id: number
  device: string
  ip: string
  created_at: string
  last_used_at: string
  current: boolean
}
const UTC = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/

/** Signs `email` in from a phone with `userAgent` at `ip`; the session token. */
async function signIn(fx: AuthFixture, email: string, userAgent: string, ip: string): Promise<string> {
  const res = await fx.post<{ token: string }>(
    'user/login',
    { type: 'email', email, password: GOOD_PASSWORD },
    { ip, headers: { 'user-agent': userAgent } },
  )
  expect(res.body.code, res.body.msg).toBe(1)
  return res.body.data.token
}

const list = async (fx: AuthFixture, token: string, lang = 'en') => {
  const res = await fx.get<{ list: Item[] }>('user/sessions', { token, lang })
  expect(res.body.code, res.body.msg).toBe(1)
  return res.body.data.list
}
const revoke = (fx: AuthFixture, token: string, id: number) =>
  fx.post<{ field: string } | null>('user/session_revoke', { id }, { token })
const infoStatus = async (fx: AuthFixture, token: string) => (await fx.get('user/info', { token })).status

/** Sets when session `id` was last used, `minutes` ago (as if its phone had been idle since). */
async function lastUsed(fx: AuthFixture, id: number, minutes: number) {
  await fx.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.id, id))
}

async function auditOf(fx: AuthFixture, userId: number) {
  const rows = await fx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, 'session_revoke')))
  return rows.map((r) => `${r.result} ${r.detail}`)
}

describeAuth('session list', (fx) => {
  it('lists both phones, most recently used first, the calling one current; ending the other signs it out', async () => {
    const email = 'two-phones@example.com'
    const { user } = await fx.register(email)
    const android = await signIn(fx, email, ANDROID_CHROME, '203.0.113.7')
    const iphone = await signIn(fx, email, IPHONE_SAFARI, '198.51.100.23')
    const [registered, first] = (await list(fx, iphone)).sort((a, b) => a.id - b.id).slice(0, 2)
    await lastUsed(fx, registered!.id, 90) // the sign-up session, idle for an hour and a half
    await lastUsed(fx, first!.id, 5)

    const seen = await list(fx, iphone)
    expect(seen.map((s) => [s.device, s.ip, s.current])).toEqual([
      ['Safari on iPhone', '198.51.100.23', true],
      ['Chrome on Android', '203.0.113.7', false],
      [expect.any(String), expect.any(String), false],
    ])
    for (const s of seen) {
      expect(s.created_at).toMatch(UTC)
      expect(s.last_used_at).toMatch(UTC)
    }
    expect(seen[1]!.last_used_at < seen[0]!.last_used_at, 'the Android phone was used 5 minutes ago').toBe(true)
    // Device names follow the caller's language.
    expect((await list(fx, iphone, 'zh-CN'))[1]!.device).toBe('Android 上的 Chrome')
    // The Android phone sees the same sessions, itself as the current one.
    expect((await list(fx, android)).filter((s) => s.current).map((s) => s.id)).toEqual([first!.id])

    const ended = await revoke(fx, iphone, first!.id)
    expect(ended.body).toMatchObject({ code: 1, data: null })
    expect(await infoStatus(fx, android), 'the signed-out phone is refused at once').toBe(401)
    expect((await list(fx, iphone)).map((s) => s.id)).toEqual([seen[0]!.id, registered!.id])
    expect(await infoStatus(fx, iphone), 'the phone that ended it goes on').toBe(200)

    const again = await revoke(fx, iphone, first!.id)
    expect(again.body.code).not.toBe(1)
    expect(again.body.data).toMatchObject({ field: 'id' })
    expect(again.body.msg).toBe('Session not found or already signed out')
    expect(await auditOf(fx, user.id)).toEqual([`ok session=${first!.id}`, `fail session=${first!.id}`])
  })

  it('refuses another user’s session exactly like an unknown one, and that session keeps working', async () => {
    const mallory = await fx.register('mallory-sessions@example.com')
    const victim = await fx.register('victim-sessions@example.com')
    const [victimSession] = await list(fx, victim.token)
    const theirs = await revoke(fx, mallory.token, victimSession!.id)
    const unknown = await revoke(fx, mallory.token, 2_000_000_000)
    expect(theirs.status).toBe(200)
    expect(theirs.body.code).not.toBe(1)
    expect(theirs.body.data).toMatchObject({ field: 'id' })
    expect(theirs.body, 'same answer as an id no one has').toEqual(unknown.body)
    expect(await infoStatus(fx, victim.token)).toBe(200)
    expect((await list(fx, victim.token)).map((s) => s.id)).toEqual([victimSession!.id])
    // Nor does the list show another user's sessions.
    expect((await list(fx, mallory.token)).map((s) => s.id)).not.toContain(victimSession!.id)
    expect(await auditOf(fx, mallory.user.id)).toEqual([`fail session=${victimSession!.id}`, 'fail session=2000000000'])
  })

  it('ending the current session signs this phone out', async () => {
    const me = await fx.register('self-end@example.com')
    const [mine] = await list(fx, me.token)
    expect(mine!.current).toBe(true)
    expect((await revoke(fx, me.token, mine!.id)).body.code).toBe(1)
    expect(await infoStatus(fx, me.token)).toBe(401)
    expect((await fx.get('user/sessions', { token: me.token })).status).toBe(401)
  })

  it('neither lists nor ends a session that expired by idling', async () => {
    const email = 'idle-phone@example.com'
    const me = await fx.register(email)
    const old = await signIn(fx, email, ANDROID_CHROME, '203.0.113.9')
    const oldId = (await list(fx, old)).find((s) => s.current)!.id
    await lastUsed(fx, oldId, 8 * 24 * 60) // 8 days: past the 7-day idle limit
    expect((await list(fx, me.token)).map((s) => s.id)).not.toContain(oldId)
    const res = await revoke(fx, me.token, oldId)
    expect(res.body.data).toMatchObject({ field: 'id' })
  })

  it('refuses a malformed id under `id`', async () => {
    const me = await fx.register('bad-id@example.com')
    for (const id of ['1', 0, -3, 1.5]) {
      const res = await fx.post<{ field: string }>('user/session_revoke', { id }, { token: me.token })
      expect([id, res.body.code !== 1, res.body.data?.field]).toEqual([id, true, 'id'])
    }
  })
})
