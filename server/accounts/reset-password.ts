/**
 * A forgotten login password (issue 24 part 7; OWASP Forgot Password Cheat Sheet, ASVS 5.0 §6.4): the account's
 * e-mail or phone receives a code (user/forgot_password, the limits of send_code: one a minute and five an hour per
 * address, twenty an hour per client address), and user/reset_password sets a new password with it, then ends every
 * session of the account (a thief signed in with the old password is out). Attempts are counted like sign-in
 * attempts — the client address's window of login attempts (RATE_RULES.loginIp) — and per account address, 10 a day
 * (RATE_RULES.resetAddressDay: codes are 6 digits), at most CODE_MAX_ATTEMPTS guesses per code; each refusal is in the
 * audit log. A disabled account cannot be reset (checked after the code). The flip side of the daily budget: a
 * stranger who spends it keeps the owner from resetting that day (signing in with the password still works). An address no account uses gets the same answers (a code is made but never sent, so no code
 * matches): nothing here tells a stranger which addresses have accounts.
 */
import { eq, sql } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { forgotPasswordInput, resetPasswordInput, sendCodeAnswer } from '../../common/api/account'
import { accountName, accountNameForms, findUser } from '../auth/account-name'
import { audit } from '../auth/audit'
import { checkCode, consumeCode } from '../auth/codes'
import { forgetDevices } from '../auth/login-devices'
import { passwordProblem } from '../auth/password-policy'
import { hashPassword } from '../auth/passwords'
import { RATE_RULES, rateLimitError, reserve } from '../auth/rate-limit'
import { revokeAllSessions } from '../auth/sessions'
import { users } from '../db/schema'
import { nowOf, type ServiceDeps } from '../domain/deps'
import { rejected } from '../domain/errors'
import type { Client } from './client'
import { namesOf } from './passwords'
import { sendCode } from './send-code'

/**
 * Sends the code that resets the password of `input`'s account (or, for an address no account uses, says so to that
 * address); answers where it went (masked) and when another may be asked for.
 * @throws DomainError as send_code: bad_input, rejected `codeSendFailed`, rate_limited `tooManyCodes`.
 */
export function forgotPassword(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'sms' | 'smtpUrl' | 'now'>,
  input: z.output<typeof forgotPasswordInput>,
  client: Pick<Client, 'ip' | 'locale'>,
): Promise<z.output<typeof sendCodeAnswer>> {
  return sendCode(deps, { ...input, purpose: 'reset_password' }, { ...client, userId: null })
}

/**
 * Sets the new login password of `input`'s account with the code from forgotPassword and ends all its sessions.
 * @throws DomainError rejected naming the field (`re_password` differs, `password` weak or one of the account's
 *   names, `code` wrong, expired or tried too often), rejected `accountDisabled`; rate_limited `tooManyAttempts` when
 *   the client address or the account address has used its window of attempts.
 */
export async function resetPassword(
  deps: Pick<ServiceDeps, 'db' | 'now'>,
  input: z.output<typeof resetPasswordInput>,
  { ip, locale }: Pick<Client, 'ip' | 'locale'>,
): Promise<void> {
  const { db } = deps
  const account = accountName(input, locale)
  if (input.password !== input.re_password) throw rejected('passwordsDiffer', 're_password')
  const weak = passwordProblem(input.password, accountNameForms(account))
  if (weak) throw rejected(weak, 'password')
  const now = nowOf(deps).getTime()
  const unit = await reserve(
    db,
    [
      { rule: RATE_RULES.loginIp, subject: ip },
      { rule: RATE_RULES.resetAddressDay, subject: account.target },
    ],
    now,
  )
  if (!unit.granted) {
    await audit(db, { userId: null, action: 'rate_limited', result: 'refused', detail: 'reset_password', ip })
    throw rateLimitError(locale, 'tooManyAttempts', unit.retryAfterS)
  }
  const code = await checkCode(db, { target: account.target, purpose: 'reset_password' }, input.code, now)
  const owner = await findUser(db, account)
  if (!code.ok) {
    await audit(db, {
      userId: owner?.id ?? null,
      action: 'password_reset',
      result: 'refused',
      detail: `${code.problem} for ${account.target}`,
      ip,
    })
    throw rejected(code.problem, 'code')
  }
  // A code only ever reaches an account's address; without an account no code can match (see the header).
  if (!owner) throw rejected('codeWrong', 'code')
  // Checked after the code, so it tells nothing to whoever does not hold it; a frozen account stays as it is.
  if (owner.status !== 'active') throw rejected('accountDisabled')
  const named = passwordProblem(input.password, namesOf(owner))
  if (named) throw rejected(named, 'password')
  const passwordHash = await hashPassword(input.password)
  const ended = await db.transaction(async (tx) => {
    if (!(await consumeCode(tx, code.id))) throw rejected('codeExpired', 'code')
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(eq(users.id, owner.id))
    await forgetDevices(tx, owner.id)
    return revokeAllSessions(tx, owner.id)
  })
  await unit.release()
  await audit(db, {
    userId: owner.id,
    action: 'password_reset',
    result: 'ok',
    detail: `by ${account.type} code; ${ended} session(s) ended`,
    ip,
  })
}
