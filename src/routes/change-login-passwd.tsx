import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ChangeLoginPasswordForm, NoPasswordNote, requireSession } from '../features/security'
import { useRefreshUserInfo, useSessionView } from '../features/user-center'
import { PageHeader } from '../ui/PageHeader'

/** /change-login-passwd (spec §5): old, new and confirmed password; every session ends afterwards. */
export const Route = createFileRoute('/change-login-passwd')({
  beforeLoad: ({ location }) => requireSession(location.href),
  component: ChangeLoginPasswdPage,
})

function ChangeLoginPasswdPage() {
  const { api } = Route.useRouteContext()
  const { t } = useLingui()
  const { user } = useSessionView()
  useRefreshUserInfo(api)
  return (
    <div className="page sec-page">
      <PageHeader title={t({ id: 'page.changeLoginPasswd', message: 'Change login password' })} />
      {!user ? (
        <p className="sec-loading">
          <Trans id="userCenter.loading">Loading your account…</Trans>
        </p>
      ) : user.has_password ? (
        <ChangeLoginPasswordForm />
      ) : (
        <NoPasswordNote />
      )}
    </div>
  )
}
