/**
 * An operator's decision on a submission in review, from the API or the command line. The decision is one
 * conditional UPDATE (`… WHERE id = $1 AND status = 'review'`), so two operators deciding at once — or an approve
 * and a reject fired together — end with exactly one decision; the loser is told it was already reviewed. The
 * decision and its audit line are written in one transaction.
 */
import { and, eq, sql } from 'drizzle-orm'
import { checkReason, type SubmissionState } from '../../common/api/identity'
import { identitySubmissions } from '../db/schema'
import type { ServerMessageKey } from '../content/server-messages'
import type { ServiceDeps } from '../domain/deps'
import { DomainError, notFound } from '../domain/errors'
import { audit } from '../auth/audit'
import { emitEvents } from '../stream/events'
import { noticeEvent } from '../stream/trading-events'

export interface Decision {
  id: number
  decision: 'approve' | 'reject'
  /** Required for a rejection (shown to the user); ignored for an approval. */
  reason?: string
  /** Operator user id; null for the command line. */
  reviewerId: number | null
  ip?: string
}

const REASON_MESSAGES: Record<'required' | 'tooLong' | 'chars', ServerMessageKey> = {
  required: 'identityReasonRequired',
  tooLong: 'identityReasonTooLong',
  chars: 'identityReasonChars',
}

/**
 * Applies a decision; returns the submission id and its new state (`verified` or `rejected`).
 * @throws DomainError rejected `identityReason*` naming `reason` (a rejection without a usable reason),
 *   not_found `identitySubmissionNotFound`, conflict `identityAlreadyDecided` (no longer in review).
 */
export async function decideSubmission(
  { db }: Pick<ServiceDeps, 'db'>,
  d: Decision,
): Promise<{ id: number; status: SubmissionState }> {
  let reason: string | null = null
  if (d.decision === 'reject') {
    const checked = checkReason(d.reason ?? '')
    if ('problem' in checked) {
      const key = REASON_MESSAGES[checked.problem]
      throw new DomainError('rejected', key, { field: 'reason' })
    }
    reason = checked.reason
  }
  const status: SubmissionState = d.decision === 'approve' ? 'verified' : 'rejected'
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(identitySubmissions)
      .set({ status, rejectReason: reason, reviewedBy: d.reviewerId, reviewedAt: sql`now()` })
      .where(and(eq(identitySubmissions.id, d.id), eq(identitySubmissions.status, 'review')))
      .returning({ userId: identitySubmissions.userId, level: identitySubmissions.level })
    if (!row) return undefined
    await audit(tx, {
      userId: d.reviewerId,
      action: `identity_${d.decision}`,
      result: 'ok',
      detail: `submission ${d.id} (${row.level}) of user ${row.userId}${d.reviewerId === null ? ' by command line' : ''}`,
      ip: d.ip ?? '',
    })
    const more = { state: status, ...(reason ? { message: reason } : {}) }
    await emitEvents(tx, [noticeEvent(row.userId, 'identity_reviewed', d.id, more)])
    return row
  })
  if (decided) return { id: d.id, status }
  const [exists] = await db
    .select({ id: identitySubmissions.id })
    .from(identitySubmissions)
    .where(eq(identitySubmissions.id, d.id))
  if (!exists) throw notFound('identitySubmissionNotFound')
  throw new DomainError('conflict', 'identityAlreadyDecided')
}
