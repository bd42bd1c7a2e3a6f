import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { setBackUrl } from '../../state/back-url'
import { Icon } from '../../ui/Icon'

/** Assets while signed out: what the tab is for, and Log in / Register, which come back here afterwards. */
export function AssetsLoginPrompt() {
  const back = () => setBackUrl('/assets')
  return (
    <section className="as-login">
      <span className="as-login__icon">
        <Icon name="wallet" size={32} />
      </span>
      <p className="as-login__text">
        <Trans id="assets.loginPrompt">Log in to see your balances, deposit, withdraw and transfer.</Trans>
      </p>
      <div className="as-login__actions">
        <Link to="/login" className="btn btn--primary" onClick={back}>
          <Trans id="userCenter.login">Log in</Trans>
        </Link>
        <Link to="/register" className="btn btn--ghost" onClick={back}>
          <Trans id="userCenter.register">Register</Trans>
        </Link>
      </div>
    </section>
  )
}
