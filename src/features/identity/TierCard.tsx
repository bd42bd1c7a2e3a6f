import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { IdentityInfo, IdentityLevel } from '../../../common/api/identity'
import { formatUtcDateTime } from '../../lib/dates'
import { Icon } from '../../ui/Icon'
import { TIER_TITLES } from './labels'
import { StatusBadge } from './StatusBadge'
import '../../styles/identity.css'

type Tier = IdentityInfo['basic'] | IdentityInfo['advanced']

/**
 * One verification tier on /identity: what it asks for, its state, the rejection reason, and the way in (start, or
 * verify again after a rejection). `locked`: the advanced tier while basic is not verified yet.
 */
export function TierCard({ level, tier, locked = false }: { level: IdentityLevel; tier: Tier; locked?: boolean }) {
  const { i18n } = useLingui()
  const to = level === 'basic' ? '/primary' : '/advanced'
  const canStart = !locked && (tier.status === 'none' || tier.status === 'rejected')
  const submitted = tier.submitted_at ? formatUtcDateTime(tier.submitted_at) : ''
  const reviewed = tier.reviewed_at ? formatUtcDateTime(tier.reviewed_at) : ''
  return (
    <section className={`id-tier id-tier--${tier.status}`} aria-labelledby={`tier-${level}`}>
      <div className="id-tier__head">
        <span className="id-tier__icon">
          <Icon name={level === 'basic' ? 'user' : 'idCard'} size={22} />
        </span>
        <h2 id={`tier-${level}`} className="id-tier__title">
          {i18n._(TIER_TITLES[level])}
        </h2>
        <StatusBadge status={tier.status} />
      </div>
      <p className="id-tier__what">
        {level === 'basic' ? (
          <Trans id="identity.basic.what">Name, ID number, city and email</Trans>
        ) : (
          <Trans id="identity.advanced.what">ID card or driver's licence (front and back) and a selfie</Trans>
        )}
      </p>
      {tier.status === 'review' && submitted && (
        <p className="id-tier__note">
          <Trans id="identity.reviewNote">Submitted {submitted}. The result will show here once it is reviewed.</Trans>
        </p>
      )}
      {tier.status === 'verified' && reviewed && (
        <p className="id-tier__note">
          <Trans id="identity.verifiedNote">Verified {reviewed}</Trans>
        </p>
      )}
      {tier.status === 'rejected' && (
        <div className="id-reason" role="note">
          <div className="id-reason__title">
            <Trans id="identity.rejectedTitle">Not approved. Reason:</Trans>
          </div>
          <p className="id-reason__text">{tier.reject_reason}</p>
        </div>
      )}
      {locked && (
        <p className="id-tier__note id-tier__note--locked">
          <Icon name="lock" size={15} />
          <Trans id="identity.advanced.locked">Available once your basic verification is approved</Trans>
        </p>
      )}
      {canStart && (
        <Link to={to} className="btn btn--primary btn--block id-tier__go">
          {tier.status === 'rejected' ? (
            <Trans id="identity.verifyAgain">Verify again</Trans>
          ) : (
            <Trans id="identity.start">Start verification</Trans>
          )}
        </Link>
      )}
    </section>
  )
}
