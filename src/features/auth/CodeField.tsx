import { Trans, useLingui } from '@lingui/react/macro'
import { CODE_LENGTH } from '../../../common/api/account'
import { changeField, Field, fieldError, useFieldContext, useFormText } from '../../ui/form'
import type { SentCode } from './use-send-code'

/**
 * The verification-code field (inside `form.AppField name="code"`) with its "Send code" button, which counts down
 * the server's `resend_after_s` (`left`, seconds) before it can be pressed again; under the field, where the code went.
 */
export function CodeField({
  id,
  sent,
  sending,
  left,
  onSend,
}: {
  id: string
  sent: SentCode | null
  sending: boolean
  left: number
  onSend: () => void
}) {
  const { t } = useLingui()
  const field = useFieldContext<string>()
  const show = useFormText()
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
      name={field.name}
      label={t({ id: 'auth.code', message: 'Verification code' })}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={CODE_LENGTH}
      value={field.state.value}
      onChange={(v) => changeField(field, v.replace(/\D/g, ''))}
      error={show(fieldError(field))}
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
