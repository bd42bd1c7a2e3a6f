import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { NoPasswordNote, PayPasswordForm, requireSession } from '../features/security'
import { useRefreshUserInfo, useSessionView } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'

/**
 * /change-pay-passwd (spec §2): set the transaction password (confirmed with the login password) or change it (with
 * the old one). A wallet account without a password is asked to add an e-mail and password first.
 */
export const Route = createFileRoute('/change-pay-passwd')({
  beforeLoad: ({ location }) => requireSession(location.href),
  component: ChangePayPasswdPage,
})

function ChangePayPasswdPage() {
  const { api } = Route.useRouteContext()
  const { t } = useLingui()
  const { user } = useSessionView()
  useRefreshUserInfo(api)
  const title = user?.has_pay_password
    ? t({ id: 'security.changePayTitle', message: 'Change transaction password' })
    : t({ id: 'security.setPayTitle', message: 'Set transaction password' })
  return (
    <div className="page sec-page">
      <PageHeader title={title} />
      {!user ? (
        <p className="sec-loading">
          <Trans id="userCenter.loading">Loading your account…</Trans>
        </p>
      ) : !user.has_password ? (
        <NoPasswordNote />
      ) : (
        // keyed by mode: a refreshed user info that flips set ↔ change starts a clean form
        <PayPasswordForm
          key={user.has_pay_password ? 'change' : 'set'}
          mode={user.has_pay_password ? 'change' : 'set'}
        />
      )}
    </div>
  )
}
