import { Trans, useLingui } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { RegisterForm } from '../features/auth'
import { PageHeader } from '../ui/PageHeader'

/** `?code=` of an invitation link: letters and digits, anything else ignored. */
const searchSchema = z.object({
  code: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9]{1,16}$/))), undefined),
})

/** /register: registration by e-mail or phone, or with a wallet (spec §2); `?code=` pre-fills the invitation code. */
export const Route = createFileRoute('/register')({
  validateSearch: searchSchema,
  component: RegisterPage,
})

function RegisterPage() {
  const { t } = useLingui()
  const { code } = Route.useSearch()
  return (
    <div className="page auth-page">
      <PageHeader title={t({ id: 'page.register', message: 'Sign up' })} />
      <div className="auth">
        <div className="auth__intro">
          <h2 className="auth__title">
            <Trans id="auth.register.title">Create your account</Trans>
          </h2>
          <p className="auth__lead">
            <Trans id="auth.register.lead">Sign up with your e-mail or phone number, or with a wallet.</Trans>
          </p>
        </div>
        <RegisterForm inviteCode={(code ?? '').toUpperCase()} />
      </div>
    </div>
  )
}
