import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { requireSession, TwoFactorPanel } from '../features/security'
import { useRefreshUserInfo, useSessionView } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'

/**
 * /two-factor (issue 24 part 7, from the security center): turn two-factor authentication on (QR code, key, a code
 * and the login password, then the recovery codes) or off (a code or a recovery code).
 */
export const Route = createFileRoute('/two-factor')({
  beforeLoad: ({ location }) => requireSession(location.href),
  component: TwoFactorPage,
})

function TwoFactorPage() {
  const { api } = Route.useRouteContext()
  const { t } = useLingui()
  const { user } = useSessionView()
  useRefreshUserInfo(api)
  return (
    <div className="page sec-page">
      <PageHeader title={t({ id: 'page.twoFactor', message: 'Two-factor authentication' })} />
      {user ? (
        <TwoFactorPanel user={user} />
      ) : (
        <p className="sec-loading">
          <Trans id="userCenter.loading">Loading your account…</Trans>
        </p>
      )}
    </div>
  )
}
