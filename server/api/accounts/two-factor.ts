/**
 * Two-factor authentication by TOTP (issue 24 part 7): user/two_factor_setup makes a secret to scan,
 * user/two_factor_enable turns it on with a code from it (and the login password) and answers the recovery codes,
 * user/two_factor_disable turns it off with a code or a recovery code. Rules in accounts/two-factor.ts.
 */
import * as z from 'zod/mini'
import {
  twoFactorCodeInput,
  twoFactorEnableAnswer,
  twoFactorEnableInput,
  twoFactorSetupAnswer,
} from '../../../common/api/two-factor'
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../../accounts/two-factor'
import { defineRoute } from '../route'

export const twoFactorSetupRoute = defineRoute({
  method: 'POST',
  path: 'user/two_factor_setup',
  summary:
    'Starts turning on two-factor authentication: a new TOTP secret (base32; 6 digits, 30 s, SHA-1) and its ' +
    '`otpauth://totp/…` URI for the authenticator app’s QR code. Refused when it is on already.',
  auth: 'user',
  data: twoFactorSetupAnswer,
  handler: ({ deps, session }) => setupTwoFactor(deps.db, session.userId),
})

export const twoFactorEnableRoute = defineRoute({
  method: 'POST',
  path: 'user/two_factor_enable',
  summary:
    'Turns two-factor authentication on with a current code of the setup’s secret and the login password (when the ' +
    'account has one); answers 10 single-use recovery codes, shown this once. From then on sign-in and withdrawals ' +
    'need a code; withdrawals are held for 24 h. 5 wrong codes per 15 min.',
  auth: 'user',
  input: twoFactorEnableInput,
  data: twoFactorEnableAnswer,
  handler: ({ body, deps, session, ip, locale }) =>
    enableTwoFactor(deps.db, { userId: session.userId, ip, locale }, body),
})

export const twoFactorDisableRoute = defineRoute({
  method: 'POST',
  path: 'user/two_factor_disable',
  summary:
    'Turns two-factor authentication off with a current code or a recovery code (5 wrong per 15 min); withdrawals ' +
    'are held for 24 h.',
  auth: 'user',
  input: twoFactorCodeInput,
  data: z.null(),
  async handler({ body, deps, session, ip, locale }) {
    await disableTwoFactor(deps.db, { userId: session.userId, ip, locale }, body.code)
    return null
  },
})
