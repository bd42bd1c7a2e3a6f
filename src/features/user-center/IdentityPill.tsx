import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { UserInfo } from '../../../common/api/account'
import { identityBadge } from './identity-badge'

/** The identity state on the user card (spec §4 states), linking to the identity screen. */
export function IdentityPill({ identity }: { identity: UserInfo['identity'] }) {
  const { t } = useLingui()
  const { state, tier } = identityBadge(identity)
  const label = {
    none: t({ id: 'userCenter.idNone', message: 'Not certified' }),
    review: t({ id: 'userCenter.idReview', message: 'In review' }),
    verified:
      tier === 'advanced'
        ? t({ id: 'userCenter.idVerifiedAdvanced', message: 'Verified · Advanced' })
        : t({ id: 'userCenter.idVerifiedBasic', message: 'Verified · Basic' }),
    rejected: t({ id: 'userCenter.idRejected', message: 'Verify again' }),
  }[state]
  return (
    <Link to="/identity" className={`id-pill id-pill--${state}`}>
      {label}
    </Link>
  )
}
