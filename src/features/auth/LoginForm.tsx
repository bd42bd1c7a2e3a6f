import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { describeFailure } from '../../api/problem'
import { appFormOptions, useAppForm } from '../../ui/form'
import { ACCOUNT_FIELDS, AccountSection } from './AccountSection'
import { emptyAccount } from './area-codes'
import { authFailure } from './failure'
import { useSecondFactorProps } from './second-factor'
import { useFinishSignIn } from './use-finish-sign-in'
import { checkLogin, type LoginDraft } from './validation'
import '../../styles/auth.css'

const LOGIN_OK = msg({ id: 'auth.loginSuccess', message: 'Login successful' })

/**
 * The login form (spec §2): E-mail or Phone tab, password, "Log in", and the way to registration. An account with
 * two-factor authentication answers the password with `twoFactorRequired` under `totp_code`: the form then asks for
 * the authenticator's code (or a recovery code) and sends both again (issue 24 part 7).
 */
export function LoginForm() {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const finish = useFinishSignIn()
  const [askCode, setAskCode] = useState(false)
  const codeProps = useSecondFactorProps(true)
  const form = useAppForm(
    appFormOptions<LoginDraft & { totp_code: string }>({
      defaultValues: {
        ...emptyAccount(i18n.locale),
        password: '',
        totp_code: '',
      },
      check: (d) => checkLogin(d).errors,
      describe: authFailure,
      send: async (d) => {
        const { input } = checkLogin(d)
        if (!input) return
        const code = askCode && d.totp_code ? { totp_code: d.totp_code } : {}
        try {
          finish(await api.login({ ...input, ...code }, { silent: true }), LOGIN_OK)
        } catch (err) {
          // The first time: not a mistake, the next step. The field appears (and takes the focus) with its hint.
          if (!askCode && describeFailure(err).field === 'totp_code') setAskCode(true)
          else throw err
        }
      },
    }),
  )
  return (
    <form.AppForm>
      <form.Form className="auth-form">
        <AccountSection form={form} fields={ACCOUNT_FIELDS}>
          <form.AppField name="password">
            {(field) => <field.SecretField label={t({ id: 'auth.password', message: 'Password' })} maxLength={128} />}
          </form.AppField>
          {askCode && (
            <form.AppField name="totp_code">
              {(field) => <field.TextField {...codeProps} autoFocus data-testid="login-totp" />}
            </form.AppField>
          )}
          <p className="auth-form__forgot">
            <Link to="/forgot-password" className="auth-link">
              <Trans id="auth.login.forgot">Forgot password?</Trans>
            </Link>
          </p>
          <form.FormProblem />
          <form.SubmitButton className="btn btn--primary btn--block auth-form__submit">
            <Trans id="auth.login.submit">Log in</Trans>
          </form.SubmitButton>
          <p className="auth-form__switch">
            <Trans id="auth.login.noAccount">No account yet?</Trans>{' '}
            <Link to="/register" search={{}} className="auth-link" replace>
              <Trans id="auth.login.toRegister">Sign up</Trans>
            </Link>
          </p>
        </AccountSection>
      </form.Form>
    </form.AppForm>
  )
}
