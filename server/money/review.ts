/** What deposit and withdrawal reviews share: the operator's reason, the actor name, the page of a listing. */
import { checkReason } from '../../common/api/identity'
import type { ServerMessageKey } from '../content/server-messages'
import { DomainError } from '../domain/errors'

/** An operator's decision on a deposit claim or a withdrawal. */
export interface ReviewDecision {
  id: number
  approve: boolean
  /** Required to reject (shown to the user); ignored on approval. */
  reason?: string | undefined
  /** Operator user id; null from the command line. */
  reviewerId: number | null
  ip?: string
}

const REASON_MESSAGES: Record<'required' | 'tooLong' | 'chars', ServerMessageKey> = {
  required: 'identityReasonRequired',
  tooLong: 'identityReasonTooLong',
  chars: 'identityReasonChars',
}

/**
 * The reason to store: null for an approval, the tidied text for a rejection (same rules as identity reviews).
 * @throws DomainError rejected naming `reason` when a rejection has no usable reason.
 */
export function reviewReason(d: ReviewDecision): string | null {
  if (d.approve) return null
  const checked = checkReason(d.reason ?? '')
  if ('problem' in checked) throw new DomainError('rejected', REASON_MESSAGES[checked.problem], { field: 'reason' })
  return checked.reason
}

/** The ledger actor of a decision. */
export function reviewActor(d: ReviewDecision): string {
  return d.reviewerId === null ? 'cli' : `operator:${d.reviewerId}`
}

/** A 1-based page. */
export interface Page {
  page: number
  limit: number
}
