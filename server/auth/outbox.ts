/** Reading the outbox (operators: CLI `outbox list` and GET admin/outbox), newest first. */
import { desc, ilike } from 'drizzle-orm'
import type { OutboxItem } from '../../common/api/account'
import type { Db } from '../db/client'
import { formatUtc } from '../db/announcements'
import { outbox } from '../db/schema'

/**
 * The newest `limit` messages, those whose recipient contains `to` (case-insensitive) when it is not empty.
 * @param q.limit 1–500
 */
export async function listOutbox(db: Db, q: { to: string; limit: number }): Promise<OutboxItem[]> {
  const like = `%${q.to.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows = await db
    .select()
    .from(outbox)
    .where(q.to ? ilike(outbox.recipient, like) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(q.limit)
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    status: r.status,
    error: r.error,
    created_at: formatUtc(r.createdAt),
  }))
}
