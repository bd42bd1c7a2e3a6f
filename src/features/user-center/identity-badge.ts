/**
 * The one identity state the user center shows (spec §4: not certified, in review, verified, re-authenticate) from
 * the two tiers USERINFO carries. What the user must act on comes first: a rejection, then a pending review.
 */
import type { IdentityStatus, UserInfo } from '../../../common/api/account'

/** Verification tier (spec §4: basic and advanced). */
export type IdentityTier = 'basic' | 'advanced'

/** The badge: a state and, when it concerns one tier, which. */
export interface IdentityBadge {
  state: IdentityStatus
  tier: IdentityTier | null
}

/**
 * Folds the tiers into one badge: rejected (either tier, advanced first) → re-authenticate; then in review; then
 * verified (advanced outranks basic); else not certified.
 */
export function identityBadge(identity: UserInfo['identity']): IdentityBadge {
  const { basic, advanced } = identity
  if (advanced === 'rejected') return { state: 'rejected', tier: 'advanced' }
  if (basic === 'rejected') return { state: 'rejected', tier: 'basic' }
  if (advanced === 'review') return { state: 'review', tier: 'advanced' }
  if (basic === 'review') return { state: 'review', tier: 'basic' }
  if (advanced === 'verified') return { state: 'verified', tier: 'advanced' }
  if (basic === 'verified') return { state: 'verified', tier: 'basic' }
  return { state: 'none', tier: null }
}
