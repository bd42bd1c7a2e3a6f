import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useCanGoBack, useRouteContext, useRouter } from '@tanstack/react-router'
import { showToast } from '../../ui/toast'
import { reloadUserInfo } from '../user-center'
import { PasswordForm } from './PasswordForm'
import '../../styles/user-center.css'

/**
 * Sets (first time, confirmed with the login password) or changes (with the old one) the transaction password that
 * withdrawals ask for. Afterwards the user info is re-read (has_pay_password) and the user returns where they came
 * from, e.g. a withdrawal that needed it.
 */
export function PayPasswordForm({ mode }: { mode: 'set' | 'change' }) {
  const { api } = useRouteContext({ from: '__root__' })
  const router = useRouter()
  const canGoBack = useCanGoBack()
  const { t } = useLingui()
  const proof =
    mode === 'set'
      ? ({
          name: 'login_password',
          label: t({ id: 'security.loginPassword', message: 'Login password' }),
          autoComplete: 'current-password',
        } as const)
      : ({
          name: 'old_pay_password',
          label: t({ id: 'security.oldPayPassword', message: 'Current transaction password' }),
          autoComplete: 'off',
        } as const)
  return (
    <PasswordForm<'login_password' | 'old_pay_password' | 'pay_password' | 're_pay_password'>
      proof={proof}
      next={{
        name: 'pay_password',
        label: t({ id: 'security.newPayPassword', message: 'New transaction password' }),
        autoComplete: 'new-password',
        hint: t({
          id: 'security.payPasswordHint',
          message: 'Asked for every withdrawal. Use a different one from your login password.',
        }),
      }}
      confirm={{
        name: 're_pay_password',
        label: t({ id: 'security.confirmNew', message: 'Confirm new password' }),
        autoComplete: 'new-password',
      }}
      send={async (v) => {
        const { pay_password, re_pay_password } = v
        await api.setPayPassword(
          mode === 'set'
            ? { login_password: v.login_password, pay_password, re_pay_password }
            : { old_pay_password: v.old_pay_password, pay_password, re_pay_password },
          { silent: true },
        )
        await reloadUserInfo(api)
        showToast(
          mode === 'set'
            ? msg({ id: 'security.payPasswordSet', message: 'Transaction password set' })
            : msg({ id: 'security.payPasswordChanged', message: 'Transaction password changed' }),
          'success',
        )
        if (canGoBack) router.history.back()
        else await router.navigate({ to: '/secure-center' })
      }}
    />
  )
}
