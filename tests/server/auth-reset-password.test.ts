/**
 * Forgot password (issue 24 part 7), on PGlite and PostgreSQL: the code a user reads from the outbox sets a new
 * password and ends every session of the account (both devices signed out; the old password no longer signs in, the
 * new one does; the code is used up; the audit names it without the code or the password). An address no account
 * uses gets the same answer and the same refusal of any code, while only its owner learns, by the message it
 * receives, that no account uses it. A wrong code is refused under `code` and the fifth kills the code; attempts
 * per client address are counted like sign-in attempts (the 51st within 15 min answers 429), and per account address
 * 10 a day from any client addresses (a reviewing helper's finding: 5 codes an hour × 5 guesses had let a guesser
 * try 600 six-digit codes a day); refusals are audited; a disabled account is not reset.
 */
import { eq } from 'drizzle-orm'
import { afterEach, expect, it, vi } from 'vitest'
import { auditLog, outbox, users } from '../../server/db/schema'
import { GOOD_PASSWORD, describeAuth } from '../helpers/auth-app'

const NEW_PASSWORD = 'lantern meadow quietly 77'

const reset = (email: string, code: string, extra: object = {}) => ({
  type: 'email',
  email,
  code,
  password: NEW_PASSWORD,
  re_password: NEW_PASSWORD,
  ...extra,
})
const login = (email: string, password: string) => ({ type: 'email', email, password })
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000')

/** A minute on (Date only): an address that just got its sign-up code may ask for another (one a minute). */
function aMinuteLater() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + 61_000)
}

afterEach(() => {
  vi.useRealTimers()
})

describeAuth('forgot password', (fx) => {
  it('sets a new password with the e-mailed code and signs every device out', async () => {
    const email = 'reset-alice@example.com'
    const first = await fx.register(email)
    const second = await fx.post<{ token: string }>('user/login', login(email, GOOD_PASSWORD))
    expect(second.body.code).toBe(1)

    aMinuteLater()
    const sent = await fx.post('user/forgot_password', { type: 'email', email: ' Reset-Alice@Example.com ' })
    expect(sent.body).toMatchObject({
      code: 1,
      data: { sent_to: 'r***@example.com', resend_after_s: 60, expires_in_s: 600 },
    })
    const [mail] = await fx.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, email))
      .orderBy(outbox.id)
      .then((rows) => rows.slice(-1))
    expect(mail).toMatchObject({ subject: 'TC Market password reset code' })
    const code = await fx.lastCode(email)

    const done = await fx.post('user/reset_password', reset(email, code))
    expect(done.body).toMatchObject({ code: 1, data: null })
    for (const token of [first.token, second.body.data.token]) {
      expect((await fx.get('user/info', { token })).status, 'an old session').toBe(401)
    }
    expect((await fx.post('user/login', login(email, GOOD_PASSWORD))).body.code).not.toBe(1)
    expect((await fx.post('user/login', login(email, NEW_PASSWORD))).body.code).toBe(1)
    // The code was used up.
    const again = await fx.post(
      'user/reset_password',
      reset(email, code, { password: 'another long phrase 88', re_password: 'another long phrase 88' }),
    )
    expect(again.body.code).not.toBe(1)
    const [u] = await fx.db.select().from(users).where(eq(users.email, email))
    const log = await fx.db.select().from(auditLog).where(eq(auditLog.userId, u!.id))
    expect(log.map((l) => `${l.action}:${l.result}`)).toContain('password_reset:ok')
    expect(JSON.stringify(log)).not.toContain(code)
    expect(JSON.stringify(log)).not.toContain(NEW_PASSWORD)
  })

  it('answers for an address without an account as for one with, and tells only that address', async () => {
    await fx.register('reset-bob@example.com')
    aMinuteLater()
    const known = await fx.post('user/forgot_password', { type: 'email', email: 'reset-bob@example.com' })
    const unknown = await fx.post('user/forgot_password', { type: 'email', email: 'reset-nobody@example.com' })
    expect(unknown.status).toBe(known.status)
    expect({ ...unknown.body, data: { ...(unknown.body.data as object), sent_to: '' } }).toEqual({
      ...known.body,
      data: { ...(known.body.data as object), sent_to: '' },
    })
    const [mail] = await fx.db.select().from(outbox).where(eq(outbox.recipient, 'reset-nobody@example.com'))
    expect(mail).toMatchObject({ subject: 'Your TC Market password reset request' })
    expect(mail!.body).toContain('no account uses it')
    expect(mail!.body).not.toMatch(/\b\d{6}\b/)
    // Any code for it is refused as a wrong code for an account's address is.
    const bobCode = await fx.lastCode('reset-bob@example.com')
    const forNobody = await fx.post('user/reset_password', reset('reset-nobody@example.com', '123456'))
    const forBob = await fx.post('user/reset_password', reset('reset-bob@example.com', wrongOf(bobCode)))
    expect(forNobody.body).toEqual(forBob.body)
    expect(forBob.body).toMatchObject({ data: { field: 'code' } })
  })

  it('refuses wrong codes under the code field until the fifth ends the code; a weak password is named', async () => {
    const email = 'reset-carol@example.com'
    await fx.register(email)
    aMinuteLater()
    await fx.post('user/forgot_password', { type: 'email', email })
    const code = await fx.lastCode(email)
    const weak = await fx.post(
      'user/reset_password',
      reset(email, code, { password: 'Password1', re_password: 'Password1' }),
    )
    expect(weak.body).toMatchObject({ data: { field: 'password' } })
    expect(weak.body.msg).toMatch(/too common/)
    const differ = await fx.post('user/reset_password', reset(email, code, { re_password: 'not the same one at all' }))
    expect(differ.body).toMatchObject({ data: { field: 're_password' } })
    const answers: string[] = []
    for (let i = 0; i < 5; i++)
      answers.push((await fx.post('user/reset_password', reset(email, wrongOf(code)))).body.msg)
    expect(answers.slice(0, 4).every((m) => m === answers[0])).toBe(true)
    expect(answers[4]).not.toBe(answers[0])
    // The right code no longer works: the user asks for a new one.
    expect((await fx.post('user/reset_password', reset(email, code))).body.code).not.toBe(1)
    expect((await fx.post('user/login', login(email, GOOD_PASSWORD))).body.code).toBe(1)
  })

  it('counts attempts per client address like sign-in: the 51st within 15 minutes is refused with Retry-After', async () => {
    const ip = '10.77.0.9'
    // Another address each time: only the client address's window counts here.
    let n = 0
    // At the start of a 15-minute window, so all 51 attempts fall in one.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Math.floor(Date.now() / 900_000) * 900_000 + 1_000)
    let last = await fx.post('user/reset_password', reset(`reset-dave-${n++}@example.com`, '123456'), { ip })
    for (let i = 1; i < 50; i++)
      last = await fx.post('user/reset_password', reset(`reset-dave-${n++}@example.com`, '123456'), { ip })
    expect(last.status).not.toBe(429)
    const refused = await fx.post('user/reset_password', reset(`reset-dave-${n}@example.com`, '123456'), { ip })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('lets an address try 10 resets a day from any number of client addresses, then refuses (the 11th is 429)', async () => {
    const email = 'reset-erin@example.com'
    await fx.register(email)
    aMinuteLater()
    await fx.post('user/forgot_password', { type: 'email', email })
    const code = await fx.lastCode(email)
    // A guesser with a new client address for every try, and a new code after every five (as the limits allow).
    const answers: number[] = []
    for (let i = 0; i < 10; i++) {
      if (i === 5) {
        vi.setSystemTime(Date.now() + 61_000)
        await fx.post('user/forgot_password', { type: 'email', email })
      }
      answers.push((await fx.post('user/reset_password', reset(email, wrongOf(code)))).status)
    }
    expect(answers.every((s) => s !== 429)).toBe(true)
    const refused = await fx.post('user/reset_password', reset(email, await fx.lastCode(email)))
    expect(refused.status).toBe(429)
    expect((await fx.post('user/login', login(email, GOOD_PASSWORD))).body.code).toBe(1)
    const [u] = await fx.db.select().from(users).where(eq(users.email, email))
    const refusals = await fx.db.select().from(auditLog).where(eq(auditLog.userId, u!.id))
    expect(refusals.filter((l) => l.action === 'password_reset' && l.result === 'refused')).toHaveLength(10)
  })

  it('does not reset a disabled account, even with the right code', async () => {
    const email = 'reset-frank@example.com'
    await fx.register(email)
    await fx.db.update(users).set({ status: 'disabled' }).where(eq(users.email, email))
    aMinuteLater()
    await fx.post('user/forgot_password', { type: 'email', email })
    const res = await fx.post('user/reset_password', reset(email, await fx.lastCode(email)))
    expect(res.body).toMatchObject({ msg: 'This account has been disabled. Please contact customer service' })
    await fx.db.update(users).set({ status: 'active' }).where(eq(users.email, email))
    expect((await fx.post('user/login', login(email, GOOD_PASSWORD))).body.code).toBe(1)
  })
})
