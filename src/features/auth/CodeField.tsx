import { Trans, useLingui } from '@lingui/react/macro'
import { CODE_LENGTH } from '../../../common/api/account'
import { Field } from '../../ui/form/Field'
import { useSecondsLeft } from './countdown'

/** Where the last code went and how long it stays valid, as the send-code answer said. */
export interface SentCode {
  /** Masked address, e.g. `a***@example.com`. */
  sentTo: string
  /** Minutes the code stays valid. */
  validMinutes: number
  /** When another code may be asked for, ms since epoch. */
  resendAt: number
}

/**
 * The verification-code field with its "Send code" button, which counts down the server's `resend_after_s` before
 * it can be pressed again; under the field, where the code went.
 */
export function CodeField({
  id,
  value,
  onChange,
  error,
  sent,
  sending,
  onSend,
}: {
  id: string
  value: string
  onChange: (code: string) => void
  error: string | undefined
  sent: SentCode | null
  sending: boolean
  onSend: () => void
}) {
  const { t } = useLingui()
  const left = useSecondsLeft(sent?.resendAt ?? null)
  const label = sending
    ? t({ id: 'auth.code.sending', message: 'Sending…' })
    : left > 0
      ? t({ id: 'auth.code.resendIn', message: `Resend (${left} s)` })
      : sent
        ? t({ id: 'auth.code.resend', message: 'Resend' })
        : t({ id: 'auth.code.send', message: 'Send code' })
  const sentTo = sent?.sentTo ?? ''
  const minutes = sent?.validMinutes ?? 0
  return (
    <Field
      id={id}
      label={t({ id: 'auth.code', message: 'Verification code' })}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      value={value}
      onChange={(v) => onChange(v.replace(/\D/g, ''))}
      error={error}
      hint={
        sent ? (
          <span role="status">
            <Trans id="auth.code.sentTo">
              Code sent to {sentTo}. It expires in {minutes} min.
            </Trans>
          </span>
        ) : undefined
      }
      suffix={
        <button type="button" className="code-btn" disabled={sending || left > 0} onClick={onSend}>
          {label}
        </button>
      }
    />
  )
}
