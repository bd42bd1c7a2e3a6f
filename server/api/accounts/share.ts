/** GET user/share: the caller's invitation code and link, and how many people they brought in (directly, in all). */
import { eq, sql } from 'drizzle-orm'
import { shareAnswer } from '../../../common/api/account'
import { requestOrigin } from '../../auth/request-origin'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { defineRoute } from '../route'

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
  const row = (result as unknown as { rows: { direct: number | string; total: number | string }[] }).rows[0]!
  return { direct: Number(row.direct), total: Number(row.total) }
}

export const shareRoute = defineRoute({
  path: 'user/share',
  summary: 'The invitation code, the register link carrying it on this origin, and direct and total subordinates.',
  auth: 'user',
  data: shareAnswer,
  async handler({ deps, session, request }) {
    const { origin } = requestOrigin(request)
    const [u] = await deps.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, session.userId))
    const counts = await subordinateCounts(deps.db, session.userId)
    return {
      invite_code: u!.code,
      invite_link: `${origin}/register?code=${encodeURIComponent(u!.code)}`,
      direct_count: counts.direct,
      total_count: counts.total,
    }
  },
})
