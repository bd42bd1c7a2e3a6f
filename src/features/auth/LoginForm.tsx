import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useRef, useState, type FormEvent } from 'react'
import type { Locale } from '../../../common/constants'
import { FormError, PasswordField } from '../../ui/form/Field'
import { Spinner } from '../../ui/Spinner'
import { AccountFields } from './AccountFields'
import { AccountTypeTabs } from './AccountTypeTabs'
import { DEFAULT_AREA_CODE } from './area-codes'
import { useFinishSignIn } from './use-finish-sign-in'
import { useFormProblems } from './use-form-problems'
import { checkLogin, fieldsEdited, type LoginDraft } from './validation'

const LOGIN_OK = msg({ id: 'auth.loginSuccess', message: 'Login successful' })

/** The login form (spec §2): E-mail or Phone tab, password, "Log in", and the way to registration. */
export function LoginForm() {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const finish = useFinishSignIn()
  const form = useRef<HTMLFormElement>(null)
  const problems = useFormProblems(form)
  const [draft, setDraft] = useState<LoginDraft>(() => ({
    type: 'email',
    email: '',
    areaCode: DEFAULT_AREA_CODE[i18n.locale as Locale] ?? '1',
    phone: '',
    password: '',
  }))
  const [switched, setSwitched] = useState(false)
  const [busy, setBusy] = useState(false)

  const change = (patch: Partial<LoginDraft>) => {
    setDraft((d) => ({ ...d, ...patch }))
    problems.clear(...fieldsEdited(patch))
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const { errors, input } = checkLogin(draft)
    if (!input) return problems.showChecks(errors)
    problems.clear()
    setBusy(true)
    try {
      finish(await api.login(input, { silent: true }), LOGIN_OK)
    } catch (err) {
      problems.showCallError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form ref={form} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
      <AccountTypeTabs
        value={draft.type}
        onChange={(type) => {
          setDraft((d) => ({ ...d, type }))
          problems.clear()
          setSwitched(true)
        }}
      />
      <div className="auth-form__fields">
        <AccountFields
          key={draft.type}
          draft={draft}
          onChange={change}
          error={problems.fieldError(draft.type === 'email' ? 'email' : 'phone')}
          autoFocus={switched}
        />
        <PasswordField
          label={t({ id: 'auth.password', message: 'Password' })}
          value={draft.password}
          onChange={(password) => change({ password })}
          error={problems.fieldError('password')}
          maxLength={128}
        />
        <FormError>{problems.formError}</FormError>
        <button type="submit" className="btn btn--primary btn--block auth-form__submit" disabled={busy} aria-busy={busy || undefined}>
          {busy && <Spinner size={18} />}
          <Trans id="auth.login.submit">Log in</Trans>
        </button>
        <p className="auth-form__switch">
          <Trans id="auth.login.noAccount">No account yet?</Trans>{' '}
          <Link to="/register" search={{}} className="auth-link" replace>
            <Trans id="auth.login.toRegister">Sign up</Trans>
          </Link>
        </p>
      </div>
    </form>
  )
}
