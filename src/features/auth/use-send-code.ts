/**
 * The registration form's "Send code": checks the address, asks the server for a code, and keeps where it went and
 * the resend countdown. A code belongs to its address, so `reset()` (the address changed) allows a new one at once.
 */
import type { AnyFormApi } from '@tanstack/react-form'
import { useRouteContext } from '@tanstack/react-router'
import { useCallback, useRef, useState } from 'react'
import { setFieldProblem, useCountdown } from '../../ui/form'
import { showToast } from '../../ui/toast'
import { authFailure } from './failure'
import { accountInput, checkAccount, type AccountDraft } from './validation'

/** Where the last code went and how long it stays valid, as the send-code answer said. */
export interface SentCode {
  /** Masked address, e.g. `a***@example.com`. */
  sentTo: string
  /** Minutes the code stays valid. */
  validMinutes: number
}

/**
 * Send-code state of `form` (a form holding an AccountDraft); `onSent` runs after a code went out. `purpose`:
 * `register` asks user/send_code, `reset_password` user/forgot_password.
 */
export function useSendCode(form: AnyFormApi, onSent: () => void, purpose: 'register' | 'reset_password' = 'register') {
  const { api } = useRouteContext({ from: '__root__' })
  const countdown = useCountdown()
  const [sent, setSent] = useState<SentCode | null>(null)
  const [sending, setSending] = useState(false)
  // The render's `sending` is stale within one tick: a double click would send twice (and meet the one-a-minute limit).
  const inFlight = useRef(false)
  const send = async (draft: AccountDraft) => {
    const errors = Object.entries(checkAccount(draft))
    for (const [field, text] of errors) setFieldProblem(form, field, text)
    if (errors.length > 0 || inFlight.current) return
    inFlight.current = true
    setSending(true)
    try {
      const answer =
        purpose === 'register'
          ? await api.sendCode({ ...accountInput(draft), purpose: 'register' }, { silent: true })
          : await api.forgotPassword(accountInput(draft), { silent: true })
      setSent({ sentTo: answer.sent_to, validMinutes: Math.max(1, Math.round(answer.expires_in_s / 60)) })
      countdown.start(answer.resend_after_s)
      onSent()
    } catch (err) {
      const p = authFailure(err)
      if (p.field === 'email' || p.field === 'phone') setFieldProblem(form, p.field, p.text ?? undefined)
      else if (p.text) showToast(p.text, 'error') // e.g. too many codes asked for: near the button, not at the form's end
    } finally {
      inFlight.current = false
      setSending(false)
    }
  }
  const { reset: stop } = countdown
  const reset = useCallback(() => {
    setSent(null)
    stop()
  }, [stop])
  return { sent, sending, left: countdown.left, send, reset }
}
