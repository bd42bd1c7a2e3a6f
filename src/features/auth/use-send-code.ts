/**
 * The registration form's "Send code": checks the address, asks the server for a code, and keeps where it went and
 * when another may be asked for. A code belongs to its address, so `reset()` (the address changed) allows a new one.
 */
import { useRouteContext } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { showToast } from '../../ui/toast'
import type { SentCode } from './CodeField'
import { countdownEnd } from './countdown'
import { callProblem } from './form-errors'
import type { FormProblems } from './use-form-problems'
import { accountInput, checkAccount, isEmpty, type AccountDraft } from './validation'

export function useSendCode(problems: FormProblems, onSent: () => void) {
  const { api } = useRouteContext({ from: '__root__' })
  const [sent, setSent] = useState<SentCode | null>(null)
  const [sending, setSending] = useState(false)
  const send = async (draft: AccountDraft) => {
    const errors = checkAccount(draft)
    if (!isEmpty(errors)) return problems.showChecks(errors)
    setSending(true)
    try {
      const answer = await api.sendCode({ ...accountInput(draft), purpose: 'register' }, { silent: true })
      setSent({
        sentTo: answer.sent_to,
        validMinutes: Math.max(1, Math.round(answer.expires_in_s / 60)),
        resendAt: countdownEnd(answer.resend_after_s, Date.now()),
      })
      onSent()
    } catch (err) {
      const p = callProblem(err)
      if (p.field) problems.showCallError(err)
      else showToast(p.text, 'error') // e.g. too many codes asked for: near the button, not at the form's end
    } finally {
      setSending(false)
    }
  }
  const reset = useCallback(() => setSent(null), [])
  return { sent, sending, send, reset }
}
