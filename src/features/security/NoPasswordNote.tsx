import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Icon } from '../../ui/Icon'
import '../../styles/user-center.css'

/**
 * For a wallet account that has no password yet: passwords (login and transaction) are confirmed with the login
 * password, which a wallet account gets by adding an e-mail. Offers to do that in the security center.
 */
export function NoPasswordNote() {
  return (
    <section className="sec-note">
      <Icon name="wallet" size={28} />
      <p>
        <Trans id="security.noPasswordText">
          Your account signs in with a wallet and has no password yet. Add an e-mail address and a login password first;
          the transaction password is confirmed with it.
        </Trans>
      </p>
      <Link to="/secure-center" search={{ bind: 1 }} className="btn btn--primary btn--block">
        <Trans id="security.addEmail">Add e-mail and password</Trans>
      </Link>
    </section>
  )
}
