/**
 * Feedback threads: a user's question and the operator's reply (waiting → replied). Everything here is plain text
 * and stays plain text: nothing is escaped or interpreted on the way in or out (the app renders it as text).
 * Reads for users always filter by the owner, so another user's id is indistinguishable from an unknown one.
 */
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm'
import {
  FEEDBACK_TYPES as WIRE_TYPES,
  type AdminFeedback,
  type FeedbackDetail,
  type FeedbackItem,
} from '../../common/api/support'
import { formatUtc } from './announcements'
import type { Db } from './client'
import { FEEDBACK_TYPES, feedback, users, type FeedbackType } from './schema'
import { emitEvents } from '../stream/events'
import { noticeEvent } from '../stream/trading-events'

// The wire list (common/) and the table's list must be the same: each is assignable to the other.
const _sameTypes: readonly FeedbackType[] = WIRE_TYPES
const _sameTypesBack: readonly (typeof WIRE_TYPES)[number][] = FEEDBACK_TYPES
void _sameTypes
void _sameTypesBack

/** Most feedback one user may send in FEEDBACK_WINDOW_MS (a spam brake; a real conversation needs far fewer). */
export const FEEDBACK_PER_WINDOW = 10
/** Window of the brake, ms (1 hour). */
export const FEEDBACK_WINDOW_MS = 3600_000

type Row = typeof feedback.$inferSelect

function item(r: Row): FeedbackItem {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    status: r.status,
    created_at: formatUtc(r.createdAt),
    replied_at: r.repliedAt ? formatUtc(r.repliedAt) : null,
  }
}

function detail(r: Row): FeedbackDetail {
  return { ...item(r), content: r.content, reply: r.reply }
}

/** Outcome of a submission: the new id, or the seconds to wait when the brake is on. */
export type SubmitResult = { ok: true; id: number } | { ok: false; retryAfterS: number }

/**
 * Stores a user's feedback (status waiting) unless they sent FEEDBACK_PER_WINDOW in the last hour. The user's row is
 * locked for the check, so parallel submissions of one user cannot slip past the brake together (PostgreSQL).
 */
export async function submitFeedback(
  db: Db,
  userId: number,
  input: { type: FeedbackType; title: string; content: string },
  now = Date.now(),
): Promise<SubmitResult> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const since = new Date(now - FEEDBACK_WINDOW_MS)
    const recent = await tx
      .select({ createdAt: feedback.createdAt })
      .from(feedback)
      .where(and(eq(feedback.userId, userId), gt(feedback.createdAt, since)))
      .orderBy(asc(feedback.createdAt))
    if (recent.length >= FEEDBACK_PER_WINDOW) {
      const oldest = recent[recent.length - FEEDBACK_PER_WINDOW]!.createdAt.getTime()
      return { ok: false, retryAfterS: Math.max(1, Math.ceil((oldest + FEEDBACK_WINDOW_MS - now) / 1000)) }
    }
    const [row] = await tx
      .insert(feedback)
      .values({ userId, type: input.type, title: input.title, content: input.content, createdAt: new Date(now) })
      .returning({ id: feedback.id })
    return { ok: true, id: row!.id }
  })
}

/** A page of the user's own feedback, newest first. `page` is 1-based. */
export async function listUserFeedback(
  db: Db,
  userId: number,
  q: { page: number; limit: number },
): Promise<{ list: FeedbackItem[]; total: number; page: number; limit: number }> {
  const [total] = await db.select({ n: count() }).from(feedback).where(eq(feedback.userId, userId))
  const rows = await db
    .select()
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  return { list: rows.map(item), total: total?.n ?? 0, page: q.page, limit: q.limit }
}

/** The user's feedback `id`, or undefined when it does not exist or belongs to someone else. */
export async function getUserFeedback(db: Db, userId: number, id: number): Promise<FeedbackDetail | undefined> {
  const [row] = await db
    .select()
    .from(feedback)
    .where(and(eq(feedback.id, id), eq(feedback.userId, userId)))
  return row ? detail(row) : undefined
}

/** How an operator names the author: e-mail, `+<area> <phone>`, or the wallet address. */
function accountOf(u: {
  email: string | null
  areaCode: string | null
  phone: string | null
  walletAddress: string | null
}) {
  if (u.email) return u.email
  if (u.phone) return `+${u.areaCode ?? ''} ${u.phone}`
  return u.walletAddress ?? ''
}

const adminColumns = {
  row: feedback,
  email: users.email,
  areaCode: users.areaCode,
  phone: users.phone,
  walletAddress: users.walletAddress,
}

function adminItem(r: {
  row: Row
  email: string | null
  areaCode: string | null
  phone: string | null
  walletAddress: string | null
}): AdminFeedback {
  return { ...detail(r.row), user_id: r.row.userId, account: accountOf(r) }
}

/**
 * A page of every user's feedback for operators: waiting ones oldest first (answer in order), replied ones newest
 * reply first; without a filter, waiting before replied.
 */
export async function listFeedbackForOperator(
  db: Db,
  q: { status?: 'waiting' | 'replied' | undefined; page: number; limit: number },
): Promise<{ list: AdminFeedback[]; total: number; page: number; limit: number }> {
  const where = q.status ? eq(feedback.status, q.status) : undefined
  const [total] = await db.select({ n: count() }).from(feedback).where(where)
  const rows = await db
    .select(adminColumns)
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(
      sql`case when ${feedback.status} = 'waiting' then 0 else 1 end`,
      sql`case when ${feedback.status} = 'waiting' then ${feedback.createdAt} end asc`,
      desc(feedback.repliedAt),
      desc(feedback.id),
    )
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  return { list: rows.map(adminItem), total: total?.n ?? 0, page: q.page, limit: q.limit }
}

/** Any feedback by id, for operators. */
export async function getFeedbackForOperator(db: Db, id: number): Promise<AdminFeedback | undefined> {
  const [row] = await db
    .select(adminColumns)
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(eq(feedback.id, id))
  return row ? adminItem(row) : undefined
}

/**
 * Records the operator's reply: waiting → replied. Replying to replied feedback replaces the reply (a correction),
 * and its time and author move to the new reply. Returns the updated feedback, undefined when `id` is unknown. The user's `feedback_replied` notice is written in the
 * reply's transaction.
 */
export async function replyFeedback(
  db: Db,
  id: number,
  reply: string,
  operatorId: number | null,
): Promise<AdminFeedback | undefined> {
  const updated = await db.transaction(async (tx) => {
    const rows = await tx
      .update(feedback)
      .set({ reply, status: 'replied', repliedBy: operatorId, repliedAt: sql`now()` })
      .where(eq(feedback.id, id))
      .returning({ id: feedback.id, userId: feedback.userId })
    // The user's `notices` event, written with the reply (issue 22 part 1).
    await emitEvents(
      tx,
      rows.map((r) => noticeEvent(r.userId, 'feedback_replied', r.id, { state: 'replied' })),
    )
    return rows
  })
  if (updated.length === 0) return undefined
  return getFeedbackForOperator(db, id)
}
