/**
 * Client-side checks of the sign-in and registration forms, before anything is sent: each problem is a Lingui
 * message under the field it belongs to. The server checks the same again (common/api/account) and more (code
 * valid, account free, password not common); its field errors land under the same field names.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  CODE_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  areaCodeField,
  codeField,
  emailField,
  inviteCodeField,
  phoneField,
  type AccountType,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
  type SendCodeInput,
} from '../../../common/api/account'

/** The account part of a form as typed: e-mail, or area code (digits, no "+") and phone. Keys are the wire names. */
export interface AccountDraft {
  type: AccountType
  email: string
  area_code: string
  phone: string
}

export interface LoginDraft extends AccountDraft {
  password: string
}

export interface RegisterDraft extends AccountDraft {
  code: string
  password: string
  re_password: string
  invite_code: string
  agree: boolean
}

/** Form fields that show problems, named as the server names them (the area code's show with the phone). */
export type AuthField = 'email' | 'phone' | 'password' | 're_password' | 'code' | 'invite_code' | 'agree'

/** Problems by field; empty when the form may be sent. */
export type FieldErrors = Partial<Record<AuthField, MessageDescriptor>>

const MSG = {
  emailRequired: msg({ id: 'auth.error.emailRequired', message: 'Enter your e-mail address' }),
  emailInvalid: msg({ id: 'auth.error.emailInvalid', message: 'Enter a valid e-mail address' }),
  phoneRequired: msg({ id: 'auth.error.phoneRequired', message: 'Enter your phone number' }),
  phoneInvalid: msg({ id: 'auth.error.phoneInvalid', message: 'Enter a valid phone number, without the country code' }),
  areaCodeRequired: msg({ id: 'auth.error.areaCodeRequired', message: 'Choose your country or region code' }),
  passwordRequired: msg({ id: 'auth.error.passwordRequired', message: 'Enter your password' }),
  confirmRequired: msg({ id: 'auth.error.confirmRequired', message: 'Enter the password again' }),
  mismatch: msg({ id: 'auth.error.passwordMismatch', message: 'Two passwords are inconsistent' }),
  codeRequired: msg({ id: 'auth.error.codeRequired', message: 'Enter the verification code' }),
  inviteRequired: msg({ id: 'auth.error.inviteRequired', message: 'Enter your invitation code' }),
  inviteInvalid: msg({ id: 'auth.error.inviteInvalid', message: 'An invitation code has up to 16 letters and digits' }),
  agree: msg({ id: 'auth.error.agreeRequired', message: 'Please read and agree to the user protocol first' }),
}

function passwordTooShort(): MessageDescriptor {
  const min = PASSWORD_MIN
  return msg({ id: 'auth.error.passwordShort', message: `Use at least ${min} characters` })
}

function passwordTooLong(): MessageDescriptor {
  const max = PASSWORD_MAX
  return msg({ id: 'auth.error.passwordLong', message: `Use at most ${max} characters` })
}

function codeShape(): MessageDescriptor {
  const length = CODE_LENGTH
  return msg({ id: 'auth.error.codeInvalid', message: `The code has ${length} digits` })
}

/** Checks the e-mail, or the area code and phone, of `d`. */
export function checkAccount(d: AccountDraft): FieldErrors {
  if (d.type === 'email') {
    if (!d.email.trim()) return { email: MSG.emailRequired }
    return emailField.safeParse(d.email).success ? {} : { email: MSG.emailInvalid }
  }
  if (!areaCodeField.safeParse(d.area_code).success) return { phone: MSG.areaCodeRequired }
  if (!d.phone.trim()) return { phone: MSG.phoneRequired }
  return phoneField.safeParse(d.phone).success ? {} : { phone: MSG.phoneInvalid }
}

/** The account part of a request: only the fields of its type. */
export function accountInput(d: AccountDraft): Pick<SendCodeInput, 'type' | 'email' | 'area_code' | 'phone'> {
  return d.type === 'email'
    ? { type: 'email', email: d.email.trim() }
    : { type: 'phone', area_code: d.area_code, phone: d.phone.replace(/[\s-]/g, '') }
}

/** Checks the login form; `input` is set when there is nothing to fix. */
export function checkLogin(d: LoginDraft): { errors: FieldErrors; input?: LoginInput } {
  const errors: FieldErrors = { ...checkAccount(d) }
  if (!d.password) errors.password = MSG.passwordRequired
  else if (d.password.length > PASSWORD_MAX) errors.password = passwordTooLong()
  return isEmpty(errors) ? { errors, input: { ...accountInput(d), password: d.password } } : { errors }
}

/** Checks the new password and its confirmation (registration, password changes). */
export function checkNewPassword(password: string, rePassword: string): FieldErrors {
  const errors: FieldErrors = {}
  if (!password) errors.password = MSG.passwordRequired
  else if (password.length < PASSWORD_MIN) errors.password = passwordTooShort()
  else if (password.length > PASSWORD_MAX) errors.password = passwordTooLong()
  if (!rePassword) errors.re_password = MSG.confirmRequired
  else if (password && rePassword !== password) errors.re_password = MSG.mismatch
  return errors
}

/** The forgot-password form as typed: the account, the code it received, the new password twice. */
export interface ResetDraft extends AccountDraft {
  code: string
  password: string
  re_password: string
}

/** Checks the forgot-password form; `input` is set when there is nothing to fix. */
export function checkReset(d: ResetDraft): { errors: FieldErrors; input?: ResetPasswordInput } {
  const errors: FieldErrors = { ...checkAccount(d), ...checkNewPassword(d.password, d.re_password) }
  const code = d.code.trim()
  if (!code) errors.code = MSG.codeRequired
  else if (!codeField.safeParse(code).success) errors.code = codeShape()
  if (!isEmpty(errors)) return { errors }
  return { errors, input: { ...accountInput(d), code, password: d.password, re_password: d.re_password } }
}

/**
 * Checks the registration form; `input` is set when there is nothing to fix.
 * @param inviteRequired the operator's `invite_required` setting (common/config)
 */
export function checkRegister(
  d: RegisterDraft,
  inviteRequired: boolean,
): { errors: FieldErrors; input?: RegisterInput } {
  const errors: FieldErrors = { ...checkAccount(d), ...checkNewPassword(d.password, d.re_password) }
  const code = d.code.trim()
  if (!code) errors.code = MSG.codeRequired
  else if (!codeField.safeParse(code).success) errors.code = codeShape()
  Object.assign(errors, checkWalletSignUp(d, inviteRequired))
  if (!isEmpty(errors)) return { errors }
  const input: RegisterInput = {
    ...accountInput(d),
    code,
    password: d.password,
    re_password: d.re_password,
    invite_code: d.invite_code.trim().toUpperCase(),
    agree: true,
  }
  return { errors, input }
}

/** Checks the invitation code alone. */
export function checkInviteCode(inviteCode: string, inviteRequired: boolean): FieldErrors {
  const invite = inviteCode.trim()
  if (!invite && inviteRequired) return { invite_code: MSG.inviteRequired }
  return inviteCodeField.safeParse(invite).success ? {} : { invite_code: MSG.inviteInvalid }
}

/** Checks a wallet sign-up from the registration screen: the invitation code and the agreement, nothing else. */
export function checkWalletSignUp(
  d: Pick<RegisterDraft, 'invite_code' | 'agree'>,
  inviteRequired: boolean,
): FieldErrors {
  const errors = checkInviteCode(d.invite_code, inviteRequired)
  return d.agree ? errors : { ...errors, agree: MSG.agree }
}

/** True when `errors` names no field. */
export function isEmpty(errors: FieldErrors): boolean {
  return Object.keys(errors).length === 0
}
