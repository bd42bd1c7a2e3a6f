import { Trans } from '@lingui/react/macro'
import { setBackUrl } from '../../state/back-url'
import { LoginPrompt } from '../../ui/LoginPrompt'

/** Assets while signed out: what the tab is for, and Log in / Register, which come back here afterwards. */
export function AssetsLoginPrompt() {
  return (
    <LoginPrompt icon="wallet" className="as-login" onGo={() => setBackUrl('/assets')}>
      <Trans id="assets.loginPrompt">Log in to see your balances, deposit, withdraw and transfer.</Trans>
    </LoginPrompt>
  )
}
