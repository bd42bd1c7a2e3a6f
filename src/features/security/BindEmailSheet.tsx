import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { emailField } from '../../../common/api/account'
import { setUser } from '../../state/user'
import { Field, FormError, PasswordField } from '../../ui/form/Field'
import { Sheet } from '../../ui/Sheet'
import { showToast } from '../../ui/toast'
import { problemText } from './problem-text'
import { SendCodeButton } from './SendCodeButton'
import { useForm } from './use-form'

type BindField = 'email' | 'code' | 'password' | 're_password'

/**
 * A wallet account adds an e-mail (`user/bind_email`): the address, a code sent to it, and — when the account has
 * no password yet — a login password with its confirmation. On success the stored user info is replaced.
 */
export function BindEmailSheet({ open, needsPassword, onClose }: { open: boolean; needsPassword: boolean; onClose: () => void }) {
  const { t } = useLingui()
  return (
    <Sheet open={open} title={t({ id: 'security.bindTitle', message: 'Link an e-mail' })} onClose={onClose}>
      {open && <BindEmailForm needsPassword={needsPassword} onDone={onClose} />}
    </Sheet>
  )
}

function BindEmailForm({ needsPassword, onDone }: { needsPassword: boolean; onDone: () => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t, i18n } = useLingui()
  const form = useForm<BindField>({ email: '', code: '', password: '', re_password: '' })
  const email = form.bind('email')

  const checkEmail = () => {
    if (emailField.safeParse(form.values.email).success) return true
    form.setFieldError('email', problemText(i18n, form.values.email === '' ? 'required' : 'email'))
    return false
  }
  const submit = () =>
    form.submit(
      {
        required: needsPassword ? ['email', 'code', 'password', 're_password'] : ['email', 'code'],
        email: 'email',
        code: 'code',
        newPassword: needsPassword ? { password: 'password', confirm: 're_password' } : undefined,
      },
      async (v) => {
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
    )
  return (
    <form className="sec-form sec-form--sheet" noValidate onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}>
      <Field
        {...email}
        label={t({ id: 'security.email', message: 'E-mail' })}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t({ id: 'security.emailPlaceholder', message: 'name@example.com' })}
      />
      <Field
        {...form.bind('code')}
        label={t({ id: 'security.code', message: 'Verification code' })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        suffix={<SendCodeButton email={form.values.email} check={checkEmail} onRefused={form.showApiProblem} />}
      />
      {needsPassword && (
        <>
          <PasswordField {...form.bind('password')} label={t({ id: 'security.loginPassword', message: 'Login password' })} autoComplete="new-password" />
          <PasswordField {...form.bind('re_password')} label={t({ id: 'security.confirmPassword', message: 'Confirm password' })} autoComplete="new-password" />
        </>
      )}
      <FormError>{form.formError}</FormError>
      <button type="submit" className="btn btn--primary btn--block" disabled={form.busy}>
        <Trans id="security.bindSubmit">Link e-mail</Trans>
      </button>
    </form>
  )
}
