// What the sign-in and registration forms refuse before sending (each problem under its field, by message id), what
// they send when nothing is wrong, where a server field error is shown, and the send-code countdown.
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/errors'
import { authFailure } from '../../src/features/auth/failure'
import { afterSignInPath } from '../../src/features/auth/use-finish-sign-in'
import {
  checkLogin,
  checkRegister,
  checkWalletSignUp,
  type FieldErrors,
  type RegisterDraft,
} from '../../src/features/auth/validation'
import { secondsLeft } from '../../src/ui/form'

const ids = (errors: FieldErrors) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.id]))

const good: RegisterDraft = {
  type: 'email',
  email: '  Ann@Example.COM ',
  area_code: '86',
  phone: '',
  code: '123456',
  password: 'correct horse',
  re_password: 'correct horse',
  invite_code: ' ab12 ',
  agree: true,
}

describe('registration form', () => {
  it('sends the e-mail trimmed (the server lower-cases it), the invite code upper-cased, agree true', () => {
    const { errors, input } = checkRegister(good, true)
    expect(errors).toEqual({})
    expect(input).toEqual({
      type: 'email',
      email: 'Ann@Example.COM',
      code: '123456',
      password: 'correct horse',
      re_password: 'correct horse',
      invite_code: 'AB12',
      agree: true,
    })
  })

  it('refuses different passwords with "Two passwords are inconsistent", before any call', () => {
    const { errors, input } = checkRegister({ ...good, re_password: 'correct horse!' }, false)
    expect(input).toBeUndefined()
    expect(ids(errors)).toEqual({ re_password: 'auth.error.passwordMismatch' })
  })

  it('refuses to send without the user protocol accepted', () => {
    const { errors, input } = checkRegister({ ...good, agree: false }, false)
    expect(input).toBeUndefined()
    expect(ids(errors)).toEqual({ agree: 'auth.error.agreeRequired' })
  })

  it('requires an invitation code only when the operator says so', () => {
    expect(ids(checkRegister({ ...good, invite_code: '' }, true).errors)).toEqual({
      invite_code: 'auth.error.inviteRequired',
    })
    expect(checkRegister({ ...good, invite_code: '' }, false).input?.invite_code).toBe('')
    expect(ids(checkRegister({ ...good, invite_code: 'ab-12' }, false).errors)).toEqual({
      invite_code: 'auth.error.inviteInvalid',
    })
  })

  it('names every problem of an empty form under its own field', () => {
    const empty: RegisterDraft = {
      ...good,
      email: '',
      code: '',
      password: '',
      re_password: '',
      invite_code: '',
      agree: false,
    }
    expect(ids(checkRegister(empty, true).errors)).toEqual({
      email: 'auth.error.emailRequired',
      code: 'auth.error.codeRequired',
      password: 'auth.error.passwordRequired',
      re_password: 'auth.error.confirmRequired',
      invite_code: 'auth.error.inviteRequired',
      agree: 'auth.error.agreeRequired',
    })
  })

  it('checks lengths and shapes: short password, 5-digit code, bad e-mail', () => {
    const d = { ...good, email: 'ann@', code: '12345', password: 'short', re_password: 'short' }
    expect(ids(checkRegister(d, false).errors)).toEqual({
      email: 'auth.error.emailInvalid',
      code: 'auth.error.codeInvalid',
      password: 'auth.error.passwordShort',
    })
  })

  it('by phone: sends area code and digits only, and refuses a number with letters', () => {
    const phone = { ...good, type: 'phone' as const, email: '', phone: '138 0013-8000' }
    expect(checkRegister(phone, false).input).toMatchObject({ type: 'phone', area_code: '86', phone: '13800138000' })
    expect(checkRegister(phone, false).input).not.toHaveProperty('email')
    expect(ids(checkRegister({ ...phone, phone: '138abc' }, false).errors)).toEqual({
      phone: 'auth.error.phoneInvalid',
    })
  })

  it('wallet sign-up from this screen checks only the invitation code and the agreement', () => {
    expect(ids(checkWalletSignUp({ invite_code: '', agree: false }, true))).toEqual({
      invite_code: 'auth.error.inviteRequired',
      agree: 'auth.error.agreeRequired',
    })
    expect(checkWalletSignUp({ invite_code: '', agree: true }, false)).toEqual({})
  })
})

describe('login form', () => {
  it('needs the account and a password, without a length rule (old passwords still sign in)', () => {
    expect(ids(checkLogin({ type: 'email', email: '', area_code: '1', phone: '', password: '' }).errors)).toEqual({
      email: 'auth.error.emailRequired',
      password: 'auth.error.passwordRequired',
    })
    expect(
      checkLogin({ type: 'phone', email: 'x', area_code: '1', phone: '2025550123', password: 'abc' }).input,
    ).toEqual({
      type: 'phone',
      area_code: '1',
      phone: '2025550123',
      password: 'abc',
    })
  })
})

describe('server errors on the sign-in forms', () => {
  it('a field the server names goes under that field; area_code under the phone (its picker sits in it)', () => {
    const taken = new ApiError('envelope', 400, 'This e-mail is already registered', { field: 'email' })
    expect(authFailure(taken)).toEqual({ field: 'email', text: 'This e-mail is already registered' })
    expect(authFailure(new ApiError('envelope', 422, 'Invalid', { field: 'area_code' })).field).toBe('phone')
  })
})

describe('after sign-in', () => {
  it('returns to the remembered path, never to a sign-in screen', () => {
    expect(afterSignInPath('/feedlist?page=2')).toBe('/feedlist?page=2')
    expect(afterSignInPath(null)).toBe('/user-center')
    expect(afterSignInPath('/login')).toBe('/user-center')
    expect(afterSignInPath('/register?code=AB12')).toBe('/user-center')
    expect(afterSignInPath('/login-help')).toBe('/login-help')
  })
})

describe('send-code countdown', () => {
  it('counts whole seconds up from the server resend_after_s, and ends at 0', () => {
    const t0 = 1_700_000_000_000
    const end = t0 + 60_000
    expect(secondsLeft(end, t0)).toBe(60)
    expect(secondsLeft(end, t0 + 1)).toBe(60) // 59.999 s left still reads 60
    expect(secondsLeft(end, t0 + 1000)).toBe(59)
    expect(secondsLeft(end, t0 + 59_001)).toBe(1)
    expect(secondsLeft(end, t0 + 60_000)).toBe(0)
    expect(secondsLeft(end, t0 + 3_600_000)).toBe(0)
    expect(secondsLeft(null, t0)).toBe(0)
  })
})
