import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { LoginForm, UseWalletInstead } from '../features/auth'
import { isLoggedIn } from '../state/session'
import { PageHeader } from '../ui/PageHeader'

/** /login: sign-in by e-mail, phone or wallet (spec §2). Signed-in users go straight to the user center. */
export const Route = createFileRoute('/login')({
  beforeLoad: () => {
    if (isLoggedIn()) throw redirect({ to: '/user-center', replace: true })
  },
  component: LoginPage,
})

function LoginPage() {
  const { t } = useLingui()
  return (
    <div className="page auth-page">
      <PageHeader title={t({ id: 'page.login', message: 'Log in' })} />
      <div className="auth">
        <div className="auth__intro">
          <h2 className="auth__title">
            <Trans id="auth.login.title">Welcome back</Trans>
          </h2>
          <p className="auth__lead">
            <Trans id="auth.login.lead">Log in with your e-mail, phone number or wallet.</Trans>
          </p>
        </div>
        <LoginForm />
        <UseWalletInstead label={t({ id: 'auth.wallet.signIn', message: 'Sign in with wallet' })} />
      </div>
    </div>
  )
}
