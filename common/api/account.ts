/**
 * Account calls (`user/*`): sign-in by e-mail, phone or wallet (EIP-4361), sessions, passwords and the user info the
 * app keeps under USERINFO. Shared by the server (validation, OpenAPI) and the app (forms, answers). Business rules
 * that need a translated message (passwords match, protocol accepted, code valid) are checked by the handlers, not
 * here, so these schemas carry only shape and length.
 */
import * as z from 'zod/mini'
import { idSchema, NO_NUL } from './ids'
import { secondFactorField } from './two-factor'
import { userInfoSchema } from './user-info'

/** Password length bounds (reliability S1 / ASVS 6.2.1, 6.2.9: at least 8, at least 64 allowed, no composition rules). */
export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

/** Verification code: 6 digits, valid 10 minutes, one per 60 s per address. */
export const CODE_LENGTH = 6
export const CODE_TTL_S = 600
export const CODE_RESEND_S = 60

/** Trimmed text up to `max` characters, without NUL (ids.ts: PostgreSQL cannot take it; a 422 names the field). */
const trimmed = (max: number) =>
  z
    .pipe(
      z.string().check(z.regex(NO_NUL)),
      z.transform((s: string) => s.trim()),
    )
    .check(z.maxLength(max))
/** E-mail, trimmed and lower-cased. */
export const emailField = z.pipe(
  z.pipe(
    z.string(),
    z.transform((s: string) => s.trim().toLowerCase()),
  ),
  z.email().check(z.maxLength(254)),
)
/** Calling code without "+", e.g. "86". */
export const areaCodeField = z.string().check(z.regex(/^\d{1,4}$/))
/** National number, digits only (spaces and dashes are removed first). */
export const phoneField = z.pipe(
  z.pipe(
    z.string(),
    z.transform((s: string) => s.replace(/[\s-]/g, '')),
  ),
  z.string().check(z.regex(/^\d{4,15}$/)),
)
export const passwordField = z.string().check(z.minLength(PASSWORD_MIN), z.maxLength(PASSWORD_MAX))
/** Any non-empty password up to the maximum (login, old password: policy is checked when it is set, not here). */
export const anyPasswordField = z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX))
export const codeField = z.string().check(z.regex(/^\d{6}$/))
/** Invitation code: letters and digits, case-insensitive (stored upper-case); empty = none. */
export const inviteCodeField = z.pipe(
  z.pipe(
    z.string(),
    z.transform((s: string) => s.trim().toUpperCase()),
  ),
  z.string().check(z.regex(/^[A-Z0-9]{0,16}$/)),
)

/** How an account is named at sign-in. */
export const ACCOUNT_TYPES = ['email', 'phone'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

/**
 * The account part of register, login and send_code: `type` email needs `email`; phone needs `area_code` and
 * `phone`. Unused fields are ignored.
 */
const accountFields = {
  type: z.enum(ACCOUNT_TYPES),
  email: z.optional(emailField),
  area_code: z.optional(areaCodeField),
  phone: z.optional(phoneField),
}

/** POST user/send_code: a 6-digit code to an e-mail (or a phone, via SMS). Answer: SendCodeAnswer. */
export const sendCodeInput = z.object({
  ...accountFields,
  purpose: z.enum(['register', 'bind_email']),
})
export type SendCodeInput = z.input<typeof sendCodeInput>
export const sendCodeAnswer = z.object({
  /** Where it went, masked (`a***@example.com`, `+86 138****0000`). */
  sent_to: z.string(),
  /** Seconds before another code may be asked for. */
  resend_after_s: z.int(),
  /** Seconds the code stays valid. */
  expires_in_s: z.int(),
})

/**
 * POST user/forgot_password: a 6-digit code to reset the login password, to the account's e-mail or phone (issue 24
 * part 7). Answer: SendCodeAnswer — the same for an address no account uses (that address is told so instead), with
 * the same limits as send_code.
 */
export const forgotPasswordInput = z.object({ ...accountFields })
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>

/**
 * POST user/reset_password: sets a new login password with the code from forgot_password, and ends every session
 * of the account. Answer: null.
 */
export const resetPasswordInput = z.object({
  ...accountFields,
  code: codeField,
  password: passwordField,
  re_password: z.string().check(z.maxLength(PASSWORD_MAX)),
})
export type ResetPasswordInput = z.input<typeof resetPasswordInput>

/** POST user/register. `agree` must be true (the user protocol); `invite_code` may be required by config. */
export const registerInput = z.object({
  ...accountFields,
  password: passwordField,
  re_password: z.string().check(z.maxLength(PASSWORD_MAX)),
  code: codeField,
  invite_code: z._default(inviteCodeField, ''),
  agree: z.boolean(),
})
export type RegisterInput = z.input<typeof registerInput>

/**
 * POST user/login. `totp_code`: once two-factor authentication is on, a right password without it is refused under
 * `totp_code` (`twoFactorRequired`), and the app asks for the code and sends both again.
 */
/** A device token (server/auth/login-devices.ts): 32 random bytes, base64url. */
export const deviceTokenField = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))

export const loginInput = z.object({
  ...accountFields,
  password: anyPasswordField,
  totp_code: z.optional(secondFactorField),
  /** The device token this browser was given by an earlier sign-in to the same account, if any. */
  device_token: z.optional(deviceTokenField),
})
export type LoginInput = z.input<typeof loginInput>

// In a module of their own: the app validates the stored USERINFO at start-up without this file's form schemas.
export { IDENTITY_STATUSES, userInfoSchema, type IdentityStatus, type UserInfo } from './user-info'

/**
 * Answer of register, login and siwe_login: a new session token (sent back in the `token` header); from a password
 * sign-in or a registration also the browser's device token for this account (keep it, and send it with the next
 * sign-in to it: a browser that signed in before keeps its own failure budget).
 */
export const sessionAnswer = z.object({
  token: z.string(),
  user: userInfoSchema,
  device_token: z.optional(deviceTokenField),
})
export type SessionAnswer = z.infer<typeof sessionAnswer>

/**
 * POST user/siwe_nonce: the EIP-4361 message the wallet is asked to sign, built by the server for one of its
 * configured origins (PUBLIC_ORIGIN; never a request header) with a fresh single-use nonce valid 10 minutes, bound to
 * `address`.
 */
export const siweNonceInput = z.object({
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  chain_id: z.int().check(z.minimum(1)),
})
export const siweNonceAnswer = z.object({ message: z.string(), nonce: z.string() })

/** POST user/siwe_login: the signed message; a first sign-in creates the account (with an optional invite code). */
export const siweLoginInput = z.object({
  message: z.string().check(z.maxLength(4096)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/)),
  invite_code: z._default(inviteCodeField, ''),
  /** As in user/login: asked for (nonce kept) when the wallet's account has two-factor authentication on. */
  totp_code: z.optional(secondFactorField),
})

/** POST user/change_password: ends every session of the user, the app then signs in again. */
export const changePasswordInput = z.object({
  old_password: anyPasswordField,
  password: passwordField,
  re_password: z.string().check(z.maxLength(PASSWORD_MAX)),
})

/**
 * POST user/set_pay_password: set (first time: `login_password` required) or change (`old_pay_password` required)
 * the transaction password.
 */
export const setPayPasswordInput = z.object({
  login_password: z.optional(anyPasswordField),
  old_pay_password: z.optional(anyPasswordField),
  pay_password: passwordField,
  re_pay_password: z.string().check(z.maxLength(PASSWORD_MAX)),
})

/** Anti-phishing code bounds: 4 to 20 letters, digits, `_` or `-` (Binance's rule is 4–20 letters, digits, `_`). */
export const ANTI_PHISHING_MIN = 4
export const ANTI_PHISHING_MAX = 20

/**
 * POST user/anti_phishing (issue 24 part 7): sets or changes the anti-phishing code that starts every e-mail to the
 * account's address, confirmed by the login password when the account has one. Answer: null.
 */
export const antiPhishingInput = z.object({
  phrase: z.pipe(
    z.pipe(
      z.string(),
      z.transform((s: string) => s.trim()),
    ),
    z.string().check(z.regex(new RegExp(`^[\\p{L}\\p{N}_-]{${ANTI_PHISHING_MIN},${ANTI_PHISHING_MAX}}$`, 'u'))),
  ),
  password: z.optional(anyPasswordField),
})

/** POST user/bind_email: a wallet account adds an e-mail (code purpose bind_email) and, if it has none, a password. */
export const bindEmailInput = z.object({
  email: emailField,
  code: codeField,
  password: z.optional(passwordField),
  re_password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX))),
})

/** GET user/share: the caller's invitation code, link and subordinates (direct = invited by them, total = all levels). */
export const shareAnswer = z.object({
  invite_code: z.string(),
  /** Absolute register URL carrying the code, on the origin the request came to. */
  invite_link: z.string(),
  direct_count: z.int(),
  total_count: z.int(),
})

/**
 * One live session of the caller in GET user/sessions (issue 24 part 7, ASVS 7.5.2): `device` is the browser and
 * system read from its user agent, in the caller's language ("Chrome on Android"); `ip` the address it signed in
 * from; `created_at` (signed in) and `last_used_at` are `YYYY-MM-DD HH:mm:ss` UTC, the latter to the minute (a
 * session's use is written at most once a minute); `current` marks the session making the call.
 */
export const sessionItemSchema = z.object({
  id: z.int(),
  device: z.string(),
  ip: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
})
export type SessionItem = z.infer<typeof sessionItemSchema>

/** GET user/sessions: the caller's sessions neither ended nor expired, most recently used first. */
export const sessionListAnswer = z.object({ list: z.array(sessionItemSchema) })
export type SessionList = z.infer<typeof sessionListAnswer>

/**
 * POST user/session_revoke: ends one session of the caller (the current one signs this device out). Answer: null.
 * An id that is not a live session of the caller (unknown, another user's, already ended) is refused under `id`.
 */
export const sessionRevokeInput = z.object({ id: idSchema })

export { trimmed as trimmedString }

/** GET admin/outbox (operators): the newest messages the server sent or kept, optionally to one recipient. */
export const adminOutboxQuery = z.object({
  /** Part of the recipient (e-mail or `+<area> <phone>`), case-insensitive; empty = all. */
  to: z._default(trimmed(254), ''),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(500))), 20),
})

/** One outbox message; `status` outbox = not delivered anywhere (no SMTP / SMS provider), sent, failed. */
export const outboxItemSchema = z.object({
  id: z.int(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['outbox', 'sent', 'failed']),
  error: z.nullable(z.string()),
  /** `YYYY-MM-DD HH:mm:ss` UTC. */
  created_at: z.string(),
})
export type OutboxItem = z.infer<typeof outboxItemSchema>
