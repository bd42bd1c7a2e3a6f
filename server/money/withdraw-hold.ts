/**
 * The security hold of a withdrawal (issue 24 part 7). A thief who learns a password signs in, saves an address of
 * their own and withdraws; within the daily automatic limit (withdraw_auto_limits) it would leave at once. So a
 * withdrawal to an address saved less than WITHDRAW_HOLD_HOURS before the request, or asked within
 * WITHDRAW_HOLD_HOURS of a login or transaction password being set, changed or reset, is never sent automatically: it
 * waits for an operator (the review queue, `pending`), and both the user and the operator see why and until when.
 * Binance holds withdrawals for 24 h after a password or security change and Coinbase holds new addresses; OWASP ASVS
 * 5.0 §6 (authentication) asks that security-relevant changes be protected against a session that is not the owner's.
 * Times are the database's clock (it wrote both `created_at` columns).
 */
import { and, eq, inArray, max, sql } from 'drizzle-orm'
import { WITHDRAW_HOLD_HOURS, type WithdrawHold, type WithdrawHoldReason } from '../../common/api/assets'
import type { AuditAction } from '../auth/audit'
import type { Db } from '../db/client'
import { formatUtc } from '../db/announcements'
import { auditLog, coinAddresses } from '../db/schema'

/**
 * The changes that hold withdrawals: every way a login or transaction password comes to be (set, changed, reset),
 * and two-factor authentication turned on or off.
 */
export const HOLDING_CHANGES: readonly AuditAction[] = [
  'password_change',
  'password_reset',
  'pay_password_set',
  'pay_password_change',
  'two_factor_enable',
  'two_factor_disable',
]

/** A hold: why and until when (a Date of the database's clock). */
export interface Hold {
  reason: WithdrawHoldReason
  until: Date
}

const plusHold = (column: unknown) =>
  sql<
    number | null
  >`(extract(epoch from ${column} + make_interval(hours => ${WITHDRAW_HOLD_HOURS}::int)) * 1000)::float8`

/**
 * The hold a withdrawal of `userId` to saved address `addressId` gets now, or null. Both causes at once: the reason
 * is the new address, the end the later of the two.
 */
export async function holdOf(db: Db, userId: number, addressId: number): Promise<Hold | null> {
  const [addr] = await db
    .select({ until: plusHold(coinAddresses.createdAt), now: sql<number>`(extract(epoch from now()) * 1000)::float8` })
    .from(coinAddresses)
    .where(eq(coinAddresses.id, addressId))
  const [change] = await db
    .select({ until: plusHold(max(auditLog.createdAt)) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.userId, userId),
        eq(auditLog.result, 'ok'),
        inArray(auditLog.action, [...HOLDING_CHANGES] as AuditAction[]),
      ),
    )
  const now = Number(addr?.now ?? Date.now())
  const byAddress = addr?.until != null && Number(addr.until) > now ? Number(addr.until) : null
  const byChange = change?.until != null && Number(change.until) > now ? Number(change.until) : null
  if (byAddress === null && byChange === null) return null
  return {
    reason: byAddress !== null ? 'new_address' : 'security_change',
    until: new Date(Math.max(byAddress ?? 0, byChange ?? 0)),
  }
}

/** A row's hold as the API shows it: only while the withdrawal waits for review. */
export function holdView(r: {
  status: string
  holdReason: WithdrawHoldReason | null
  holdUntil: Date | null
}): WithdrawHold {
  if (r.status !== 'pending' || r.holdReason === null || r.holdUntil === null) return null
  return { reason: r.holdReason, until: formatUtc(r.holdUntil), until_ts: r.holdUntil.getTime() }
}
