/** Account calls (`user/*`): sign-in, sessions, passwords, user info, referral. Answers parsed with common/api/account. */
import * as z from 'zod/mini'
import {
  sendCodeAnswer,
  sessionAnswer,
  sessionListAnswer,
  shareAnswer,
  siweNonceAnswer,
  userInfoSchema,
  type ForgotPasswordInput,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
  type SendCodeInput,
  type SessionAnswer,
  type SessionList,
  type UserInfo,
} from '../../common/api/account'
import { favouritesSchema, type Favourites } from '../../common/api/favourites'
import { wsTicketSchema, type WsTicket } from '../../common/api/stream'
import {
  twoFactorEnableAnswer,
  twoFactorSetupAnswer,
  type TwoFactorEnableAnswer,
  type TwoFactorEnableInput,
  type TwoFactorSetupAnswer,
} from '../../common/api/two-factor'
import { deviceTokenFor, keepDeviceToken, type AccountRef } from '../state/device-tokens'
import { createLogoutCall } from './logout-call'
import type { Params } from './request'
import type { CallOptions, Caller } from './public'

const nothing = z.unknown()

export interface AccountApi {
  /** POST user/send_code: a code to an e-mail or phone. */
  sendCode(input: SendCodeInput, opts?: CallOptions): Promise<z.infer<typeof sendCodeAnswer>>
  /** POST user/forgot_password: a code to reset the login password, to the account's e-mail or phone. */
  forgotPassword(input: ForgotPasswordInput, opts?: CallOptions): Promise<z.infer<typeof sendCodeAnswer>>
  /** POST user/reset_password: sets the new login password with that code; every session ends. */
  resetPassword(input: ResetPasswordInput, opts?: CallOptions): Promise<void>
  /** POST user/register: creates the account and signs in. */
  register(input: RegisterInput, opts?: CallOptions): Promise<SessionAnswer>
  /**
   * POST user/login, with the device token this browser holds for the account (unless `input` brings one); the token
   * answered is kept for the next sign-in (src/state/device-tokens.ts). Register keeps its token too.
   */
  login(input: LoginInput, opts?: CallOptions): Promise<SessionAnswer>
  /** POST user/siwe_nonce: the EIP-4361 message for `address` on `chain_id`. */
  siweNonce(input: { address: string; chain_id: number }, opts?: CallOptions): Promise<z.infer<typeof siweNonceAnswer>>
  /** POST user/siwe_login: signs in (or up) with the signed message (and the authenticator's code once asked for). */
  siweLogin(
    input: { message: string; signature: string; invite_code?: string; totp_code?: string },
    opts?: CallOptions,
  ): Promise<SessionAnswer>
  /** POST user/logout: ends this session on the server. */
  logoutSession(opts?: CallOptions): Promise<void>
  /** GET user/info: the signed-in user. */
  userInfo(opts?: CallOptions): Promise<UserInfo>
  /** POST user/change_password: ends every session; sign in again afterwards. */
  changePassword(
    input: { old_password: string; password: string; re_password: string },
    opts?: CallOptions,
  ): Promise<void>
  /** POST user/set_pay_password: set (with login_password) or change (with old_pay_password). */
  setPayPassword(
    input: { login_password?: string; old_pay_password?: string; pay_password: string; re_pay_password: string },
    opts?: CallOptions,
  ): Promise<void>
  /** POST user/bind_email: a wallet account adds an e-mail (and a password when it has none). */
  bindEmail(
    input: { email: string; code: string; password?: string; re_password?: string },
    opts?: CallOptions,
  ): Promise<UserInfo>
  /** GET user/sessions: the user's live sessions (device, address, sign-in and last use), most recently used first. */
  sessionList(opts?: CallOptions): Promise<SessionList>
  /**
   * POST user/session_revoke: ends session `id` of the user (that device is signed out at its next call). Refused
   * under `id` when it is not a live session of the user.
   */
  sessionRevoke(id: number, opts?: CallOptions): Promise<void>
  /** GET user/share: invitation code, link and subordinates. */
  share(opts?: CallOptions): Promise<z.infer<typeof shareAnswer>>
  /** POST user/ws_ticket: a single-use ticket (valid `expires_in` s, 30) for the user stream's `auth`. */
  wsTicket(opts?: CallOptions): Promise<WsTicket>
  /** GET user/favourites: the account's starred markets, newest first (issue 24 part 1). */
  favourites(opts?: CallOptions): Promise<Favourites>
  /** POST user/favourites: replaces them. */
  saveFavourites(symbols: readonly string[], opts?: CallOptions): Promise<Favourites>
  /** POST user/anti_phishing: sets the code every e-mail to the account starts with (login password when it has one). */
  setAntiPhishing(input: { phrase: string; password?: string }, opts?: CallOptions): Promise<void>
  /** POST user/two_factor_setup: a new TOTP secret and its `otpauth://` URI to scan (issue 24 part 7). */
  twoFactorSetup(opts?: CallOptions): Promise<TwoFactorSetupAnswer>
  /** POST user/two_factor_enable: turns it on with a code and the login password; the 10 recovery codes. */
  twoFactorEnable(input: TwoFactorEnableInput, opts?: CallOptions): Promise<TwoFactorEnableAnswer>
  /** POST user/two_factor_disable: turns it off with a code or a recovery code. */
  twoFactorDisable(code: string, opts?: CallOptions): Promise<void>
}

/** Keeps the device token a sign-in answered for its account (src/state/device-tokens.ts); answers `answer`. */
function kept(account: AccountRef, answer: SessionAnswer): SessionAnswer {
  if (answer.device_token) keepDeviceToken(account, answer.device_token)
  return answer
}

/** Builds the account calls. */
export function createAccountApi(call: Caller): AccountApi {
  const p = (input: object) => input as Params
  return {
    sendCode: (input, opts) => call.post('user/send_code', sendCodeAnswer, p(input), opts),
    forgotPassword: (input, opts) => call.post('user/forgot_password', sendCodeAnswer, p(input), opts),
    resetPassword: async (input, opts) => void (await call.post('user/reset_password', nothing, p(input), opts)),
    register: async (input, opts) => kept(input, await call.post('user/register', sessionAnswer, p(input), opts)),
    login: async (input, opts) => {
      const device_token = input.device_token ?? deviceTokenFor(input)
      return kept(input, await call.post('user/login', sessionAnswer, p({ ...input, device_token }), opts))
    },
    siweNonce: (input, opts) => call.post('user/siwe_nonce', siweNonceAnswer, p(input), opts),
    siweLogin: (input, opts) => call.post('user/siwe_login', sessionAnswer, p(input), opts),
    logoutSession: createLogoutCall(call),
    userInfo: (opts) => call.getAuth('user/info', userInfoSchema, undefined, opts),
    changePassword: async (input, opts) => void (await call.postAuth('user/change_password', nothing, p(input), opts)),
    setPayPassword: async (input, opts) => void (await call.postAuth('user/set_pay_password', nothing, p(input), opts)),
    bindEmail: (input, opts) => call.postAuth('user/bind_email', userInfoSchema, p(input), opts),
    sessionList: (opts) => call.getAuth('user/sessions', sessionListAnswer, undefined, opts),
    sessionRevoke: async (id, opts) => void (await call.postAuth('user/session_revoke', nothing, { id }, opts)),
    share: (opts) => call.getAuth('user/share', shareAnswer, undefined, opts),
    wsTicket: (opts) => call.postAuth('user/ws_ticket', wsTicketSchema, {}, opts),
    favourites: (opts) => call.getAuth('user/favourites', favouritesSchema, undefined, opts),
    saveFavourites: (symbols, opts) =>
      call.postAuth('user/favourites', favouritesSchema, p({ symbols: [...symbols] }), opts),
    setAntiPhishing: async (input, opts) => void (await call.postAuth('user/anti_phishing', nothing, p(input), opts)),
    twoFactorSetup: (opts) => call.postAuth('user/two_factor_setup', twoFactorSetupAnswer, {}, opts),
    twoFactorEnable: (input, opts) => call.postAuth('user/two_factor_enable', twoFactorEnableAnswer, p(input), opts),
    twoFactorDisable: async (code, opts) =>
      void (await call.postAuth('user/two_factor_disable', nothing, { code }, opts)),
  }
}
