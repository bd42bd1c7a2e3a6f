/** The caller's invitation: code, link on the canonical origin, and how many people they brought in. */
import { eq, sql } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { shareAnswer } from '../../common/api/account'
import { canonicalOrigin } from '../auth/request-origin'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import type { ServiceDeps } from '../domain/deps'

/**
 * Subordinates of `userId`: direct = invited by them, total = every level below (recursive CTE; UNION, not UNION
 * ALL, so even a cycle written by hand in the table would end).
 */
export async function subordinateCounts(db: Db, userId: number): Promise<{ direct: number; total: number }> {
  const result = await db.execute<{ direct: number | string; total: number | string }>(sql`
    with recursive below(id) as (
      select id from users where inviter_id = ${userId}
      union
      select u.id from users u join below b on u.inviter_id = b.id
    )
    select (select count(*) from users where inviter_id = ${userId}) as direct,
           (select count(*) from below where id <> ${userId}) as total`)
  const row = (result as { rows: { direct: number | string; total: number | string }[] }).rows[0]!
  return { direct: Number(row.direct), total: Number(row.total) }
}

/**
 * The invitation of `userId` (an existing user: sessions cascade with their user): the code, the register link
 * carrying it on the canonical configured origin, and the direct and total subordinate counts.
 */
export async function shareInfo(
  deps: Pick<ServiceDeps, 'db' | 'publicOrigins'>,
  userId: number,
): Promise<z.output<typeof shareAnswer>> {
  const { origin } = canonicalOrigin(deps.publicOrigins)
  const [u] = await deps.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, userId))
  const counts = await subordinateCounts(deps.db, userId)
  return {
    invite_code: u!.code,
    invite_link: `${origin}/register?code=${encodeURIComponent(u!.code)}`,
    direct_count: counts.direct,
    total_count: counts.total,
  }
}
