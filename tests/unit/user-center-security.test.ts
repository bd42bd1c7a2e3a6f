// The security forms' own checks and where a server refusal lands: the spec's "Two passwords are inconsistent",
// the password length policy, e-mail and code shape, the field named by the server (through the real request
// layer), masking of contact details, and the resend countdown.
import { describe, expect, it, vi } from 'vitest'
import { ApiError, createCaller, createRequester, describeFailure } from '../../src/api'
import { createAccountApi } from '../../src/api/account'
import { checkForm, maskEmail, maskPhone, type FormRules } from '../../src/features/security'
import { secondsLeft } from '../../src/ui/form'
import { envelope, scriptedFetch } from '../helpers/ui-fetch'

type Pw = 'old_password' | 'password' | 're_password'
const pwRules: FormRules<Pw> = {
  required: ['old_password', 'password', 're_password'],
  newPassword: { password: 'password', confirm: 're_password' },
}

describe('checkForm', () => {
  it('accepts a complete form', () => {
    expect(
      checkForm({ old_password: 'old', password: 'correct horse', re_password: 'correct horse' }, pwRules),
    ).toEqual({})
  })

  it('names every empty field', () => {
    expect(checkForm({ old_password: '', password: '', re_password: '' }, pwRules)).toEqual({
      old_password: 'required',
      password: 'required',
      re_password: 'required',
    })
  })

  it('says the two passwords are inconsistent', () => {
    expect(checkForm({ old_password: 'x', password: 'correct horse', re_password: 'correct hors' }, pwRules)).toEqual({
      re_password: 'mismatch',
    })
  })

  it('applies the length policy (8 to 128, counted in characters)', () => {
    expect(checkForm({ old_password: 'x', password: '1234567', re_password: '1234567' }, pwRules)).toEqual({
      password: 'tooShort',
    })
    expect(
      checkForm({ old_password: 'x', password: '密码密码密码密码', re_password: '密码密码密码密码' }, pwRules),
    ).toEqual({})
    const long = 'a'.repeat(129)
    expect(checkForm({ old_password: 'x', password: long, re_password: long }, pwRules)).toEqual({
      password: 'tooLong',
    })
  })

  it('checks e-mail and the 6-digit code', () => {
    const rules: FormRules<'email' | 'code'> = { required: ['email', 'code'], email: 'email', code: 'code' }
    expect(checkForm({ email: 'not-an-email', code: '12345' }, rules)).toEqual({ email: 'email', code: 'code' })
    expect(checkForm({ email: ' Ann@Example.com ', code: '123456' }, rules)).toEqual({})
  })
})

describe('describeFailure (where a failed call shows on a form)', () => {
  async function refusedBy(answer: unknown) {
    const { fetch } = scriptedFetch(() => answer)
    const onError = vi.fn()
    const request = createRequester({
      fetch,
      getToken: () => 'tok',
      getLanguage: () => 'en',
      onUnauthorized: vi.fn(),
      onLoginRequired: vi.fn(),
      onError,
    })
    const api = createAccountApi(createCaller(request))
    const err = await api
      .changePassword({ old_password: 'a', password: 'b', re_password: 'b' }, { silent: true })
      .catch((e: unknown) => e)
    expect(onError).not.toHaveBeenCalled() // silent: the form shows it, not a toast
    return err
  }

  it('names the field of a refusal with the server’s words (the form shows it there if it has that field)', async () => {
    const err = await refusedBy(envelope(400, { field: 'old_password' }, 'The current password is wrong'))
    expect(describeFailure(err)).toEqual({ field: 'old_password', text: 'The current password is wrong' })
    const rate = await refusedBy(envelope(429, { field: 'ip' }, 'Too many attempts, try again in 5 minutes'))
    expect(describeFailure(rate)).toEqual({ field: 'ip', text: 'Too many attempts, try again in 5 minutes' })
  })

  it('gives one network message for offline, timeout, HTTP 5xx, a 5xx envelope and a malformed answer', async () => {
    const network = { id: 'api.networkError' }
    const timeout = describeFailure(new ApiError('timeout', 0, 'timeout'))
    expect(timeout.field).toBeNull()
    expect(timeout.text).toMatchObject(network)
    expect(describeFailure(new ApiError('network', 0, 'Failed to fetch')).text).toMatchObject(network)
    expect(describeFailure(await refusedBy(new Response('Bad Gateway', { status: 502 }))).text).toMatchObject(network)
    expect(
      describeFailure(
        await refusedBy(new Response(JSON.stringify(envelope(500, null, 'Server error')), { status: 500 })),
      ).text,
    ).toMatchObject(network)
    expect(describeFailure(new ApiError('parse', 200, 'bad answer')).text).toMatchObject(network)
  })

  it('stays silent for an expired session and says “something went wrong” for a non-call error', () => {
    expect(describeFailure(new ApiError('auth', 401, 'unauthorized'))).toEqual({ field: null, text: null })
    expect(describeFailure(new Error('boom')).text).toMatchObject({ id: 'api.unexpectedError' })
  })
})

describe('masking', () => {
  it.each([
    ['alice@example.com', 'al***@example.com'],
    ['ab@example.com', 'a***@example.com'],
    ['a@example.com', 'a***@example.com'],
  ])('%s → %s', (email, masked) => expect(maskEmail(email)).toBe(masked))

  it('stars the middle of a phone number', () => {
    expect(maskPhone('86', '13800001234')).toBe('+86 138****1234')
    expect(maskPhone('1', '2025550123')).toBe('+1 202***0123')
    expect(maskPhone(null, '123456')).toBe('****56')
  })
})

describe('secondsLeft', () => {
  it('rounds up and stops at zero', () => {
    expect(secondsLeft(60_000, 0)).toBe(60)
    expect(secondsLeft(60_000, 59_001)).toBe(1)
    expect(secondsLeft(60_000, 60_000)).toBe(0)
    expect(secondsLeft(60_000, 90_000)).toBe(0)
  })
})
