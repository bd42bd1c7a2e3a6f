import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { formatUtcDateTime } from '../../lib/dates'
import { Icon, type IconName } from '../../ui/Icon'
import '../../styles/identity.css'

/** Why a tier's form is not shown, or (rejected) what to fix before sending it again. */
export type NoticeKind = 'review' | 'verified' | 'rejected' | 'needBasic' | 'basicInReview'

const ICONS: Record<NoticeKind, IconName> = {
  review: 'info',
  verified: 'check',
  rejected: 'info',
  needBasic: 'lock',
  basicInReview: 'lock',
}

/** A notice at the top of /primary or /advanced; `date` is a UTC `YYYY-MM-DD HH:mm:ss`, `reason` the operator's. */
export function TierNotice({ kind, date, reason }: { kind: NoticeKind; date?: string | null; reason?: string | null }) {
  const when = date ? formatUtcDateTime(date) : ''
  return (
    <div className={`id-notice id-notice--${kind}`} role={kind === 'rejected' ? 'note' : 'status'}>
      <Icon name={ICONS[kind]} size={22} className="id-notice__icon" />
      <div className="id-notice__body">
        {kind === 'review' && (
          <>
            <p className="id-notice__title">
              <Trans id="identity.notice.reviewTitle">In review</Trans>
            </p>
            <p>
              <Trans id="identity.notice.review">
                Submitted {when}. The result will show on the identity page once it is reviewed.
              </Trans>
            </p>
          </>
        )}
        {kind === 'verified' && (
          <>
            <p className="id-notice__title">
              <Trans id="identity.notice.verifiedTitle">Verified</Trans>
            </p>
            <p>
              <Trans id="identity.notice.verified">Verified {when}. Nothing more to do here.</Trans>
            </p>
          </>
        )}
        {kind === 'rejected' && (
          <>
            <p className="id-notice__title">
              <Trans id="identity.notice.rejectedTitle">Your last submission was not approved</Trans>
            </p>
            <p className="id-notice__reason">{reason}</p>
            <p>
              <Trans id="identity.notice.rejected">Please correct it and submit again.</Trans>
            </p>
          </>
        )}
        {kind === 'needBasic' && (
          <>
            <p className="id-notice__title">
              <Trans id="identity.notice.needBasicTitle">Basic verification first</Trans>
            </p>
            <p>
              <Trans id="identity.notice.needBasic">
                Advanced verification opens once your basic verification is approved.
              </Trans>
            </p>
            <Link to="/primary" className="btn btn--primary id-notice__go">
              <Trans id="identity.notice.goBasic">Go to basic verification</Trans>
            </Link>
          </>
        )}
        {kind === 'basicInReview' && (
          <>
            <p className="id-notice__title">
              <Trans id="identity.notice.needBasicTitle">Basic verification first</Trans>
            </p>
            <p>
              <Trans id="identity.notice.basicInReview">
                Your basic verification is in review. Advanced verification opens once it is approved.
              </Trans>
            </p>
          </>
        )}
      </div>
    </div>
  )
}
