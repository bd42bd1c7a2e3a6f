/**
 * Two-factor authentication by TOTP (issue 24 part 7), through the HTTP layer on PGlite and PostgreSQL, with the
 * authenticator played by RFC 6238 itself (server/auth/totp.ts `totpCode`) and the clock by fake `Date` (30 s steps):
 * - turning it on takes a code of the secret that setup showed and the login password (a stolen session cannot put
 *   the owner behind the thief's authenticator); it answers 10 recovery codes and user/info says `two_factor`;
 * - sign-in then needs a code: a right password alone is refused under `totp_code`, a wrong code too; a right code
 *   signs in once (the same code again is refused: RFC 6238 §5.2), a recovery code once;
 * - a withdrawal needs a current code (not a recovery code), which it uses up in its own transaction: a replay of its
 *   Idempotency-Key answers the same withdrawal, another withdrawal with that code is refused; the change holds it;
 * - 5 wrong codes in 15 minutes are the limit (429); turning it off takes a code, and sign-in is one step again.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { hashPassword } from '../../server/auth/passwords'
import { totpCode } from '../../server/auth/totp'
import type { Database } from '../../server/db/client'
import { auditLog, users } from '../../server/db/schema'
import {
  fundUsdt,
  moneyCall,
  openUsdtTrc20,
  PAY_PASSWORD,
  TRON_ADDRESS_2,
  withPayPassword,
} from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { makeUser, type TestUser } from './identity-fixtures'

const PASSWORD = 'correct horse battery staple'
const STEP_MS = 30_000

/** A 6-digit code that is none of the three `secret` accepts at `now` (the step before, this one, the next). */
const notACode = (secret: string, now: number) =>
  ['000000', '111111', '222222', '333333'].find((c) =>
    [-1, 0, 1].every((d) => totpCode(secret, now + d * STEP_MS) !== c),
  )!

function describeTwoFactor(name: string, open: () => Promise<Database>) {
  describe(`two-factor authentication on ${name}`, () => {
    let database: Database
    let t: TestApp
    let operator: TestUser
    let now = Date.now()
    /** Moves the server's clock (Date only) `steps` TOTP steps on. */
    const later = (steps = 1) => {
      now += steps * STEP_MS
      vi.setSystemTime(now)
    }
    const call = <T = unknown>(token: string, path: string, body?: object, key?: string) =>
      moneyCall<T>(t.app, token, 'POST', path, body, { key: key ?? randomUUID() })
    const login = (email: string, extra: object = {}) =>
      moneyCall<{ token: string }>(t.app, '', 'POST', 'user/login', {
        type: 'email',
        email,
        password: PASSWORD,
        ...extra,
      })

    /** A user with a login password, a transaction password and 1,000 USDT. */
    async function member(): Promise<TestUser> {
      const user = await makeUser(database.db)
      await database.db
        .update(users)
        .set({ passwordHash: await hashPassword(PASSWORD) })
        .where(eq(users.id, user.id))
      await withPayPassword(database.db, user.id)
      await fundUsdt(t.app, user.token, operator.token, '1000')
      return user
    }

    /** Turns it on for `user`: the secret and the recovery codes. */
    async function turnOn(user: TestUser) {
      const setup = await call<{ secret: string; uri: string }>(user.token, 'user/two_factor_setup')
      expect(setup.body.code, setup.body.msg).toBe(1)
      const { secret } = setup.body.data
      const on = await call<{ recovery_codes: string[] }>(user.token, 'user/two_factor_enable', {
        code: totpCode(secret, now),
        password: PASSWORD,
      })
      expect(on.body.code, on.body.msg).toBe(1)
      return { secret, uri: setup.body.data.uri, recovery: on.body.data.recovery_codes }
    }

    beforeAll(async () => {
      database = await open()
      t = await testApp({ db: database.db })
      operator = await makeUser(database.db, 'operator')
      await openUsdtTrc20(database.db, { min: '10', fee: '1' })
    })
    afterEach(() => {
      vi.useRealTimers()
    })
    afterAll(async () => {
      await t?.app.close()
      await database?.close()
    })
    const fakeClock = () => {
      now = Date.now()
      vi.useFakeTimers({ toFake: ['Date'], now })
    }

    it('turns on with a code of the shown secret and the login password, answering 10 single-use recovery codes', async () => {
      fakeClock()
      const user = await member()
      const setup = await call<{ secret: string; uri: string }>(user.token, 'user/two_factor_setup')
      const { secret, uri } = setup.body.data
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      expect(uri).toBe(
        `otpauth://totp/TC%20Market:${encodeURIComponent(user.email)}?issuer=TC%20Market&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
      )
      // A stolen session (no password) cannot turn it on; nor can a wrong code.
      const noPassword = await call(user.token, 'user/two_factor_enable', { code: totpCode(secret, now) })
      expect(noPassword.body).toMatchObject({ msg: 'Please enter your login password', data: { field: 'password' } })
      const wrongCode = await call(user.token, 'user/two_factor_enable', {
        code: notACode(secret, now),
        password: PASSWORD,
      })
      expect(wrongCode.body).toMatchObject({ msg: 'The verification code is incorrect', data: { field: 'code' } })
      const on = await call<{ recovery_codes: string[] }>(user.token, 'user/two_factor_enable', {
        code: totpCode(secret, now),
        password: PASSWORD,
      })
      expect(on.body.code, on.body.msg).toBe(1)
      expect(on.body.data.recovery_codes).toHaveLength(10)
      expect(new Set(on.body.data.recovery_codes).size).toBe(10)
      for (const c of on.body.data.recovery_codes) expect(c).toMatch(/^([A-Z2-7]{4}-){5}[A-Z2-7]{4}$/)
      const info = await moneyCall<{ two_factor: boolean }>(t.app, user.token, 'GET', 'user/info')
      expect(info.body.data.two_factor).toBe(true)
      const again = await call(user.token, 'user/two_factor_setup')
      expect(again.body.msg).toBe('Two-factor authentication is already on')
    })

    it('signs in only with a current code, each code once, or a recovery code once', async () => {
      fakeClock()
      const user = await member()
      const { secret, recovery } = await turnOn(user)
      later()
      const bare = await login(user.email)
      expect(bare.body).toMatchObject({
        msg: 'Enter the 6-digit code from your authenticator app',
        data: { field: 'totp_code' },
      })
      const wrong = await login(user.email, { totp_code: notACode(secret, now) })
      expect(wrong.body).toMatchObject({ msg: 'The verification code is incorrect', data: { field: 'totp_code' } })
      const code = totpCode(secret, now)
      const right = await login(user.email, { totp_code: code })
      expect(right.body.code, right.body.msg).toBe(1)
      expect(right.body.data.token).toMatch(/^[\w-]{20,}$/)
      // The same code, replayed by whoever saw it typed: refused.
      const replay = await login(user.email, { totp_code: code })
      expect(replay.body.msg).toMatch(/already been used/)
      expect(replay.body.data).toMatchObject({ field: 'totp_code' })
      // A recovery code, typed in lower case without dashes: once.
      const typed = recovery[3]!.replace(/-/g, '').toLowerCase()
      expect((await login(user.email, { totp_code: typed })).body.code).toBe(1)
      expect((await login(user.email, { totp_code: typed })).body.msg).toBe('The verification code is incorrect')
    })

    it('a withdrawal needs a current code, uses it up in its transaction, and is held after the change', async () => {
      fakeClock()
      const user = await member()
      const { secret, recovery } = await turnOn(user)
      const saved = await call<{ id: number }>(user.token, 'assets/address_save', {
        currency: 'USDT',
        chain: 'TRC20',
        address: TRON_ADDRESS_2,
        label: 'cold',
      })
      const ask = {
        currency: 'USDT',
        chain: 'TRC20',
        address_id: saved.body.data.id,
        amount: '100',
        pay_password: PAY_PASSWORD,
      }
      const none = await call(user.token, 'assets/withdraw', ask)
      expect(none.body).toMatchObject({ data: { field: 'totp_code' } })
      const byRecovery = await call(user.token, 'assets/withdraw', { ...ask, totp_code: recovery[0] })
      expect(byRecovery.body).toMatchObject({ msg: 'The verification code is incorrect', data: { field: 'totp_code' } })
      later()
      const key = randomUUID()
      const code = totpCode(secret, now)
      const first = await call<{ id: number; status: string; hold: { reason: string } | null }>(
        user.token,
        'assets/withdraw',
        { ...ask, totp_code: code },
        key,
      )
      expect(first.body.code, first.body.msg).toBe(1)
      expect(first.body.data.status).toBe('pending')
      expect(first.body.data.hold).not.toBeNull()
      // The app's retry of the same submission (same key, same code) answers the same withdrawal…
      const retry = await call<{ id: number }>(user.token, 'assets/withdraw', { ...ask, totp_code: code }, key)
      expect(retry.body.data.id).toBe(first.body.data.id)
      // …but the code does not pay for a second one.
      const second = await call(user.token, 'assets/withdraw', { ...ask, totp_code: code })
      expect(second.body.msg).toMatch(/already been used/)
      expect(second.body.data).toMatchObject({ field: 'totp_code' })
      const list = await moneyCall<{ list: unknown[] }>(t.app, user.token, 'GET', 'assets/withdraw_list')
      expect(list.body.data.list).toHaveLength(1)
    })

    it('refuses the sixth wrong code in 15 minutes even when it is right, then turns off with a code', async () => {
      fakeClock()
      const user = await member()
      const { secret } = await turnOn(user)
      later()
      const right = totpCode(secret, now)
      const wrong = notACode(secret, now)
      for (let i = 0; i < 5; i++) {
        expect((await call(user.token, 'user/two_factor_disable', { code: wrong })).body.msg).toBe(
          'The verification code is incorrect',
        )
      }
      const limited = await call(user.token, 'user/two_factor_disable', { code: right })
      expect(limited.status).toBe(429)
      later(31) // past the 15-minute window
      const off = await call(user.token, 'user/two_factor_disable', { code: totpCode(secret, now) })
      expect(off.body.code, off.body.msg).toBe(1)
      expect((await login(user.email)).body.code).toBe(1)
      const actions = await database.db.select().from(auditLog).where(eq(auditLog.userId, user.id))
      expect(actions.filter((a) => a.result === 'ok').map((a) => a.action)).toEqual(
        expect.arrayContaining(['two_factor_enable', 'two_factor_disable']),
      )
    })
  })
}

describeTwoFactor('PGlite', () => pgliteTestDb())

await describePostgres('two-factor authentication', (open) => describeTwoFactor('PostgreSQL', open))
