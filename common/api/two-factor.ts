/**
 * Two-factor authentication by TOTP (issue 24 part 7): the calls that turn it on and off, and the `totp_code` field
 * that sign-in and withdrawals take once it is on. The server keeps the rules (server/accounts/two-factor.ts).
 */
import * as z from 'zod/mini'
import { NO_NUL } from './ids'

/**
 * What the user types as a second factor: a 6-digit code from the authenticator app or, at sign-in and to turn it
 * off, a recovery code (`XXXX-XXXX-XXXX-XXXX-XXXX-XXXX`, dashes and case optional). Only shape and length here.
 */
export const secondFactorField = z.string().check(z.regex(NO_NUL), z.minLength(1), z.maxLength(64))

/** POST user/two_factor_setup: no body. Answer: the new secret (base32) and the `otpauth://totp/…` URI to scan. */
export const twoFactorSetupAnswer = z.object({ secret: z.string(), uri: z.string() })
export type TwoFactorSetupAnswer = z.infer<typeof twoFactorSetupAnswer>

/** POST user/two_factor_disable: the code (or a recovery code) that proves the authenticator. */
export const twoFactorCodeInput = z.object({ code: secondFactorField })
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeInput>

/**
 * POST user/two_factor_enable: a code from the secret of two_factor_setup and, for an account with a login password,
 * that password (a stolen session must not lock the owner out behind the thief's authenticator).
 */
export const twoFactorEnableInput = z.object({
  code: secondFactorField,
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
})
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableInput>

/** Answer of user/two_factor_enable: the recovery codes, each usable once, shown this one time. */
export const twoFactorEnableAnswer = z.object({ recovery_codes: z.array(z.string()) })
export type TwoFactorEnableAnswer = z.infer<typeof twoFactorEnableAnswer>
