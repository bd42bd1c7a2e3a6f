import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { PASSWORD_MIN } from '../../../common/api/account'
import type { Locale } from '../../../common/constants'
import { systemStore } from '../../state/system'
import { Field, FormError, PasswordField } from '../../ui/form/Field'
import { Spinner } from '../../ui/Spinner'
import { AccountFields } from './AccountFields'
import { AccountTypeTabs } from './AccountTypeTabs'
import { DEFAULT_AREA_CODE } from './area-codes'
import { CodeField } from './CodeField'
import { useFinishSignIn } from './use-finish-sign-in'
import { useFormProblems } from './use-form-problems'
import { useSendCode } from './use-send-code'
import { UseWalletInstead } from './UseWalletInstead'
import { AgreeCheckbox } from './UserProtocol'
import { checkRegister, checkWalletSignUp, fieldsEdited, isEmpty, type RegisterDraft } from './validation'

const REGISTER_OK = msg({ id: 'auth.registerSuccess', message: 'Registration successful' })

/**
 * The registration form (spec §2, §5): E-mail or Phone, a code sent by the server, password twice, invitation code
 * (required or optional per the operator's config), and the user agreement. Wallet sign-up sits under it.
 * @param inviteCode from the invitation link (`/register?code=`)
 */
export function RegisterForm({ inviteCode }: { inviteCode: string }) {
  const { t, i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const inviteRequired = useSnapshot(systemStore).config?.invite_required ?? false
  const finish = useFinishSignIn()
  const form = useRef<HTMLFormElement>(null)
  const codeId = useId()
  const problems = useFormProblems(form)
  const [draft, setDraft] = useState<RegisterDraft>(() => ({
    type: 'email',
    email: '',
    areaCode: DEFAULT_AREA_CODE[i18n.locale as Locale] ?? '1',
    phone: '',
    code: '',
    password: '',
    rePassword: '',
    inviteCode,
    agree: false,
  }))
  const code = useSendCode(problems, () => document.getElementById(codeId)?.focus())
  const [busy, setBusy] = useState(false)
  const [switched, setSwitched] = useState(false)

  const change = (patch: Partial<RegisterDraft>) => {
    // A code belongs to the address it went to: a new address may ask at once.
    if ('email' in patch || 'phone' in patch || 'areaCode' in patch || 'type' in patch) code.reset()
    setDraft((d) => ({ ...d, ...patch }))
    problems.clear(...fieldsEdited(patch))
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    const { errors, input } = checkRegister(draft, inviteRequired)
    if (!input) return problems.showChecks(errors)
    problems.clear()
    setBusy(true)
    try {
      finish(await api.register(input, { silent: true }), REGISTER_OK)
    } catch (err) {
      problems.showCallError(err)
    } finally {
      setBusy(false)
    }
  }

  const min = PASSWORD_MIN
  return (
    <>
      <form ref={form} className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <AccountTypeTabs
          value={draft.type}
          onChange={(type) => {
            change({ type })
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
          <CodeField
            id={codeId}
            value={draft.code}
            onChange={(code) => change({ code })}
            error={problems.fieldError('code')}
            sent={code.sent}
            sending={code.sending}
            onSend={() => void code.send(draft)}
          />
          <PasswordField
            label={t({ id: 'auth.password', message: 'Password' })}
            autoComplete="new-password"
            value={draft.password}
            onChange={(password) => change({ password })}
            error={problems.fieldError('password')}
            hint={t({ id: 'auth.password.rule', message: `At least ${min} characters. A phrase of several words is easy to remember and hard to guess.` })}
            maxLength={128}
          />
          <PasswordField
            label={t({ id: 'auth.password.confirm', message: 'Confirm password' })}
            autoComplete="new-password"
            value={draft.rePassword}
            onChange={(rePassword) => change({ rePassword })}
            error={problems.fieldError('re_password')}
            maxLength={128}
          />
          <Field
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
            value={draft.inviteCode}
            onChange={(v) => change({ inviteCode: v })}
            error={problems.fieldError('invite_code')}
          />
          <AgreeCheckbox checked={draft.agree} onChange={(agree) => change({ agree })} error={problems.fieldError('agree')} />
          <FormError>{problems.formError}</FormError>
          <button type="submit" className="btn btn--primary btn--block auth-form__submit" disabled={busy} aria-busy={busy || undefined}>
            {busy && <Spinner size={18} />}
            <Trans id="auth.register.submit">Sign up</Trans>
          </button>
          <p className="auth-form__switch">
            <Trans id="auth.register.haveAccount">Already have an account?</Trans>{' '}
            <Link to="/login" className="auth-link" replace>
              <Trans id="auth.register.toLogin">Log in</Trans>
            </Link>
          </p>
        </div>
      </form>
      <UseWalletInstead
        inviteCode={draft.inviteCode.trim().toUpperCase()}
        label={t({ id: 'auth.wallet.signUp', message: 'Sign up with wallet' })}
        beforeStart={() => {
          const errors = checkWalletSignUp(draft, inviteRequired)
          if (isEmpty(errors)) return true
          problems.showChecks(errors)
          return false
        }}
      />
    </>
  )
}
