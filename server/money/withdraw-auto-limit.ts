/**
 * The daily limit under which a user's on-chain withdrawals go to the signer without review (withdraw_auto_limits;
 * `npm run admin -- withdrawals auto-limit`), and the check a request makes against it.
 */
import { and, eq, sql } from 'drizzle-orm'
import { compare, parseDecimal, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { users, withdrawAutoLimits, withdrawals } from '../db/schema'
import { notFound } from '../domain/errors'
import { userAmount } from './amounts'

/**
 * Whether the user's withdrawals of `currency` on chain sent today (UTC; a sending or paid one counts on the day it
 * went to the signer, `reviewed_at`), with `requestId` — a request just inserted, or a held one whose hold is over
 * (withdraw-release.ts) — stay within the daily limit the operator set for them (`withdraw_auto_limits`); false
 * without a limit. Run under the lock of the user's live spot account row for `currency` (a request's posting takes
 * it): two requests of one user are counted in turn.
 */
export async function withinAutoLimit(tx: Db, userId: number, currency: string, requestId: number): Promise<boolean> {
  const [limit] = await tx
    .select({ daily: withdrawAutoLimits.dailyLimit })
    .from(withdrawAutoLimits)
    .where(and(eq(withdrawAutoLimits.userId, userId), eq(withdrawAutoLimits.currency, currency)))
  if (!limit) return false
  const [today] = await tx
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.currency, currency),
        sql`${withdrawals.network} is not null`,
        sql`(${withdrawals.id} = ${requestId} or (${withdrawals.status} in ('sending', 'paid') and coalesce(${withdrawals.reviewedAt}, ${withdrawals.createdAt}) >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'))`,
      ),
    )
  return compare(parseDecimal(today!.total), parseDecimal(limit.daily)) <= 0
}

/**
 * Sets (a positive amount) or removes (null) the daily limit under which `userId`'s withdrawals of `currency` sent
 * on chain go to the signer without review (`npm run admin -- withdrawals auto-limit`). Answers the limit now set.
 * @throws DomainError not_found `userNotFound` (id); AmountError for an unknown currency or a limit ≤ 0 or finer than
 *   the currency's scale.
 */
export async function setAutoLimit(
  db: Db,
  userId: number,
  currency: string,
  limit: DecimalString | null,
): Promise<DecimalString | null> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  if (!user) throw notFound('userNotFound', 'id')
  if (limit === null) {
    await db
      .delete(withdrawAutoLimits)
      .where(and(eq(withdrawAutoLimits.userId, userId), eq(withdrawAutoLimits.currency, currency)))
    return null
  }
  const daily = userAmount(limit, currency)
  await db
    .insert(withdrawAutoLimits)
    .values({ userId, currency, dailyLimit: daily })
    .onConflictDoUpdate({
      target: [withdrawAutoLimits.userId, withdrawAutoLimits.currency],
      set: { dailyLimit: daily, updatedAt: new Date() },
    })
  return daily
}
