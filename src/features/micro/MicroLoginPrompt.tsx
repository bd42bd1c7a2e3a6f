import { Trans } from '@lingui/react/macro'
import { setBackUrl } from '../../state/back-url'
import { LoginPrompt } from '../../ui/LoginPrompt'
import './micro.css'

/** The options screen's place for open contracts while signed out: why to log in, and Log in / Register (back here). */
export function MicroLoginPrompt() {
  return (
    <LoginPrompt icon="micro" className="mc-card mc-login" onGo={() => setBackUrl('/micro')}>
      <Trans id="micro.loginPrompt">Log in to trade options and follow your contracts.</Trans>
    </LoginPrompt>
  )
}
