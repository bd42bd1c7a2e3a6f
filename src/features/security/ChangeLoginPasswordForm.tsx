import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { PASSWORD_MIN } from '../../../common/api/account'
import { signOut } from '../auth'
import { showToast } from '../../ui/toast'
import { PasswordForm } from './PasswordForm'
import '../../styles/user-center.css'

/**
 * Old, new and confirmed login password (spec §5 password reset). The server ends every session of the account on
 * success (reliability F6), so the device signs out and goes to login.
 */
export function ChangeLoginPasswordForm() {
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const { t } = useLingui()
  const min = PASSWORD_MIN
  return (
    <PasswordForm
      proof={{
        name: 'old_password',
        label: t({ id: 'security.oldPassword', message: 'Current password' }),
        autoComplete: 'current-password',
      }}
      next={{
        name: 'password',
        label: t({ id: 'security.newPassword', message: 'New password' }),
        autoComplete: 'new-password',
        hint: t({
          id: 'security.passwordHint',
          message: `At least ${min} characters. A long phrase is safer than symbols.`,
        }),
      }}
      confirm={{
        name: 're_password',
        label: t({ id: 'security.confirmNew', message: 'Confirm new password' }),
        autoComplete: 'new-password',
      }}
      note={
        <p className="sec-form__note">
          <Trans id="security.signOutNote">After the change every device is signed out, this one included.</Trans>
        </p>
      }
      send={async (v) => {
        await api.changePassword(v, { silent: true })
        await signOut(api) // the session is already revoked: this clears the device
        await navigate({ to: '/login' })
        showToast(msg({ id: 'security.passwordChanged', message: 'Password changed, please log in again' }), 'success')
      }}
    />
  )
}
