/**
 * The anti-phishing code (issue 24 part 7), on PGlite and PostgreSQL: set with the login password (a stolen session
 * without it cannot set or change it; a wrong one is refused under `password`; a code of other characters is refused
 * under `phrase`), shown in the user info, and the first line of every e-mail to the account's address — the reset
 * code and the "you already have an account" notice — in the user's language; never in an e-mail to an address that
 * is not the account's (a sign-up code for a new address).
 */
import { desc, eq } from 'drizzle-orm'
import { afterEach, expect, it, vi } from 'vitest'
import { outbox } from '../../server/db/schema'
import { GOOD_PASSWORD, describeAuth, type AuthFixture } from '../helpers/auth-app'

afterEach(() => {
  vi.useRealTimers()
})

/** A minute on (Date only): an address that just got a code may ask for another (one a minute). */
function aMinuteLater() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + 61_000)
}

const lastMail = async (fx: AuthFixture, to: string) =>
  (await fx.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1))[0]!

describeAuth('anti-phishing code', (fx) => {
  it('is set with the login password and starts every e-mail to the account, in its language', async () => {
    const email = 'phish-guard@example.com'
    const { token } = await fx.register(email)
    const set = (body: object) => fx.post('user/anti_phishing', body, { token })
    const noPassword = await set({ phrase: 'Blue-Heron_7' })
    expect(noPassword.body).toMatchObject({ msg: 'Please enter your login password', data: { field: 'password' } })
    const wrong = await set({ phrase: 'Blue-Heron_7', password: 'not my password' })
    expect(wrong.body.data).toMatchObject({ field: 'password' })
    const odd = await set({ phrase: 'ab', password: GOOD_PASSWORD })
    expect(odd.body.data).toMatchObject({ field: 'phrase' })
    const spaced = await set({ phrase: '<a href=x>', password: GOOD_PASSWORD })
    expect(spaced.body.data).toMatchObject({ field: 'phrase' })
    const ok = await set({ phrase: '  Blue-Heron_7 ', password: GOOD_PASSWORD })
    expect(ok.body.code, ok.body.msg).toBe(1)
    const info = await fx.get<{ anti_phishing: string | null }>('user/info', { token })
    expect(info.body.data.anti_phishing).toBe('Blue-Heron_7')

    aMinuteLater()
    expect((await fx.post('user/forgot_password', { type: 'email', email })).body.code).toBe(1)
    const reset = await lastMail(fx, email)
    expect(reset.body.split('\n')[0]).toBe('Your anti-phishing code: Blue-Heron_7')
    expect(reset.body).toMatch(/\b\d{6}\b/)

    vi.setSystemTime(Date.now() + 61_000)
    const again = await fx.post('user/send_code', { type: 'email', email, purpose: 'register' }, { lang: 'ja' })
    expect(again.body.code).toBe(1)
    expect((await lastMail(fx, email)).body.split('\n')[0]).toBe('フィッシング対策コード：Blue-Heron_7')

    // A sign-up code for an address no account uses carries no code of anyone's.
    const stranger = 'someone-new@example.com'
    expect((await fx.post('user/send_code', { type: 'email', email: stranger, purpose: 'register' })).body.code).toBe(1)
    expect((await lastMail(fx, stranger)).body).not.toContain('anti-phishing')
  })
})
