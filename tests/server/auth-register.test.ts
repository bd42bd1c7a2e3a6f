/**
 * Registration by e-mail and phone: the code a user reads from the outbox, every refusal with its translated
 * message and nothing stored, mass-assignment ignored, invitation rules, code attempts and the duplicate race.
 */
import { count, desc, eq } from 'drizzle-orm'
import { afterEach, expect, it, vi } from 'vitest'
import { INVITE_ALPHABET } from '../../server/auth/invite-codes'
import { auditLog, outbox, users, verificationCodes } from '../../server/db/schema'
import { writeSetting } from '../../server/db/settings'
import { GOOD_PASSWORD, describeAuth, type AuthFixture } from '../helpers/auth-app'

type Session = { token: string; user: Record<string, unknown> }

const userCount = async (fx: AuthFixture) => (await fx.db.select({ n: count() }).from(users))[0]!.n

function form(email: string, code: string, extra: object = {}) {
  return { type: 'email', email, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD, code, agree: true, ...extra }
}

afterEach(() => {
  vi.useRealTimers()
})

describeAuth('register', (fx) => {
  it('registers with the e-mailed code: session, user info, hashed password, log line and audit', async () => {
    const sent = await fx.post('user/send_code', { type: 'email', email: ' Alice@Example.COM ', purpose: 'register' })
    expect(sent.body).toMatchObject({
      code: 1,
      data: { sent_to: 'a***@example.com', resend_after_s: 60, expires_in_s: 600 },
    })
    const [mail] = await fx.db.select().from(outbox).where(eq(outbox.recipient, 'alice@example.com'))
    expect(mail).toMatchObject({ channel: 'email', status: 'outbox', subject: 'TC Market verification code' })
    const code = mail!.body.match(/\b(\d{6})\b/)![1]!
    expect(fx.t.logs.join('\n')).toContain(`email to alice@example.com`)
    expect(fx.t.logs.join('\n')).toContain(code)
    // The code is stored only as a hash.
    const [row] = await fx.db.select().from(verificationCodes).where(eq(verificationCodes.target, 'alice@example.com'))
    expect(row!.codeHash).not.toContain(code)
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/)

    const res = await fx.post<Session>('user/register', form('alice@example.com', code))
    expect(res.body.code).toBe(1)
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43,}$/)
    expect(res.body.data.user).toMatchObject({
      account: 'alice@example.com',
      email: 'alice@example.com',
      role: 'user',
      has_password: true,
      has_pay_password: false,
      identity: { basic: 'none', advanced: 'none' },
    })
    const invite = res.body.data.user.invite_code as string
    expect(invite).toHaveLength(8)
    expect([...invite].every((c) => INVITE_ALPHABET.includes(c))).toBe(true)
    const info = await fx.get<{ email: string }>('user/info', { token: res.body.data.token })
    expect(info.body.data.email).toBe('alice@example.com')

    const [u] = await fx.db.select().from(users).where(eq(users.email, 'alice@example.com'))
    expect(u!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const log = await fx.db.select().from(auditLog).where(eq(auditLog.userId, u!.id))
    expect(log.map((l) => `${l.action}:${l.result}`)).toContain('register:ok')
    expect(JSON.stringify(log)).not.toContain(GOOD_PASSWORD)
    expect(JSON.stringify(log)).not.toContain(code)
    expect(JSON.stringify(log)).not.toContain(res.body.data.token)

    // The code was used up.
    const again = await fx.post('user/register', form('alice@example.com', code))
    expect(again.body.code).not.toBe(1)
  })

  it('refuses each bad input with its own translated message and stores nothing', async () => {
    const email = 'bob@example.com'
    await fx.post('user/send_code', { type: 'email', email, purpose: 'register' })
    const code = await fx.lastCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const before = await userCount(fx)
    const cases: [object, string, string][] = [
      [
        form(email, code, { agree: false }),
        'Please read and agree to the user protocol first',
        '请先阅读并同意用户协议',
      ],
      [
        form(email, code, { re_password: 'something else entirely' }),
        'Two passwords are inconsistent',
        '两次密码不一致',
      ],
      [
        form(email, code, { password: 'Password1', re_password: 'Password1' }),
        'This password is too common',
        '该密码过于常见',
      ],
      [
        form(email, code, { password: 'QWERTYUIOP', re_password: 'QWERTYUIOP' }),
        'This password is too common',
        '该密码过于常见',
      ],
      [
        form(email, code, { password: email, re_password: email }),
        'must not be the same as your account',
        '密码不能与账号相同',
      ],
      [form(email, code, { invite_code: 'NOSUCH99' }), 'This invitation code does not exist', '邀请码不存在'],
      [form(email, wrong), 'The verification code is incorrect', '验证码错误'],
      [form('nocode@example.com', code), 'The verification code has expired', '验证码已过期'],
    ]
    for (const [body, en, zh] of cases) {
      const r = await fx.post('user/register', body)
      expect(r.body.code, en).toBe(400)
      expect(r.body.msg).toContain(en)
      expect((await fx.post('user/register', body, { lang: 'zh-CN' })).body.msg).toContain(zh)
    }
    // Too short: the schema names the field.
    const short = await fx.post('user/register', form(email, code, { password: 'abc', re_password: 'abc' }))
    expect(short.body).toMatchObject({ code: 422, data: { field: 'password' } })
    // A missing e-mail names the field in the caller's language.
    const noEmail = await fx.post('user/register', { ...form(email, code), email: undefined }, { lang: 'ja' })
    expect(noEmail.body).toMatchObject({ code: 422, msg: 'メールアドレスを入力してください', data: { field: 'email' } })

    expect(await userCount(fx)).toBe(before)
    // Two wrong tries spent two attempts (the wrong code was sent twice, en and zh-CN); the right code still works.
    const ok = await fx.post<Session>('user/register', form(email, code))
    expect(ok.body.code).toBe(1)
    expect(await userCount(fx)).toBe(before + 1)
  })

  it('ignores role, status and inviter_id in the body (mass assignment)', async () => {
    const email = 'mallory@example.com'
    await fx.post('user/send_code', { type: 'email', email, purpose: 'register' })
    const res = await fx.post<Session>(
      'user/register',
      form(email, await fx.lastCode(email), {
        role: 'operator',
        status: 'disabled',
        inviter_id: 1,
        id: 999,
        password_hash: 'x',
      }),
    )
    expect(res.body.code).toBe(1)
    expect(res.body.data.user.role).toBe('user')
    const [u] = await fx.db.select().from(users).where(eq(users.email, email))
    expect(u).toMatchObject({ role: 'user', status: 'active', inviterId: null })
    expect(u!.id).not.toBe(999)
    expect(u!.passwordHash).toMatch(/^\$argon2id\$/)
  })

  it('send_code does not tell whether an address is registered; its owner gets "you already have an account"', async () => {
    await fx.register('carol@example.com')
    // Past the one-code-a-minute rule of carol's registration code.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 61_000)
    const ask = (email: string) =>
      fx.t.app.inject({
        method: 'POST',
        url: '/api/user/send_code',
        headers: { 'accept-language': 'es' },
        remoteAddress: '198.51.100.60',
        payload: { type: 'email', email, purpose: 'register' },
      })
    const registered = await ask('CAROL@example.com')
    const fresh = await ask('cora@example.com') // same masked form c***@example.com
    expect(registered.statusCode).toBe(fresh.statusCode)
    expect(registered.body).toBe(fresh.body)
    const headers = (h: Record<string, unknown>) => ({ ...h, date: undefined })
    expect(headers(registered.headers)).toEqual(headers(fresh.headers))
    expect(JSON.parse(fresh.body)).toMatchObject({ code: 1, data: { sent_to: 'c***@example.com' } })
    // What each owner reads: a code for the new address, "you already have an account" (no code) for carol.
    const [mail] = await fx.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'carol@example.com'))
      .orderBy(desc(outbox.id))
      .limit(1)
    expect(mail!.subject).toBe('Tu cuenta de TC Market')
    expect(mail!.body).toContain('ya tienes una cuenta')
    expect(mail!.body).not.toMatch(/\b\d{6}\b/)
    expect(await fx.lastCode('cora@example.com')).toMatch(/^\d{6}$/)
    // The same rules afterwards: a second request within a minute is refused for both alike.
    const again = [await ask('carol@example.com'), await ask('cora@example.com')]
    expect(again.map((r) => r.statusCode)).toEqual([429, 429])
    // Registering with a guessed code still fails for carol, and the account stays one.
    const reg = await fx.post('user/register', form('carol@example.com', '000000'))
    expect(reg.body.code).toBe(400)
    expect(await fx.db.select().from(users).where(eq(users.email, 'carol@example.com'))).toHaveLength(1)
  })

  it('by phone too: same answer, and an SMS saying the number already has an account', async () => {
    const phone = { type: 'phone', area_code: '44', phone: '7700900123' }
    const first = await fx.post('user/send_code', { ...phone, purpose: 'register' })
    expect(first.body.code).toBe(1)
    const reg = await fx.post('user/register', {
      ...phone,
      password: GOOD_PASSWORD,
      re_password: GOOD_PASSWORD,
      code: await fx.lastCode('+44 7700900123'),
      agree: true,
    })
    expect(reg.body.code).toBe(1)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 61_000)
    const again = await fx.post('user/send_code', { ...phone, purpose: 'register' }, { lang: 'ja' })
    expect(again.body).toEqual({ ...first.body, msg: again.body.msg })
    const [sms] = await fx.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, '+44 7700900123'))
      .orderBy(desc(outbox.id))
      .limit(1)
    expect(sms!.body).toBe(
      '【TC Market】この電話番号はすでにアカウントが登録されています。ログインしてください。お心当たりがない場合は、このメッセージを無視してください。',
    )
  })

  it('a code dies after five tries; asking again replaces it', async () => {
    const email = 'dave@example.com'
    await fx.post('user/send_code', { type: 'email', email, purpose: 'register' })
    const code = await fx.lastCode(email)
    const wrong = code === '123456' ? '654321' : '123456'
    const msgs: string[] = []
    for (let i = 0; i < 5; i++) msgs.push((await fx.post('user/register', form(email, wrong))).body.msg)
    expect(msgs.slice(0, 4).every((m) => m === 'The verification code is incorrect')).toBe(true)
    expect(msgs[4]).toBe('Too many wrong verification codes. Please get a new one')
    const right = await fx.post('user/register', form(email, code))
    expect(right.body.msg).toBe('Too many wrong verification codes. Please get a new one')
    expect(await fx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  it('invitations: required by the setting, unknown refused, inviter recorded', async () => {
    const inviter = await fx.register('erin@example.com')
    await writeSetting(fx.db, 'invite_required', '1')
    try {
      const email = 'frank@example.com'
      await fx.post('user/send_code', { type: 'email', email, purpose: 'register' })
      const code = await fx.lastCode(email)
      expect((await fx.post('user/register', form(email, code))).body.msg).toBe('Please enter an invitation code')
      const res = await fx.post<Session>(
        'user/register',
        form(email, code, { invite_code: inviter.user.invite_code.toLowerCase() }),
      )
      expect(res.body.code).toBe(1)
      const [u] = await fx.db.select().from(users).where(eq(users.email, email))
      expect(u!.inviterId).toBe(inviter.user.id)
    } finally {
      await writeSetting(fx.db, 'invite_required', '0')
    }
  })

  it('registers by phone with the code from the SMS outbox', async () => {
    const sent = await fx.post('user/send_code', {
      type: 'phone',
      area_code: '86',
      phone: '138-0013-8000',
      purpose: 'register',
    })
    expect(sent.body.data).toMatchObject({ sent_to: '+86 138****8000' })
    const [sms] = await fx.db.select().from(outbox).where(eq(outbox.recipient, '+86 13800138000'))
    expect(sms).toMatchObject({ channel: 'sms', status: 'outbox' })
    const code = await fx.lastCode('+86 13800138000')
    const res = await fx.post<Session>('user/register', {
      type: 'phone',
      area_code: '86',
      phone: '13800138000',
      password: GOOD_PASSWORD,
      re_password: GOOD_PASSWORD,
      code,
      agree: true,
    })
    expect(res.body.code).toBe(1)
    expect(res.body.data.user).toMatchObject({
      account: '+86 13800138000',
      area_code: '86',
      phone: '13800138000',
      email: null,
    })
    const noPhone = await fx.post('user/send_code', { type: 'phone', area_code: '86', purpose: 'register' })
    expect(noPhone.body).toMatchObject({ code: 422, data: { field: 'phone' } })
  })

  it('a second code within 60 s is refused with 429, Retry-After and when to retry', async () => {
    const email = 'grace@example.com'
    expect((await fx.post('user/send_code', { type: 'email', email, purpose: 'register' })).body.code).toBe(1)
    const again = await fx.post('user/send_code', { type: 'email', email, purpose: 'register' }, { lang: 'ko' })
    expect(again.status).toBe(429)
    expect(again.body.code).toBe(429)
    const retry = Number(again.headers['retry-after'])
    expect(retry).toBeGreaterThan(0)
    expect(retry).toBeLessThanOrEqual(60)
    expect(again.body.msg).toMatch(/^인증 코드 요청이 너무 많습니다\. \d+초 후에 다시 시도해 주세요$/)
    expect(await fx.db.select().from(outbox).where(eq(outbox.recipient, email))).toHaveLength(1)
  })

  it('of two registrations racing with one code, exactly one account is made', async () => {
    const email = 'heidi@example.com'
    await fx.post('user/send_code', { type: 'email', email, purpose: 'register' })
    const code = await fx.lastCode(email)
    const results = await Promise.all([1, 2, 3].map(() => fx.post('user/register', form(email, code))))
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1)
    for (const r of results.filter((x) => x.body.code !== 1)) {
      expect([
        'The verification code has expired or was already used. Please get a new one',
        'This e-mail address is already registered. Please log in instead',
      ]).toContain(r.body.msg)
    }
    expect(await fx.db.select().from(users).where(eq(users.email, email))).toHaveLength(1)
  })
})
