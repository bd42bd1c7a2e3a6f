import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import type { UserInfo } from '../../../common/api/account'
import type { TwoFactorSetupAnswer } from '../../../common/api/two-factor'
import { describeFailure } from '../../api/problem'
import { Icon } from '../../ui/Icon'
import { appFormOptions, useAppForm } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { useSecondFactorProps } from '../auth'
import { QrCode } from '../share'
import { copyWithToast, reloadUserInfo } from '../user-center'
import '../../styles/user-center.css'
import './two-factor.css'

/** The secret in groups of 4 (easier to type into an authenticator by hand). */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(' ')

/**
 * /two-factor (issue 24 part 7): turning two-factor authentication on — "Set up" makes a secret, shown as a QR code
 * and as text; a code from the authenticator and the login password turn it on; the ten recovery codes are shown once
 * with "Copy all" — or off, with a code or a recovery code. The user info is re-read after each change.
 */
export function TwoFactorPanel({ user }: { user: UserInfo }) {
  const [setup, setSetup] = useState<TwoFactorSetupAnswer | null>(null)
  const [recovery, setRecovery] = useState<readonly string[] | null>(null)
  if (recovery) return <RecoveryCodes codes={recovery} />
  if (user.two_factor) return <TurnOff />
  if (setup) return <TurnOn setup={setup} needsPassword={user.has_password} onDone={setRecovery} />
  return <Intro onSetup={setSetup} />
}

function Intro({ onSetup }: { onSetup: (s: TwoFactorSetupAnswer) => void }) {
  const { api } = useRouteContext({ from: '__root__' })
  const [busy, setBusy] = useState(false)
  const start = async () => {
    setBusy(true)
    try {
      onSetup(await api.twoFactorSetup())
    } catch {
      // The request layer has said why.
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="sec-note tf-intro">
      <Icon name="shield" size={40} />
      <p>
        <Trans id="twoFactor.intro">
          Protect sign-in and withdrawals with a 6-digit code that changes every 30 seconds, from an authenticator app
          such as Google Authenticator, Microsoft Authenticator or 1Password.
        </Trans>
      </p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={busy}
        onClick={() => void start()}
        data-testid="tf-setup"
      >
        <Trans id="twoFactor.setUp">Set up</Trans>
      </button>
    </div>
  )
}

function TurnOn({
  setup,
  needsPassword,
  onDone,
}: {
  setup: TwoFactorSetupAnswer
  needsPassword: boolean
  onDone: (codes: readonly string[]) => void
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t } = useLingui()
  const codeProps = useSecondFactorProps()
  const form = useAppForm(
    appFormOptions({
      defaultValues: { code: '', password: '' },
      check: (v) => ({
        code: /^\d{6}$/.test(v.code) ? undefined : msg({ id: 'twoFactor.codeSix', message: 'Enter the 6-digit code' }),
        password:
          needsPassword && !v.password
            ? msg({ id: 'twoFactor.passwordNeeded', message: 'Enter your login password' })
            : undefined,
      }),
      describe: describeFailure,
      send: async (v) => {
        const answer = await api.twoFactorEnable(
          { code: v.code, ...(needsPassword ? { password: v.password } : {}) },
          { silent: true },
        )
        // The codes first: with the user info re-read before them, the "on" panel showed for a moment.
        onDone(answer.recovery_codes)
        showToast(msg({ id: 'twoFactor.turnedOn', message: 'Two-factor authentication is on' }), 'success')
        await reloadUserInfo(api)
      },
    }),
  )
  const qrLabel = t({ id: 'twoFactor.qrLabel', message: 'QR code to scan with your authenticator app' })
  return (
    <>
      <section className="sec-form tf-scan">
        <h2 className="tf-step">
          <Trans id="twoFactor.step1">1. Scan this QR code with your authenticator app</Trans>
        </h2>
        <QrCode text={setup.uri} size={180} label={qrLabel} />
        <p className="sec-form__note">
          <Trans id="twoFactor.orKey">Or enter this key by hand:</Trans>
        </p>
        <div className="tf-key">
          <code data-testid="tf-secret">{grouped(setup.secret)}</code>
          <button type="button" className="uc-card__copy" onClick={() => copyWithToast(setup.secret)}>
            <Icon name="copy" size={18} label={t({ id: 'twoFactor.copyKey', message: 'Copy key' })} />
          </button>
        </div>
      </section>
      <form.AppForm>
        <form.Form className="sec-form">
          <h2 className="tf-step">
            <Trans id="twoFactor.step2">2. Enter the code it shows</Trans>
          </h2>
          <form.AppField name="code">{(field) => <field.TextField {...codeProps} />}</form.AppField>
          {needsPassword && (
            <form.AppField name="password">
              {(field) => (
                <field.SecretField
                  label={t({ id: 'security.loginPassword', message: 'Login password' })}
                  autoComplete="current-password"
                  maxLength={128}
                />
              )}
            </form.AppField>
          )}
          <form.FormProblem />
          <form.SubmitButton className="btn btn--primary btn--block">
            <Trans id="twoFactor.turnOn">Turn on</Trans>
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </>
  )
}

function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [kept, setKept] = useState(false)
  return (
    <section className="sec-form tf-recovery">
      <h2 className="tf-step">
        <Trans id="twoFactor.recoveryTitle">Your recovery codes</Trans>
      </h2>
      <p className="sec-form__note tf-warn">
        <Trans id="twoFactor.recoveryNote">
          Each code signs you in once if you lose your phone. Keep them somewhere safe: they are not shown again.
        </Trans>
      </p>
      <ol className="tf-codes" data-testid="tf-recovery">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn--ghost btn--block" onClick={() => copyWithToast(codes.join('\n'))}>
        <Icon name="copy" size={18} />
        {t({ id: 'twoFactor.copyAll', message: 'Copy all' })}
      </button>
      <label className="tf-kept">
        <input type="checkbox" checked={kept} onChange={(e) => setKept(e.target.checked)} />
        <Trans id="twoFactor.kept">I have saved my recovery codes</Trans>
      </label>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!kept}
        onClick={() => void navigate({ to: '/secure-center', replace: true })}
        data-testid="tf-done"
      >
        <Trans id="twoFactor.done">Done</Trans>
      </button>
    </section>
  )
}

function TurnOff() {
  const { api } = useRouteContext({ from: '__root__' })
  const codeProps = useSecondFactorProps(true)
  const form = useAppForm(
    appFormOptions({
      defaultValues: { code: '' },
      check: (v) => ({
        code: v.code ? undefined : msg({ id: 'twoFactor.codeNeeded', message: 'Enter a code' }),
      }),
      describe: describeFailure,
      send: async (v) => {
        await api.twoFactorDisable(v.code, { silent: true })
        await reloadUserInfo(api)
        showToast(msg({ id: 'twoFactor.turnedOff', message: 'Two-factor authentication is off' }), 'success')
      },
    }),
  )
  return (
    <>
      <div className="sec-note tf-on">
        <Icon name="shield" size={40} />
        <p data-testid="tf-state">
          <Trans id="twoFactor.isOn">
            Two-factor authentication is on: sign-in and withdrawals ask for a code from your authenticator app.
          </Trans>
        </p>
      </div>
      <form.AppForm>
        <form.Form className="sec-form">
          <p className="sec-form__note">
            <Trans id="twoFactor.offNote">
              To turn it off, enter a current code or a recovery code. Withdrawals are then held for 24 hours.
            </Trans>
          </p>
          <form.AppField name="code">{(field) => <field.TextField {...codeProps} />}</form.AppField>
          <form.FormProblem />
          <form.SubmitButton className="btn btn--ghost btn--block tf-off">
            <Trans id="twoFactor.turnOff">Turn off</Trans>
          </form.SubmitButton>
        </form.Form>
      </form.AppForm>
    </>
  )
}
