/**
 * Changing secrets of the signed-in user: the login password (user/change_password, which then ends every session
 * of the user, ASVS 7.4.3) and the trading password (user/set_pay_password). Each change asks for a secret the user
 * already has, checked under the per-user attempt window. A forgotten login password is reset with a code sent to the
 * account's e-mail or phone (user/forgot_password, user/reset_password). The anti-phishing code that starts the
 * account's e-mails is set here too (user/anti_phishing).
 */
import * as z from 'zod/mini'
import {
  antiPhishingInput,
  changePasswordInput,
  forgotPasswordInput,
  resetPasswordInput,
  sendCodeAnswer,
  setPayPasswordInput,
} from '../../../common/api/account'
import { setAntiPhishing } from '../../accounts/anti-phishing'
import { changePassword, setPayPassword } from '../../accounts/passwords'
import { forgotPassword, resetPassword } from '../../accounts/reset-password'
import { defineRoute } from '../route'

export const changePasswordRoute = defineRoute({
  method: 'POST',
  path: 'user/change_password',
  summary:
    'Changes the login password (old one required; 5 wrong tries per 15 min) and ends every session of the user, ' +
    'this one included: sign in again.',
  auth: 'user',
  input: changePasswordInput,
  data: z.null(),
  async handler({ body, deps, session, ip, locale }) {
    await changePassword(deps, session.userId, body, { ip, locale })
    return null
  },
})

export const setPayPasswordRoute = defineRoute({
  method: 'POST',
  path: 'user/set_pay_password',
  summary:
    'Sets the trading (withdrawal) password, confirmed by the login password, or changes it, confirmed by the ' +
    'current one (5 wrong tries per 15 min). It must differ from the login password.',
  auth: 'user',
  input: setPayPasswordInput,
  data: z.null(),
  async handler({ body, deps, session, ip, locale }) {
    await setPayPassword(deps, session.userId, body, { ip, locale })
    return null
  },
})

export const antiPhishingRoute = defineRoute({
  method: 'POST',
  path: 'user/anti_phishing',
  summary:
    'Sets or changes the anti-phishing code (4–20 letters, digits, _ or -) that starts every e-mail to the account’s ' +
    'address, confirmed by the login password when the account has one (5 wrong tries per 15 min).',
  auth: 'user',
  input: antiPhishingInput,
  data: z.null(),
  async handler({ body, deps, session, ip, locale }) {
    await setAntiPhishing(deps, session.userId, body, { ip, locale })
    return null
  },
})

export const forgotPasswordRoute = defineRoute({
  method: 'POST',
  path: 'user/forgot_password',
  summary:
    'Sends a 6-digit code (valid 10 min) to reset the login password to the account’s e-mail or phone; the same ' +
    'answer for an address no account uses (which is told so instead). Limits of send_code: HTTP 429 beyond them.',
  input: forgotPasswordInput,
  data: sendCodeAnswer,
  handler: ({ body, deps, ip, locale }) => forgotPassword(deps, body, { ip, locale }),
})

export const resetPasswordRoute = defineRoute({
  method: 'POST',
  path: 'user/reset_password',
  summary:
    'Sets a new login password with the code from forgot_password and ends every session of the account. Attempts ' +
    'count like sign-in attempts per client address; 5 wrong codes end a code.',
  input: resetPasswordInput,
  data: z.null(),
  async handler({ body, deps, ip, locale }) {
    await resetPassword(deps, body, { ip, locale })
    return null
  },
})
