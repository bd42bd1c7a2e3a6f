import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useRouteContext } from '@tanstack/react-router'
import { appFormOptions, useAppForm } from '../../ui/form'
import { showToast } from '../../ui/toast'
import {
  ACCOUNT_FIELDS,
  AccountSection,
  CODE_FIELDS,
  CodeSection,
  NEW_PASSWORD_FIELDS,
  NewPasswordSection,
} from './AccountSection'
import { emptyAccount } from './area-codes'
import { authFailure } from './failure'
import { checkReset, type ResetDraft } from './validation'
import '../../styles/auth.css'

const RESET_OK = msg({
  id: 'auth.reset.done',
  message: 'Password changed. Every device was signed out: log in with the new password.',
})

/**
 * Forgot password (issue 24 part 7): the account's e-mail or phone, a code sent there (user/forgot_password), the
 * new password twice; user/reset_password sets it and ends every session, then the login screen opens.
 */
export function ForgotPasswordForm() {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const form = useAppForm(
    appFormOptions<ResetDraft>({
      defaultValues: {
        ...emptyAccount(i18n.locale),
        code: '',
        password: '',
        re_password: '',
      },
      check: (d) => checkReset(d).errors,
      describe: authFailure,
      send: async (d) => {
        const { input } = checkReset(d)
        if (!input) return
        await api.resetPassword(input, { silent: true })
        showToast(RESET_OK, 'success')
        await navigate({ to: '/login', replace: true })
      },
    }),
  )
  return (
    <form.AppForm>
      <form.Form className="auth-form">
        <AccountSection form={form} fields={ACCOUNT_FIELDS}>
          <CodeSection form={form} fields={CODE_FIELDS} purpose="reset_password" />
          <NewPasswordSection
            form={form}
            fields={NEW_PASSWORD_FIELDS}
            label={t({ id: 'auth.reset.password', message: 'New password' })}
            confirmLabel={t({ id: 'auth.reset.confirm', message: 'Confirm new password' })}
          />
          <form.FormProblem />
          <form.SubmitButton className="btn btn--primary btn--block auth-form__submit">
            <Trans id="auth.reset.submit">Set new password</Trans>
          </form.SubmitButton>
          <p className="auth-form__switch">
            <Trans id="auth.reset.remembered">Remembered it?</Trans>{' '}
            <Link to="/login" className="auth-link" replace>
              <Trans id="auth.register.toLogin">Log in</Trans>
            </Link>
          </p>
        </AccountSection>
      </form.Form>
    </form.AppForm>
  )
}
