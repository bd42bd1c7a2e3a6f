import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useCanGoBack, useRouteContext, useRouter } from '@tanstack/react-router'
import { FormError, PasswordField } from '../../ui/form/Field'
import { showToast } from '../../ui/toast'
import { reloadUserInfo } from '../user-center'
import { useForm } from './use-form'

type Fields = 'login_password' | 'old_pay_password' | 'pay_password' | 're_pay_password'

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
  const form = useForm<Fields>({ login_password: '', old_pay_password: '', pay_password: '', re_pay_password: '' })
  const proof: Fields = mode === 'set' ? 'login_password' : 'old_pay_password'

  const submit = () =>
    form.submit(
      { required: [proof, 'pay_password', 're_pay_password'], newPassword: { password: 'pay_password', confirm: 're_pay_password' } },
      async (v) => {
        const { pay_password, re_pay_password } = v
        await api.setPayPassword(
          mode === 'set' ? { login_password: v.login_password, pay_password, re_pay_password } : { old_pay_password: v.old_pay_password, pay_password, re_pay_password },
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
      {mode === 'set' ? (
        <PasswordField {...form.bind('login_password')} label={t({ id: 'security.loginPassword', message: 'Login password' })} autoComplete="current-password" />
      ) : (
        <PasswordField {...form.bind('old_pay_password')} label={t({ id: 'security.oldPayPassword', message: 'Current transaction password' })} autoComplete="off" />
      )}
      <PasswordField
        {...form.bind('pay_password')}
        label={t({ id: 'security.newPayPassword', message: 'New transaction password' })}
        autoComplete="new-password"
        hint={t({ id: 'security.payPasswordHint', message: 'Asked for every withdrawal. Use a different one from your login password.' })}
      />
      <PasswordField {...form.bind('re_pay_password')} label={t({ id: 'security.confirmNew', message: 'Confirm new password' })} autoComplete="new-password" />
      <FormError>{form.formError}</FormError>
      <button type="submit" className="btn btn--primary btn--block" disabled={form.busy}>
        <Trans id="security.confirmChange">Confirm</Trans>
      </button>
    </form>
  )
}
