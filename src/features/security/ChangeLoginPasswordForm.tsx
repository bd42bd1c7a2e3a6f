import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { PASSWORD_MIN } from '../../../common/api/account'
import { signOut } from '../auth'
import { FormError, PasswordField } from '../../ui/form/Field'
import { showToast } from '../../ui/toast'
import { useForm } from './use-form'

type Fields = 'old_password' | 'password' | 're_password'

/**
 * Old, new and confirmed login password (spec §5 password reset). The server ends every session of the account on
 * success (reliability F6), so the device signs out and goes to login.
 */
export function ChangeLoginPasswordForm() {
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const { t } = useLingui()
  const form = useForm<Fields>({ old_password: '', password: '', re_password: '' })
  const min = PASSWORD_MIN
  const submit = () =>
    form.submit(
      { required: ['old_password', 'password', 're_password'], newPassword: { password: 'password', confirm: 're_password' } },
      async (v) => {
        await api.changePassword(v, { silent: true })
        await signOut(api) // the session is already revoked: this clears the device
        await navigate({ to: '/login' })
        showToast(msg({ id: 'security.passwordChanged', message: 'Password changed, please log in again' }), 'success')
      },
    )
  return (
    <form
      className="sec-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <PasswordField {...form.bind('old_password')} label={t({ id: 'security.oldPassword', message: 'Current password' })} autoComplete="current-password" />
      <PasswordField
        {...form.bind('password')}
        label={t({ id: 'security.newPassword', message: 'New password' })}
        autoComplete="new-password"
        hint={t({ id: 'security.passwordHint', message: `At least ${min} characters. A long phrase is safer than symbols.` })}
      />
      <PasswordField {...form.bind('re_password')} label={t({ id: 'security.confirmNew', message: 'Confirm new password' })} autoComplete="new-password" />
      <p className="sec-form__note">
        <Trans id="security.signOutNote">After the change every device is signed out, this one included.</Trans>
      </p>
      <FormError>{form.formError}</FormError>
      <button type="submit" className="btn btn--primary btn--block" disabled={form.busy}>
        <Trans id="security.confirmChange">Confirm</Trans>
      </button>
    </form>
  )
}
