import { Trans } from '@lingui/react/macro'
import { setBackUrl } from '../../state/back-url'
import { LoginPrompt } from '../../ui/LoginPrompt'
import './financial.css'

/** The place of a subscription form or list while signed out: why to log in, and Log in / Register (back to `back`). */
export function FinancialLoginPrompt({ back }: { back: string }) {
  return (
    <LoginPrompt icon="wallet" className="fi-card fi-login" onGo={() => setBackUrl(back)}>
      <Trans id="financial.loginPrompt">Log in to subscribe and follow your income.</Trans>
    </LoginPrompt>
  )
}
