import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Icon, type IconName } from './Icon'

/**
 * A signed-out screen's place for the user's own data: an icon, why to log in (`children`), and Log in / Register.
 * `onGo` runs before either link is followed (the screen remembers itself as the way back).
 */
export function LoginPrompt({
  icon,
  onGo,
  className,
  children,
}: {
  icon: IconName
  onGo: () => void
  /** The screen's own frame (card, margins). */
  className?: string
  children: ReactNode
}) {
  return (
    <section className={className ? `login-prompt ${className}` : 'login-prompt'}>
      <span className="login-prompt__icon">
        <Icon name={icon} size={28} />
      </span>
      <p className="login-prompt__text">{children}</p>
      <div className="login-prompt__actions">
        <Link to="/login" className="btn btn--primary" onClick={onGo}>
          <Trans id="userCenter.login">Log in</Trans>
        </Link>
        <Link to="/register" className="btn btn--ghost" onClick={onGo}>
          <Trans id="userCenter.register">Register</Trans>
        </Link>
      </div>
    </section>
  )
}
