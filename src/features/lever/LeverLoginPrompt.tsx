import { Trans } from '@lingui/react/macro'
import { setBackUrl } from '../../state/back-url'
import { LoginPrompt } from '../../ui/LoginPrompt'

/** The futures screen's place for positions while signed out: why to log in, and Log in / Register (back here). */
export function LeverLoginPrompt() {
  return (
    <LoginPrompt icon="lever" className="lv-card lv-login" onGo={() => setBackUrl('/lever')}>
      <Trans id="lever.loginPrompt">Log in to trade futures and follow your positions.</Trans>
    </LoginPrompt>
  )
}
