/**
 * Security log (reliability S3, ASVS 16.2/16.3): who did what, from where, with what result, in `audit_log` (UTC
 * timestamps by the column default). Callers pass facts only: never a token, password, code or hash.
 */
import type { Db } from '../db/client'
import { auditLog } from '../db/schema'

/** What happened. */
export type AuditAction =
  | 'login'
  | 'logout'
  /** The user ended one of their sessions from the session list (issue 24 part 7); detail names it. */
  | 'session_revoke'
  | 'register'
  | 'siwe_login'
  | 'password_change'
  /** A forgotten password set anew with a code (issue 24 part 7), every session ended. */
  | 'password_reset'
  | 'pay_password_set'
  | 'pay_password_change'
  /** Two-factor authentication turned on or off (issue 24 part 7); both hold withdrawals for 24 h. */
  | 'two_factor_enable'
  | 'two_factor_disable'
  /** A recovery code stood in for the authenticator (detail: the call it authorized). */
  | 'recovery_code_used'
  /** The anti-phishing code was set or changed (never written into the detail). */
  | 'anti_phishing_set'
  | 'bind_email'
  | 'rate_limited'
  | 'operator_create'
  | 'operator_promote'
  | 'user_disable'
  | 'user_enable'
  | 'identity_approve'
  | 'identity_reject'
  | 'identity_advanced'
  /** An operator changed content or settings (detail says what). */
  | 'operator_change'
  /** Money (issue 10): a withdrawal asked for (its password check), deposit and withdrawal decisions. */
  | 'withdraw_request'
  | 'deposit_approve'
  | 'deposit_reject'
  | 'withdraw_approve'
  | 'withdraw_reject'
  /** A withdrawal's security hold ended without sending it (over the daily limit or locked): left to an operator. */
  | 'withdraw_hold_end'
  /** An operator voided a second contract (issue 21 part 8): stake and fee back. */
  | 'micro_void'

/** One entry. `userId` null when the account is unknown (a failed login with a name no one has). */
export interface AuditEntry {
  userId: number | null
  action: AuditAction
  /** `ok`, `fail` (wrong secret, bad input) or `refused` (rate limit, disabled account). */
  result: 'ok' | 'fail' | 'refused'
  /** Short facts, e.g. `account=a@b.c reason=wrong password`. Never secrets. */
  detail?: string
  /** Client address; '' from the CLI. */
  ip?: string
}

/** Writes one entry (outside any business transaction, so a refused attempt is still on record). */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    result: entry.result,
    detail: (entry.detail ?? '').slice(0, 500),
    ip: entry.ip ?? '',
  })
}
