import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { useCountdown } from '../../ui/form'
import { showToast } from '../../ui/toast'

/**
 * "Send code" inside the code field: asks the server for a bind-e-mail code for the address `email()` returns (checked first by `check`,
 * which shows its own field error and returns false when the address is not usable), then counts down the
 * server's resend delay. A refusal goes to `onRefused` (placed on the form by the caller).
 */
export function SendCodeButton({
  email,
  check,
  onRefused,
}: {
  email: () => string
  check: () => boolean
  onRefused: (err: unknown) => void
}) {
  const { api } = useRouteContext({ from: '__root__' })
  const { t } = useLingui()
  const { left, start } = useCountdown()
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)

  const send = async () => {
    if (sending || left > 0 || !check()) return
    setSending(true)
    try {
      const answer = await api.sendCode(
        { type: 'email', email: email().trim(), purpose: 'bind_email' },
        { silent: true },
      )
      start(answer.resend_after_s)
      setSent(true)
      const to = answer.sent_to
      showToast(t({ id: 'security.codeSent', message: `Code sent to ${to}` }), 'success')
    } catch (err) {
      onRefused(err)
    } finally {
      setSending(false)
    }
  }
  return (
    <button type="button" className="sec-code-btn" disabled={sending || left > 0} onClick={() => void send()}>
      {left > 0 ? (
        <Trans id="security.resendIn">Resend in {left} s</Trans>
      ) : sent ? (
        <Trans id="security.resend">Resend</Trans>
      ) : (
        <Trans id="security.sendCode">Send code</Trans>
      )}
    </button>
  )
}
