import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { isApiError } from '../../api/errors'
import { Icon } from '../../ui/Icon'
import { Spinner } from '../../ui/Spinner'
import { showToast } from '../../ui/toast'
import { useFinishSignIn } from './use-finish-sign-in'
import { WalletCodeSheet } from './WalletCodeSheet'
import { WalletError, injectedProvider, signInWithWallet, type WalletProblem } from './wallet'

const PROBLEM = {
  'no-wallet': msg({
    id: 'auth.wallet.none',
    message: 'No wallet was found in this browser. Open this page in your wallet app, or install a wallet extension.',
  }),
  rejected: msg({ id: 'auth.wallet.rejected', message: 'Signing was cancelled in the wallet.' }),
  pending: msg({
    id: 'auth.wallet.pending',
    message: 'Your wallet has a request open. Finish it in the wallet first.',
  }),
  'no-account': msg({ id: 'auth.wallet.noAccount', message: 'The wallet did not share an account.' }),
  'bad-answer': msg({ id: 'auth.wallet.failed', message: 'The wallet could not sign in. Please try again.' }),
} satisfies Record<WalletProblem, unknown>

/**
 * "Sign in with wallet" (EIP-4361 through the injected EIP-1193 wallet). Without a wallet in the browser the button
 * stays, with a line saying so; a cancel in the wallet gives a calm note and nothing else. An account with two-factor
 * authentication is asked for the authenticator's code in a sheet (WalletCodeSheet) before it is signed in.
 * @param inviteCode for a first wallet sign-in from the registration screen; `beforeStart` may refuse to start
 */
export function WalletButton({
  label,
  inviteCode,
  beforeStart,
}: {
  label: string
  inviteCode?: string
  beforeStart?: () => boolean
}) {
  const { i18n } = useLingui()
  const { api } = useRouteContext({ from: '__root__' })
  const finish = useFinishSignIn()
  const [busy, setBusy] = useState(false)
  const noteId = useId()
  const hasWallet = injectedProvider(window) !== undefined
  // The authenticator's code, when the account asks for one: the sheet answers the pending question.
  const [asking, setAsking] = useState(false)
  const answerCode = useRef<(code: string | null) => void>(() => undefined)
  const askCode = () =>
    new Promise<string | null>((resolve) => {
      answerCode.current = (code) => {
        setAsking(false)
        resolve(code)
      }
      setAsking(true)
    })
  const start = async () => {
    if (busy || (beforeStart && !beforeStart())) return
    setBusy(true)
    try {
      const answer = await signInWithWallet(injectedProvider(window), api, inviteCode, askCode)
      finish(answer, msg({ id: 'auth.loginSuccess', message: 'Login successful' }))
    } catch (err) {
      // Server refusals were shown by the request layer already.
      if (err instanceof WalletError) showToast(PROBLEM[err.problem], err.problem === 'rejected' ? 'message' : 'error')
      else if (!isApiError(err)) showToast(PROBLEM['bad-answer'], 'error')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="wallet-sign-in">
      <button
        type="button"
        className="btn btn--ghost btn--block wallet-sign-in__btn"
        aria-describedby={hasWallet ? undefined : noteId}
        aria-busy={busy || undefined}
        onClick={() => void start()}
      >
        {busy ? <Spinner size={18} /> : <Icon name="wallet" size={18} />}
        <span>{label}</span>
      </button>
      {hasWallet ? (
        <p className="wallet-sign-in__hint">
          <Trans id="auth.wallet.hint">You sign a message in your wallet: no transaction, no fee.</Trans>
        </p>
      ) : (
        <p id={noteId} className="wallet-sign-in__hint wallet-sign-in__hint--none">
          {i18n._(PROBLEM['no-wallet'])}
        </p>
      )}
      <WalletCodeSheet open={asking} onCode={(code) => answerCode.current(code)} />
    </div>
  )
}
