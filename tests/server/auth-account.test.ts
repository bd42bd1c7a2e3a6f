/**
 * The signed-in user's account: user info with identity states, the trading password, referral counts over three
 * levels, the operator's outbox (API and CLI), operator commands, the OpenAPI listing and the message tables.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../common/constants'
import { AUTH_MESSAGES } from '../../server/content/messages/auth'
import { identitySubmissions, users } from '../../server/db/schema'
import { GOOD_PASSWORD, adminCli, describeAuth } from '../helpers/auth-app'

const admin = adminCli

describeAuth(
  'account',
  (fx) => {
    it('user/info reports identity per tier: verified wins, else the latest state, else none', async () => {
      const { token, user } = await fx.register('ada@example.com')
      const info = async () => (await fx.get<{ identity: object }>('user/info', { token })).body.data.identity
      expect(await info()).toEqual({ basic: 'none', advanced: 'none' })
      const add = (level: 'basic' | 'advanced', status: 'review' | 'verified' | 'rejected', at: string) =>
        fx.db.insert(identitySubmissions).values({ userId: user.id, level, status, createdAt: new Date(at) })
      await add('basic', 'rejected', '2030-01-01T00:00:00Z')
      await add('advanced', 'review', '2030-01-01T00:00:00Z')
      expect(await info()).toEqual({ basic: 'rejected', advanced: 'review' })
      await add('basic', 'verified', '2030-01-02T00:00:00Z')
      await add('basic', 'rejected', '2030-01-03T00:00:00Z')
      expect(await info()).toEqual({ basic: 'verified', advanced: 'review' })
    })

    it('sets the trading password with the login password, then changes it with the current one', async () => {
      const { token, user } = await fx.register('ben@example.com')
      const set = (body: object) => fx.post('user/set_pay_password', body, { token })
      const pay = 'my trading secret'
      expect((await set({ pay_password: pay, re_pay_password: pay })).body.msg).toBe('Please enter your login password')
      expect((await set({ login_password: 'wrong', pay_password: pay, re_pay_password: pay })).body.msg).toBe(
        'The login password is incorrect',
      )
      expect((await set({ login_password: GOOD_PASSWORD, pay_password: pay, re_pay_password: 'other' })).body.msg).toBe(
        'Two passwords are inconsistent',
      )
      expect(
        (await set({ login_password: GOOD_PASSWORD, pay_password: GOOD_PASSWORD, re_pay_password: GOOD_PASSWORD })).body
          .msg,
      ).toBe('The trading password must be different from the login password')
      expect((await fx.get<{ has_pay_password: boolean }>('user/info', { token })).body.data.has_pay_password).toBe(
        false,
      )
      expect((await set({ login_password: GOOD_PASSWORD, pay_password: pay, re_pay_password: pay })).body.code).toBe(1)
      expect((await fx.get<{ has_pay_password: boolean }>('user/info', { token })).body.data.has_pay_password).toBe(
        true,
      )
      const [u] = await fx.db.select().from(users).where(eq(users.id, user.id))
      expect(u!.payPasswordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)

      const next = 'another trading secret'
      expect((await set({ login_password: GOOD_PASSWORD, pay_password: next, re_pay_password: next })).body.msg).toBe(
        'Please enter your current trading password',
      )
      expect((await set({ old_pay_password: 'nope', pay_password: next, re_pay_password: next })).body.msg).toBe(
        'The current trading password is incorrect',
      )
      expect((await set({ old_pay_password: pay, pay_password: next, re_pay_password: next })).body.code).toBe(1)
      // Changing the trading password does not end sessions.
      expect((await fx.get('user/info', { token })).body.code).toBe(1)
    })

    it('share: code, link on the configured origin (not the Host header), direct and total subordinates over three levels', async () => {
      const a = await fx.register('root@example.com')
      const b = await fx.register('child@example.com', GOOD_PASSWORD, a.user.invite_code)
      const c = await fx.register('grandchild@example.com', GOOD_PASSWORD, b.user.invite_code)
      await fx.register('greatgrandchild@example.com', GOOD_PASSWORD, c.user.invite_code)
      await fx.register('child2@example.com', GOOD_PASSWORD, a.user.invite_code)
      type Share = { invite_code: string; invite_link: string; direct_count: number; total_count: number }
      const share = await fx.get<Share>('user/share', { token: a.token, host: 'm.example.com:8443' })
      expect(share.body.data).toEqual({
        invite_code: a.user.invite_code,
        // PUBLIC_ORIGIN's first origin (default http://localhost:8080): a Host header never makes the link.
        invite_link: `http://localhost:8080/register?code=${a.user.invite_code}`,
        direct_count: 2,
        total_count: 4,
      })
      const mid = (await fx.get<Share>('user/share', { token: b.token })).body.data
      expect([mid.direct_count, mid.total_count]).toEqual([1, 2])
      const leaf = (await fx.get<Share>('user/share', { token: c.token })).body.data
      expect([leaf.direct_count, leaf.total_count]).toEqual([1, 1])
      expect((await fx.get('user/share')).status).toBe(401)
    })

    it('operators: created by the CLI, read the outbox by API; users may not', async () => {
      const bad = await admin(fx, 'operator', 'create', '--email', 'ops@example.com', '--password', 'password')
      expect(bad.code).toBe(1)
      expect(bad.err).toMatch(/too common/)
      const made = await admin(fx, 'operator', 'create', '--email', 'ops@example.com', '--password', GOOD_PASSWORD)
      expect(made).toMatchObject({
        code: 0,
        out: expect.stringMatching(/^created operator #\d+ \(ops@example\.com\)$/) as unknown,
      })
      expect(
        (await admin(fx, 'operator', 'create', '--email', 'ops@example.com', '--password', GOOD_PASSWORD)).err,
      ).toMatch(/exists .*--promote/)
      const login = await fx.post<{ token: string; user: { role: string } }>('user/login', {
        type: 'email',
        email: 'ops@example.com',
        password: GOOD_PASSWORD,
      })
      expect(login.body.data.user.role).toBe('operator')

      const user = await fx.register('zed@example.com')
      expect((await fx.get('admin/outbox', { token: user.token })).status).toBe(403)
      type Item = { recipient: string; body: string; status: string; channel: string }
      const list = await fx.get<Item[]>('admin/outbox?to=ZED@example&limit=5', { token: login.body.data.token })
      expect(list.body.code).toBe(1)
      expect(list.body.data).toHaveLength(1)
      expect(list.body.data[0]).toMatchObject({ recipient: 'zed@example.com', status: 'outbox', channel: 'email' })
      expect(list.body.data[0]!.body).toMatch(/\b\d{6}\b/)

      expect((await admin(fx, 'operator', 'create', '--email', 'zed@example.com', '--promote')).code).toBe(0)
      const promoted = await fx.get<{ role: string }>('user/info', { token: user.token })
      expect(promoted.body.data.role).toBe('operator')
      expect((await fx.get('admin/outbox', { token: user.token })).body.code).toBe(1)
      expect((await admin(fx, 'operator', 'create', '--email', 'ghost@example.com', '--promote')).err).toMatch(
        /no user/,
      )
    })

    it('CLI: users list and outbox list show what an operator needs; bad command lines exit 2', async () => {
      await fx.register('yara@example.com')
      const users = await admin(fx, 'users', 'list', '--limit', '3')
      expect(users.code).toBe(0)
      expect(users.out.split('\n')).toHaveLength(3)
      expect(users.out.split('\n')[0]).toMatch(
        /^#\d+ {2}\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC {2}yara@example\.com {2}invite [A-Z2-9]{8}$/,
      )
      const found = await admin(fx, 'users', 'list', '--search', 'YARA@')
      expect(found.out.split('\n')).toEqual([expect.stringMatching(/ yara@example\.com /)])
      expect((await admin(fx, 'users', 'list', '--search', 'no-such-person')).out).toBe('(no users)')

      const outbox = await admin(fx, 'outbox', 'list', '--to', 'yara@', '--limit', '1')
      expect(outbox.code).toBe(0)
      expect(outbox.out).toMatch(/email to yara@example\.com {2}\[outbox\]/)
      expect(outbox.out).toMatch(/Your TC Market verification code is \d{6}\./)
      expect((await admin(fx, 'outbox', 'list', '--to', 'nobody-at-all')).out).toBe('(no messages)')

      expect((await admin(fx, 'users', 'list', '--limit', '0')).code).toBe(2)
      expect((await admin(fx, 'outbox', 'list', '--bogus')).code).toBe(2)
      expect((await admin(fx, 'operator', 'create', '--email', 'not-an-email', '--password', GOOD_PASSWORD)).code).toBe(
        2,
      )
      expect((await admin(fx, 'users', 'disable', 'abc')).code).toBe(2)
      expect((await admin(fx, 'users', 'disable', '999999')).err).toMatch(/no user #999999/)
      expect((await admin(fx, '--help')).code).toBe(2)
    })

    it('/api/docs lists the account calls with their request bodies', async () => {
      type Doc = {
        paths: Record<
          string,
          Record<
            string,
            { requestBody?: { content: Record<string, { schema: { properties: object } }> }; security?: unknown }
          >
        >
      }
      const doc = (await fx.get('docs')).body as unknown as Doc
      for (const path of [
        'send_code',
        'register',
        'login',
        'siwe_nonce',
        'siwe_login',
        'change_password',
        'set_pay_password',
        'bind_email',
      ]) {
        const op = doc.paths[`/api/user/${path}`]?.post
        expect(op, path).toBeDefined()
        expect(
          Object.keys(op!.requestBody!.content['application/json']!.schema.properties).length,
          path,
        ).toBeGreaterThan(0)
      }
      expect(
        Object.keys(doc.paths['/api/user/register']!.post!.requestBody!.content['application/json']!.schema.properties),
      ).toEqual(expect.arrayContaining(['type', 'email', 'password', 're_password', 'code', 'invite_code', 'agree']))
      expect(doc.paths['/api/user/logout']!.post!.security).toBeDefined()
      expect(doc.paths['/api/user/info']!.get).toBeDefined()
      expect(doc.paths['/api/user/share']!.get).toBeDefined()
      expect(doc.paths['/api/admin/outbox']!.get).toBeDefined()
    })
  },
  { postgres: true },
)

describe('auth messages', () => {
  it('every language has every message, with the same placeholders', () => {
    const keys = Object.keys(AUTH_MESSAGES.en).sort()
    for (const locale of LOCALES) {
      const table = AUTH_MESSAGES[locale] as Record<string, string>
      expect(Object.keys(table).sort(), locale).toEqual(keys)
      for (const key of keys) {
        const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort()
        expect(holes(table[key]!), `${locale}.${key}`).toEqual(
          holes((AUTH_MESSAGES.en as Record<string, string>)[key]!),
        )
        if (locale !== 'en' && !['codeMailSubject'].includes(key)) {
          expect(table[key], `${locale}.${key} is translated`).not.toBe(
            (AUTH_MESSAGES.en as Record<string, string>)[key],
          )
        }
      }
    }
  })
})
