/**
 * Account lockout as a denial of service (OWASP Authentication Cheat Sheet, "Account Lockout"): wrong passwords from
 * many addresses must not lock the owner out of their own address, a new address of the owner is only slowed, one
 * address hammering an account is refused with the translated message and Retry-After, the account never takes more
 * than 100 failures an hour (ASVS V2.2.1), a browser that signed in before (its device token) keeps a budget of its own,
 * and X-Forwarded-For is believed only when TRUST_PROXY says so.
 */
import { eq } from 'drizzle-orm'
import { afterEach, expect, it, vi } from 'vitest'
import { loginDevices } from '../../server/db/schema'
import { pgliteTestDb } from '../helpers/server-db'
import { testApp } from '../helpers/server-app'
import { GOOD_PASSWORD, describeAuth, type AuthFixture } from '../helpers/auth-app'

type Session = { token: string; user: { id: number } }

afterEach(() => {
  vi.useRealTimers()
})

/** Fake clock in the middle of a 15-minute window, so fixed windows do not roll over during a test. */
function clockAt(hour: number) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.UTC(2032, 2, 1, hour, 7, 30))
}

describeAuth('login lockout', (fx: AuthFixture) => {
  const login = (email: string, password: string, opts = {}) =>
    fx.post<Session>('user/login', { type: 'email', email, password }, opts)

  it('wrong passwords from 10 addresses do not lock the owner out of their own address', async () => {
    await fx.register('olga@example.com')
    clockAt(1)
    const home = '198.51.100.20'
    expect((await login('olga@example.com', GOOD_PASSWORD, { ip: home })).body.code).toBe(1)
    const statuses: number[] = []
    for (let round = 0; round < 3; round++) {
      for (let a = 0; a < 10; a++) {
        statuses.push((await login('olga@example.com', `guess ${round}-${a}`, { ip: `203.0.113.${a + 1}` })).status)
      }
    }
    // The first 10 failures went through; then the attackers' addresses are slowed, the owner's own address is not.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(statuses.slice(10)).toEqual(Array(20).fill(429))
    const own = await login('olga@example.com', GOOD_PASSWORD, { ip: home })
    expect(own.body.code).toBe(1)
    // From an address the owner never used, they are slowed (seconds), not locked out.
    const fresh = await login('olga@example.com', GOOD_PASSWORD, { ip: '192.0.2.77' })
    expect(fresh.status).toBe(429)
    const wait = Number(fresh.headers['retry-after'])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(40)
    vi.setSystemTime(Date.now() + wait * 1000)
    expect((await login('olga@example.com', GOOD_PASSWORD, { ip: '192.0.2.77' })).body.code).toBe(1)
  })

  it('a browser that signed in before keeps its own budget: guesses from elsewhere never slow it, its own 5 do', async () => {
    // Issue 24 part 7 (OWASP "device cookies"): before, the owner on a new address (a phone on a train) was refused
    // for up to 40 s once strangers had emptied the account's bucket, whatever browser they used.
    await fx.register('nora@example.com')
    clockAt(5)
    type Answer = Session & { device_token: string }
    const first = await fx.post<Answer>(
      'user/login',
      { type: 'email', email: 'nora@example.com', password: GOOD_PASSWORD },
      { ip: '198.51.100.50' },
    )
    const device = first.body.data.device_token
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const withToken = (password: string, ip: string, token = device) =>
      fx.post<Answer>('user/login', { type: 'email', email: 'nora@example.com', password, device_token: token }, { ip })
    for (let a = 0; a < 12; a++) await login('nora@example.com', `guess ${a}`, { ip: `203.0.113.${a + 1}` })
    // Without the token, from a new address: slowed.
    expect((await login('nora@example.com', GOOD_PASSWORD, { ip: '192.0.2.10' })).status).toBe(429)
    // With it, from another new address: at once, and the same token back.
    const back = await withToken(GOOD_PASSWORD, '192.0.2.11')
    expect(back.body.code).toBe(1)
    expect(back.body.data.device_token).toBe(device)
    // A token of another account, or a made-up one, counts for nothing.
    await fx.register('omar@example.com')
    const omar = await fx.post<Answer>(
      'user/login',
      { type: 'email', email: 'omar@example.com', password: GOOD_PASSWORD },
      { ip: '198.51.100.51' },
    )
    expect((await withToken(GOOD_PASSWORD, '192.0.2.12', omar.body.data.device_token)).status).toBe(429)
    expect((await withToken(GOOD_PASSWORD, '192.0.2.13', 'A'.repeat(43))).status).toBe(429)
    // Its own budget: 5 wrong passwords through it (each from a new address), then the token counts for nothing.
    for (let i = 0; i < 5; i++) {
      expect((await withToken(`guess t${i}`, `192.0.2.${20 + i}`)).body.msg).toBe('Incorrect account or password')
    }
    expect((await withToken(GOOD_PASSWORD, '192.0.2.30')).status).toBe(429)
    // A malformed token is refused naming the field, and nothing is counted for it.
    const bad = await withToken(GOOD_PASSWORD, '192.0.2.31', 'short')
    expect(bad.body).toMatchObject({ code: 422, data: { field: 'device_token' } })
  })

  it('an account keeps 10 device tokens at most, and a password change forgets them all', async () => {
    // A reviewing helper's finding: one who knew the password could mint a budget per sign-in and keep them all
    // after the owner changed it.
    const reg = await fx.register('pia@example.com')
    clockAt(6)
    type Answer = Session & { device_token: string }
    const signIn = (password: string, ip: string, device_token?: string) =>
      fx.post<Answer>(
        'user/login',
        { type: 'email', email: 'pia@example.com', password, ...(device_token ? { device_token } : {}) },
        { ip },
      )
    const tokens: string[] = []
    for (let i = 0; i < 12; i++)
      tokens.push((await signIn(GOOD_PASSWORD, `198.51.100.${60 + i}`)).body.data.device_token)
    const kept = await fx.db
      .select({ id: loginDevices.id })
      .from(loginDevices)
      .where(eq(loginDevices.userId, reg.user.id))
    expect(kept).toHaveLength(10)
    for (let a = 0; a < 12; a++) await signIn(`guess ${a}`, `203.0.113.${100 + a}`)
    // The oldest token was dropped: it counts for nothing; the newest still does.
    expect((await signIn(GOOD_PASSWORD, '192.0.2.40', tokens[0])).status).toBe(429)
    const newest = await signIn(GOOD_PASSWORD, '192.0.2.41', tokens[11])
    expect(newest.body.code).toBe(1)
    const changed = await fx.post(
      'user/change_password',
      { old_password: GOOD_PASSWORD, password: 'a brand new passphrase', re_password: 'a brand new passphrase' },
      { token: newest.body.data.token, ip: '192.0.2.41' },
    )
    expect(changed.body).toMatchObject({ code: 1 })
    expect(await fx.db.select().from(loginDevices).where(eq(loginDevices.userId, reg.user.id))).toHaveLength(0)
    expect((await signIn('a brand new passphrase', '192.0.2.42', tokens[11])).status, 'the token is gone').toBe(429)
  })

  it("one address hammering an account is refused after 5 failures, in the caller's language with Retry-After", async () => {
    await fx.register('hana@example.com')
    clockAt(2)
    const ip = '198.51.100.30'
    for (let i = 0; i < 5; i++) {
      expect((await login('hana@example.com', `guess ${i}`, { ip })).body.msg).toBe('Incorrect account or password')
    }
    const blocked = await login('hana@example.com', GOOD_PASSWORD, { ip, lang: 'zh-CN' })
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({ code: 429, msg: '尝试次数过多，请8分钟后再试', data: null })
    expect(blocked.headers['retry-after']).toBe('450') // 7 min 30 s left in the 15-minute window
    // Only this address: the owner elsewhere signs in at once.
    expect((await login('hana@example.com', GOOD_PASSWORD, { ip: '198.51.100.31' })).body.code).toBe(1)
  })

  it('X-Forwarded-For does not change the counted address unless TRUST_PROXY is set', async () => {
    await fx.register('ivy@example.com')
    clockAt(3)
    const ip = '198.51.100.40'
    for (let i = 0; i < 5; i++) {
      await login('ivy@example.com', `guess ${i}`, { ip, headers: { 'x-forwarded-for': `192.0.2.${i + 1}` } })
    }
    const sixth = await login('ivy@example.com', `guess 6`, { ip, headers: { 'x-forwarded-for': '192.0.2.200' } })
    expect(sixth.status).toBe(429)
  })

  it('an account takes at most 100 failures in any hour, however many addresses guess', async () => {
    await fx.register('max@example.com')
    clockAt(4)
    let failures = 0
    // One guess every 30 s for an hour, each from a new address: 120 attempts.
    for (let i = 0; i < 120; i++) {
      const res = await login('max@example.com', `guess ${i}`, { ip: `100.64.0.${i + 1}` })
      if (res.status === 200) failures++
      vi.setSystemTime(Date.now() + 30_000)
    }
    expect(failures).toBeGreaterThanOrEqual(90)
    expect(failures).toBeLessThanOrEqual(100)
  }, 180_000)
})

it("with TRUST_PROXY the proxy's X-Forwarded-For is the client address the limits count", async () => {
  const database = await pgliteTestDb()
  const t = await testApp({ db: database.db, trustProxy: ['127.0.0.1'] })
  try {
    const attempt = (forwardedFor: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { type: 'email', email: 'nobody@example.com', password: 'some guess' },
      })
    // Six clients behind the proxy, one failure each: none is the "one address hammering".
    for (let i = 1; i <= 6; i++) expect((await attempt(`192.0.2.${i}`)).statusCode).toBe(200)
    // One client behind the proxy hammering is still refused.
    for (let i = 0; i < 4; i++) await attempt('192.0.2.1')
    expect((await attempt('192.0.2.1')).statusCode).toBe(429)
  } finally {
    await t.app.close()
    await database.close()
  }
})
