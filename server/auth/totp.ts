/**
 * Time-based one-time passwords (RFC 6238) through the `otpauth` library: 6 digits, 30 s steps, HMAC-SHA-1 — what
 * Google Authenticator, Microsoft Authenticator, 1Password and Authy read from an `otpauth://totp/…` QR code — and
 * the recovery codes that stand in for a lost authenticator: lookup secrets of 120 random bits each, used once and
 * kept as SHA-256 (OWASP ASVS 5.0 §6.5.1–6.5.2: at least 112 bits, then an unsalted approved hash is enough).
 */
import { randomBytes } from 'node:crypto'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { base32 } from '@scure/base'
import { Secret, TOTP } from 'otpauth'

/** Seconds per step (RFC 6238's default, and what every authenticator app assumes). */
export const TOTP_PERIOD_S = 30
/** Digits of a code. */
export const TOTP_DIGITS = 6
/** Steps either side of now that are accepted: a phone clock 30 s off still works (RFC 6238 §5.2 recommends one). */
export const TOTP_WINDOW = 1
/** The issuer shown in the authenticator app beside the account name. */
export const TOTP_ISSUER = 'TC Market'
/** How many recovery codes enrolment makes, and their length (base32 characters = 5 bits each, shown in groups of 4). */
export const RECOVERY_CODE_COUNT = 10
export const RECOVERY_CODE_LENGTH = 24

/** A new random secret, base32 without padding: 160 bits (RFC 4226 §4 recommends 160). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/**
 * The `otpauth://totp/<issuer>:<account>?secret=…&issuer=…` URI an authenticator app scans (Key Uri Format).
 * @param account the user's display name (e-mail, phone or wallet), shown in the app
 */
export function totpUri(secret: string, account: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: account,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  }).toString()
}

/** The step (Unix seconds / 30) of epoch ms `now`. */
export const stepOf = (now: number): number => Math.floor(now / 1000 / TOTP_PERIOD_S)

/**
 * The step `code` belongs to when it is right for `secret` within TOTP_WINDOW steps of `now` (epoch ms), else null.
 * Spaces in the code are ignored. The caller must still refuse a step already used (RFC 6238 §5.2).
 */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s/g, '')
  if (!/^\d{6}$/.test(token)) return null
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    timestamp: now,
    window: TOTP_WINDOW,
  })
  return delta === null ? null : stepOf(now) + delta
}

/** The code of `secret` at epoch ms `now` (tests, and a user's authenticator). */
export function totpCode(secret: string, now = Date.now()): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    timestamp: now,
  })
}

/** New recovery codes: `RECOVERY_CODE_COUNT` of `RECOVERY_CODE_LENGTH` base32 letters and digits, `XXXX-XXXX-…`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    base32
      .encode(randomBytes(15)) // 120 bits = 24 characters, no padding
      .match(/.{4}/g)!
      .join('-'),
  )
}

/** A typed recovery code as stored: upper case, without dashes or spaces; null when it cannot be one. */
export function normalRecoveryCode(code: string): string | null {
  const plain = code.replace(/[\s-]/g, '').toUpperCase()
  return new RegExp(`^[A-Z2-7]{${RECOVERY_CODE_LENGTH}}$`).test(plain) ? plain : null
}

/** SHA-256 (hex) of a normalized recovery code: 120 random bits each, so a fast hash is enough (no dictionary). */
export const recoveryHash = (normal: string): string => bytesToHex(sha256(utf8ToBytes(normal)))
