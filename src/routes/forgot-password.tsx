import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { ForgotPasswordForm } from '../features/auth'
import { isLoggedIn } from '../state/session'
import { PageHeader } from '../ui/PageHeader'

/**
 * /forgot-password: a code to the account's e-mail or phone, then a new login password (issue 24 part 7). Signed-in
 * users change theirs in the security center instead.
 */
export const Route = createFileRoute('/forgot-password')({
  beforeLoad: () => {
    if (isLoggedIn()) throw redirect({ to: '/change-login-passwd', replace: true })
  },
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const { t } = useLingui()
  return (
    <div className="page auth-page">
      <PageHeader title={t({ id: 'page.forgotPassword', message: 'Forgot password' })} />
      <div className="auth">
        <div className="auth__intro">
          <h2 className="auth__title">
            <Trans id="auth.reset.title">Reset your password</Trans>
          </h2>
          <p className="auth__lead">
            <Trans id="auth.reset.lead">
              We send a code to the e-mail or phone number of your account. Setting a new password signs out every
              device.
            </Trans>
          </p>
        </div>
        <ForgotPasswordForm />
      </div>
    </div>
  )
}
