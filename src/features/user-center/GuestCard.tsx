import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Icon } from '../../ui/Icon'
import '../../styles/user-center.css'

/** The logged-out header of the user center: a welcome line with Log in and Register. */
export function GuestCard() {
  return (
    <section className="uc-card">
      <div className="uc-card__top">
        <span className="uc-card__avatar">
          <Icon name="user" size={28} />
        </span>
        <div className="uc-card__who">
          <p className="uc-card__account">
            <Trans id="userCenter.guestTitle">Welcome</Trans>
          </p>
          <p className="uc-card__hint">
            <Trans id="userCenter.guestText">Log in to trade, deposit and keep your account safe.</Trans>
          </p>
        </div>
      </div>
      <div className="uc-card__actions">
        <Link to="/login" className="btn btn--primary">
          <Trans id="userCenter.login">Log in</Trans>
        </Link>
        <Link to="/register" className="btn btn--ghost">
          <Trans id="userCenter.register">Register</Trans>
        </Link>
      </div>
    </section>
  )
}
