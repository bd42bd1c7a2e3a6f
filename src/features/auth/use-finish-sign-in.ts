/**
 * What every successful sign-in does (login, registration, wallet): store the token and the user, say so, and go
 * back to where the user was sent from (the back-url, used once) or to the user center.
 */
import type { MessageDescriptor } from '@lingui/core'
import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { SessionAnswer } from '../../../common/api/account'
import { clearBackUrl, getBackUrl } from '../../state/back-url'
import { startSession } from '../../state/session'
import { showToast } from '../../ui/toast'

/** Paths never returned to after a sign-in: the sign-in screens themselves. */
const NOT_BACK = /^\/(login|register)(?:[/?#]|$)/

/** Where to go after a sign-in: the remembered back-url unless it is a sign-in screen, else /user-center. */
export function afterSignInPath(backUrl: string | null): string {
  return backUrl && !NOT_BACK.test(backUrl) ? backUrl : '/user-center'
}

/** Returns `finish(answer, toast)`: starts the session, shows `toast`, and replaces the sign-in screen. */
export function useFinishSignIn(): (answer: SessionAnswer, toast: MessageDescriptor) => void {
  const router = useRouter()
  return useCallback(
    (answer, toast) => {
      startSession(answer.token, answer.user)
      showToast(toast, 'success')
      const to = afterSignInPath(getBackUrl())
      clearBackUrl()
      // Replace: "back" from the next screen must not land on the sign-in form again.
      void router.navigate({ href: to, replace: true })
    },
    [router],
  )
}
