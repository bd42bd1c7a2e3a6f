import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { systemStore } from '../../state/system'
import { appFormOptions, changeField, fieldError, setFieldProblem, useAppForm, useFormText } from '../../ui/form'
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
import { useFinishSignIn } from './use-finish-sign-in'
import { UseWalletInstead } from './UseWalletInstead'
import { AgreeCheckbox } from './UserProtocol'
import { checkRegister, checkWalletSignUp, type RegisterDraft } from './validation'
import '../../styles/auth.css'

const REGISTER_OK = msg({ id: 'auth.registerSuccess', message: 'Registration successful' })

/**
 * The registration form (spec §2, §5): E-mail or Phone, a code sent by the server, password twice, invitation code
 * (required or optional per the operator's config), and the user agreement. Wallet sign-up sits under it.
 * @param inviteCode from the invitation link (`/register?code=`)
 */
export function RegisterForm({ inviteCode }: { inviteCode: string }) {
  const { t, i18n } = useLingui()
  const show = useFormText()
  const { api } = useRouteContext({ from: '__root__' })
  const inviteRequired = useSnapshot(systemStore).config?.invite_required ?? false
  const finish = useFinishSignIn()
  const form = useAppForm(
    appFormOptions<RegisterDraft>({
      defaultValues: {
        ...emptyAccount(i18n.locale),
        code: '',
        password: '',
        re_password: '',
        invite_code: inviteCode,
        agree: false,
      },
      check: (d) => checkRegister(d, inviteRequired).errors,
      describe: authFailure,
      send: async (d) => {
        const { input } = checkRegister(d, inviteRequired)
        if (input) finish(await api.register(input, { silent: true }), REGISTER_OK)
      },
    }),
  )
  return (
    <>
      <form.AppForm>
        <form.Form className="auth-form">
          <AccountSection form={form} fields={ACCOUNT_FIELDS}>
            <CodeSection form={form} fields={CODE_FIELDS} purpose="register" />
            <NewPasswordSection
              form={form}
              fields={NEW_PASSWORD_FIELDS}
              label={t({ id: 'auth.password', message: 'Password' })}
              confirmLabel={t({ id: 'auth.password.confirm', message: 'Confirm password' })}
            />
            <form.AppField name="invite_code">
              {(field) => (
                <field.TextField
                  label={
                    inviteRequired
                      ? t({ id: 'auth.invite', message: 'Invitation code' })
                      : t({ id: 'auth.invite.optional', message: 'Invitation code (optional)' })
                  }
                  required={inviteRequired}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={16}
                />
              )}
            </form.AppField>
            <form.AppField name="agree">
              {(field) => (
                <AgreeCheckbox
                  checked={field.state.value}
                  onChange={(v) => changeField(field, v)}
                  error={show(fieldError(field))}
                />
              )}
            </form.AppField>
            <form.FormProblem />
            <form.SubmitButton className="btn btn--primary btn--block auth-form__submit">
              <Trans id="auth.register.submit">Sign up</Trans>
            </form.SubmitButton>
            <p className="auth-form__switch">
              <Trans id="auth.register.haveAccount">Already have an account?</Trans>{' '}
              <Link to="/login" className="auth-link" replace>
                <Trans id="auth.register.toLogin">Log in</Trans>
              </Link>
            </p>
          </AccountSection>
        </form.Form>
      </form.AppForm>
      <form.Subscribe selector={(s) => s.values.invite_code}>
        {(invite) => (
          <UseWalletInstead
            inviteCode={invite.trim().toUpperCase()}
            label={t({ id: 'auth.wallet.signUp', message: 'Sign up with wallet' })}
            beforeStart={() => {
              const errors = Object.entries(checkWalletSignUp(form.state.values, inviteRequired))
              for (const [field, text] of errors) setFieldProblem(form, field, text)
              return errors.length === 0
            }}
          />
        )}
      </form.Subscribe>
    </>
  )
}
