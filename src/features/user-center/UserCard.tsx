import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { UserInfo } from '../../../common/api/account'
import { Icon, type IconName } from '../../ui/Icon'
import { accountDisplay, type AccountKind } from './account-display'
import { copyWithToast } from './copy-with-toast'
import { IdentityPill } from './IdentityPill'
import '../../styles/user-center.css'

const KIND_ICON: Record<AccountKind, IconName> = { email: 'mail', phone: 'phone', wallet: 'wallet' }

/** An e-mail that may wrap before its "@" (so a long one reads "ann.lee.trading" / "@example.com"). */
function breakBeforeAt(email: string): ReactNode {
  const at = email.lastIndexOf('@')
  if (at <= 0) return email
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  )
}

/**
 * The signed-in header: account name with its kind, UID, identity state, and the invitation code with copy and a
 * link to the share screen. `user` null = a session whose user info is still loading. The code and the account name
 * are always shown whole (users copy and check them); labels wrap instead.
 */
export function UserCard({ user }: { user: UserInfo | null }) {
  const { t } = useLingui()
  const account = user && accountDisplay(user)
  const uid = user?.id
  return (
    <section className="uc-card" aria-busy={user ? undefined : true}>
      <div className="uc-card__top">
        <span className="uc-card__avatar">
          <Icon name="user" size={28} />
        </span>
        <div className="uc-card__who">
          {user && account ? (
            <>
              <p className="uc-card__account" title={user.wallet_address ?? undefined}>
                <Icon name={KIND_ICON[account.kind]} size={16} />
                <span>{account.kind === 'email' ? breakBeforeAt(account.text) : account.text}</span>
              </p>
              <p className="uc-card__meta">
                <span>
                  <Trans id="userCenter.uid">UID {uid}</Trans>
                </span>
                <IdentityPill identity={user.identity} />
              </p>
            </>
          ) : (
            <p className="uc-card__hint">
              <Trans id="userCenter.loading">Loading your account…</Trans>
            </p>
          )}
        </div>
      </div>
      {user && (
        <div className="uc-card__invite">
          <span className="uc-card__invite-id">
            <span className="uc-card__invite-label">
              <Trans id="userCenter.inviteCode">Invite code</Trans>
            </span>
            <span className="uc-card__invite-code">{user.invite_code}</span>
          </span>
          <button type="button" className="uc-card__copy" onClick={() => copyWithToast(user.invite_code)}>
            <Icon name="copy" size={18} label={t({ id: 'userCenter.copyInvite', message: 'Copy invite code' })} />
          </button>
          <Link to="/share-code" className="uc-card__share">
            <Trans id="userCenter.shareLink">Share link</Trans>
          </Link>
        </div>
      )}
    </section>
  )
}
