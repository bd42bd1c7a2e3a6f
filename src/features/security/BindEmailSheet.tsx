import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { emailField } from '../../../common/api/account'
import { describeFailure } from '../../api/problem'
import { setUser } from '../../state/user'
import { appFormOptions, setFieldProblem, showSubmitProblem, useAppForm } from '../../ui/form'
import { Sheet } from '../../ui/Sheet'
import { showToast } from '../../ui/toast'
import { checkTexts, problemText } from './problem-text'
import { SendCodeButton } from './SendCodeButton'
import '../../styles/user-center.css'

type BindField = 'email' | 'code' | 'password' | 're_password'

/**
 * A wallet account adds an e-mail (`user/bind_email`): the address, a code sent to it, and — when the account has
 * no password yet — a login password with its confirmation. On success the stored user info is replaced.
 */
export function BindEmailSheet({
  open,
  needsPassword,
  onClose,
}: {
  open: boolean
  needsPassword: boolean
  onClose: () => void
}) {
  const { t } = useLingui()
  return (
    <Sheet open={open} title={t({ id: 'security.bindTitle', message: 'Link an e-mail' })} onClose={onClose}>
      {open && <BindEmailForm needsPassword={needsPassword} onDone={onClose} />}
    </Sheet>
  )
}

function BindEmailForm({ needsPassword, onDone }: { needsPassword: boolean; onDone: () => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t } = useLingui()
  const form = useAppForm(
    appFormOptions<Record<BindField, string>>({
      defaultValues: { email: '', code: '', password: '', re_password: '' },
      check: (v) =>
        checkTexts(v, {
          required: needsPassword ? ['email', 'code', 'password', 're_password'] : ['email', 'code'],
          email: 'email',
          code: 'code',
          newPassword: needsPassword ? { password: 'password', confirm: 're_password' } : undefined,
        }),
      describe: describeFailure,
      send: async (v) => {
        const user = await api.bindEmail(
          needsPassword
            ? { email: v.email, code: v.code.trim(), password: v.password, re_password: v.re_password }
            : { email: v.email, code: v.code.trim() },
          { silent: true },
        )
        setUser(user)
        showToast(msg({ id: 'security.bindDone', message: 'E-mail linked' }), 'success')
        onDone()
      },
    }),
  )
  const checkEmail = () => {
    const email = form.state.values.email
    if (emailField.safeParse(email).success) return true
    setFieldProblem(form, 'email', problemText(email === '' ? 'required' : 'email'))
    return false
  }
  return (
    <form.AppForm>
      <form.Form className="sec-form sec-form--sheet">
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label={t({ id: 'security.email', message: 'E-mail' })}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t({ id: 'security.emailPlaceholder', message: 'name@example.com' })}
            />
          )}
        </form.AppField>
        <form.AppField name="code">
          {(field) => (
            <field.TextField
              label={t({ id: 'security.code', message: 'Verification code' })}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              suffix={
                <SendCodeButton
                  email={() => form.state.values.email}
                  check={checkEmail}
                  onRefused={(err) => showSubmitProblem(form, describeFailure(err))}
                />
              }
            />
          )}
        </form.AppField>
        {needsPassword && (
          <>
            <form.AppField name="password">
              {(field) => (
                <field.SecretField
                  label={t({ id: 'security.loginPassword', message: 'Login password' })}
                  autoComplete="new-password"
                />
              )}
            </form.AppField>
            <form.AppField name="re_password">
              {(field) => (
                <field.SecretField
                  label={t({ id: 'security.confirmPassword', message: 'Confirm password' })}
                  autoComplete="new-password"
                />
              )}
            </form.AppField>
          </>
        )}
        <form.FormProblem />
        <form.SubmitButton>
          <Trans id="security.bindSubmit">Link e-mail</Trans>
        </form.SubmitButton>
      </form.Form>
    </form.AppForm>
  )
}
