/**
 * Checking a password the signed-in user types to confirm a change (old login password, login password, old
 * trading password) under the per-user window RATE_RULES.secretAccount: a stolen session cannot guess them.
 */
import type { Locale } from '../../common/constants'
import type { ServerMessageKey } from '../content/server-messages'
import type { Db } from '../db/client'
import { audit, type AuditAction } from './audit'
import { rejected } from './messages'
import { checkPassword } from './passwords'
import { RATE_RULES, rateLimitError, reserve } from './rate-limit'

/** One check. */
export interface SecretCheck {
  userId: number
  /** The stored argon2id hash. */
  stored: string
  password: string
  /** Message when wrong. */
  wrong: ServerMessageKey
  /** The input holding the password, named in the refusal. */
  field?: string
  /** Audit action of the change this check guards. */
  action: AuditAction
  ip: string
  locale: Locale
}

/**
 * Passes when `password` matches; a match gives its rate-limit unit back, so only wrong tries count.
 * @throws ApiError 429 'tooManyAttempts' when the user's window is spent, `wrong` when it does not match
 */
export async function checkSecretLimited(db: Db, c: SecretCheck): Promise<void> {
  const slot = await reserve(db, [{ rule: RATE_RULES.secretAccount, subject: String(c.userId) }])
  if (!slot.granted) {
    await audit(db, { userId: c.userId, action: 'rate_limited', result: 'refused', detail: c.action, ip: c.ip })
    throw rateLimitError(c.locale, 'tooManyAttempts', slot.retryAfterS)
  }
  if (!(await checkPassword(c.stored, c.password))) {
    await audit(db, { userId: c.userId, action: c.action, result: 'fail', detail: String(c.wrong), ip: c.ip })
    throw rejected(c.wrong, c.field)
  }
  await slot.release()
}
