/**
 * Two-factor authentication by TOTP (issue 24 part 7; RFC 6238 through auth/totp.ts). Turning it on takes two calls:
 * `user/two_factor_setup` makes a secret and answers it with its `otpauth://` URI (the app draws the QR code), and
 * `user/two_factor_enable` with a code from the authenticator turns it on and answers ten recovery codes, shown once.
 * Once on, sign-in (password or wallet) and withdrawals need a current code (sign-in also takes a recovery code), and
 * `user/two_factor_disable` turns it off with either. Every code is accepted once (RFC 6238 §5.2: a step is used up),
 * wrong codes count against RATE_RULES.twoFactorAccount (5 per 15 min per user), and turning it on or off holds
 * withdrawals for 24 h (money/withdraw-hold.ts HOLDING_CHANGES), as Binance does after a 2FA change.
 */
import { and, eq, sql } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { TwoFactorEnableAnswer, twoFactorEnableInput, TwoFactorSetupAnswer } from '../../common/api/two-factor'
import type { Locale } from '../../common/constants'
import { audit, type AuditAction } from '../auth/audit'
import { forgetDevices } from '../auth/login-devices'
import { RATE_RULES, rateLimitError, reserve } from '../auth/rate-limit'
import { confirmLoginPassword } from '../auth/secret-check'
import { matchingStep, newRecoveryCodes, newTotpSecret, normalRecoveryCode, recoveryHash, totpUri } from '../auth/totp'
import { buildUserInfo } from '../auth/user-info'
import type { Db } from '../db/client'
import { rowsOf } from '../stream/events'
import { twoFactor } from '../db/schema'
import { rejected } from '../domain/errors'

/** Who asks, for the audit log and the rate limit's message. */
export interface TwoFactorCaller {
  userId: number
  ip: string
  locale: Locale
}

/** The active secret of `userId`, or null when two-factor authentication is off. */
export async function twoFactorSecret(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId))
  return row?.secret ?? null
}

/**
 * Starts enrolment: a new secret (replacing one shown before and never confirmed) and its `otpauth://` URI.
 * @throws DomainError rejected `twoFactorAlreadyOn` when it is on already (turn it off first)
 */
export async function setupTwoFactor(db: Db, userId: number): Promise<TwoFactorSetupAnswer> {
  if (await twoFactorSecret(db, userId)) throw rejected('twoFactorAlreadyOn')
  const secret = newTotpSecret()
  await db
    .insert(twoFactor)
    .values({ userId, pendingSecret: secret })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { pendingSecret: secret } })
  const user = await buildUserInfo(db, userId)
  return { secret, uri: totpUri(secret, user?.account ?? String(userId)) }
}

/** Takes one unit of the caller's two-factor window, or refuses with 429 (audited). */
async function takeUnit(db: Db, who: TwoFactorCaller, action: AuditAction) {
  const slot = await reserve(db, [{ rule: RATE_RULES.twoFactorAccount, subject: String(who.userId) }])
  if (!slot.granted) {
    await audit(db, { userId: who.userId, action: 'rate_limited', result: 'refused', detail: action, ip: who.ip })
    throw rateLimitError(who.locale, 'tooManyAttempts', slot.retryAfterS)
  }
  return slot
}

/**
 * Turns two-factor authentication on with a code of the secret from setupTwoFactor, confirmed by the login password
 * when the account has one; answers the recovery codes (only their hashes are kept). The code's step is used up.
 * @throws DomainError rejected `twoFactorAlreadyOn`, `twoFactorNoSetup` (no setup first), `twoFactorWrong` (code),
 *   `loginPasswordRequired`/`loginPasswordWrong` (password); 429 `tooManyAttempts`
 */
export async function enableTwoFactor(
  db: Db,
  who: TwoFactorCaller,
  input: z.output<typeof twoFactorEnableInput>,
): Promise<TwoFactorEnableAnswer> {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, who.userId))
  if (row?.secret) throw rejected('twoFactorAlreadyOn')
  if (!row?.pendingSecret) throw rejected('twoFactorNoSetup')
  await confirmLoginPassword(db, { ...who, password: input.password, action: 'two_factor_enable' })
  const slot = await takeUnit(db, who, 'two_factor_enable')
  const step = matchingStep(row.pendingSecret, input.code)
  if (step === null) {
    await audit(db, { userId: who.userId, action: 'two_factor_enable', result: 'fail', ip: who.ip })
    throw rejected('twoFactorWrong', 'code')
  }
  const codes = newRecoveryCodes()
  // Only the secret that was shown: a second setup in between (another tab) makes this code's secret stale.
  const updated = await db
    .update(twoFactor)
    .set({
      secret: row.pendingSecret,
      pendingSecret: null,
      lastStep: step,
      recoveryHashes: codes.map((c) => recoveryHash(normalRecoveryCode(c)!)),
      enabledAt: sql`now()`,
    })
    .where(and(eq(twoFactor.userId, who.userId), eq(twoFactor.pendingSecret, row.pendingSecret)))
    .returning({ userId: twoFactor.userId })
  if (updated.length === 0) throw rejected('twoFactorNoSetup')
  await slot.release()
  await forgetDevices(db, who.userId)
  await audit(db, { userId: who.userId, action: 'two_factor_enable', result: 'ok', ip: who.ip })
  return { recovery_codes: codes }
}

/**
 * Turns two-factor authentication off with a current code or a recovery code.
 * @throws DomainError rejected `twoFactorNotOn`, `twoFactorWrong`/`twoFactorUsed` (code); 429 `tooManyAttempts`
 */
export async function disableTwoFactor(db: Db, who: TwoFactorCaller, code: string): Promise<void> {
  const secret = await twoFactorSecret(db, who.userId)
  if (!secret) throw rejected('twoFactorNotOn')
  await checkSecondFactor(db, who, { secret, code, field: 'code', recovery: true, action: 'two_factor_disable' })
  await db
    .update(twoFactor)
    .set({ secret: null, pendingSecret: null, lastStep: null, recoveryHashes: [], enabledAt: null })
    .where(eq(twoFactor.userId, who.userId))
  await forgetDevices(db, who.userId)
  await audit(db, { userId: who.userId, action: 'two_factor_disable', result: 'ok', ip: who.ip })
}

/** What checkSecondFactor checks. */
export interface SecondFactorCheck {
  /** The active secret (twoFactorSecret). */
  secret: string
  /** What the user typed. */
  code: string
  /** The input named in a refusal. */
  field: string
  /** Whether a recovery code is accepted too (sign-in and turning off; never a withdrawal). */
  recovery: boolean
  /** Audit action of the guarded call (written with result `fail` for a wrong code). */
  action: AuditAction
  /** When true the TOTP step is only checked, not used up: the caller uses it up with useStep in its transaction. */
  keepStep?: boolean
}

/**
 * Checks a second factor under the user's window (a right code gives its unit back) and uses it up: a TOTP code's
 * step (unless `keepStep`), or the recovery code itself. Answers the step of a TOTP code (null for a recovery code).
 * @throws DomainError rejected `twoFactorWrong` or `twoFactorUsed` naming `field`; 429 `tooManyAttempts`
 */
export async function checkSecondFactor(db: Db, who: TwoFactorCaller, c: SecondFactorCheck): Promise<number | null> {
  const slot = await takeUnit(db, who, c.action)
  const step = matchingStep(c.secret, c.code)
  if (step !== null) {
    if (!c.keepStep) await useStep(db, who.userId, step, c.field)
    await slot.release()
    return step
  }
  const normal = c.recovery ? normalRecoveryCode(c.code) : null
  if (normal) {
    const hash = recoveryHash(normal)
    const used = await db.execute(sql`
      update ${twoFactor} set recovery_hashes = array_remove(recovery_hashes, ${hash})
      where user_id = ${who.userId} and ${hash} = any(recovery_hashes)
      returning user_id`)
    if (rowsOf(used).length > 0) {
      await slot.release()
      await audit(db, { userId: who.userId, action: 'recovery_code_used', result: 'ok', detail: c.action, ip: who.ip })
      return null
    }
  }
  await audit(db, { userId: who.userId, action: c.action, result: 'fail', detail: 'wrong second factor', ip: who.ip })
  throw rejected('twoFactorWrong', c.field)
}

/**
 * Uses up TOTP step `step` of `userId`: only a step after the last one accepted passes (RFC 6238 §5.2), so one code
 * (or an older one) works once, whatever the number of calls racing with it. Call it in the transaction of what the
 * code authorizes, so a refused call leaves the step for the next try.
 * @throws DomainError rejected `twoFactorUsed` naming `field`
 */
export async function useStep(db: Db, userId: number, step: number, field: string): Promise<void> {
  const moved = await db.execute(sql`
    update ${twoFactor} set last_step = ${step}
    where user_id = ${userId} and secret is not null and (last_step is null or last_step < ${step})
    returning user_id`)
  if (rowsOf(moved).length === 0) throw rejected('twoFactorUsed', field)
}

/**
 * The second factor of a withdrawal: null when two-factor authentication is off; else the step of the right code,
 * which the withdrawal's transaction uses up (useStep), so a replay of its Idempotency-Key answers as the first call
 * did. A recovery code is not taken here (it signs in, then a new authenticator is enrolled).
 * @throws DomainError rejected `twoFactorRequired`/`twoFactorWrong` naming `totp_code`; 429 `tooManyAttempts`
 */
export async function withdrawalSecondFactor(
  db: Db,
  who: TwoFactorCaller,
  code: string | undefined,
): Promise<number | null> {
  const secret = await twoFactorSecret(db, who.userId)
  if (!secret) return null
  if (!code) throw rejected('twoFactorRequired', 'totp_code')
  const c = { secret, code, field: 'totp_code', recovery: false, action: 'withdraw_request', keepStep: true } as const
  return checkSecondFactor(db, who, c)
}
