import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { SourceBadge } from '../markets'
import { LanguageButton, ThemeSwitch } from '../settings'
import { systemStore } from '../../state/system'
import { Icon } from '../../ui/Icon'

/**
 * Home header: logo and site name, the "prices not live" badge, language and theme buttons, and "Me" (user center).
 * Where name and badge do not fit on one line (a long badge at 360 px), the badge wraps under the name.
 */
export function HomeHeader() {
  const { config } = useSnapshot(systemStore)
  const { t } = useLingui()
  return (
    <header className="home-header">
      <div className="home-header__brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="home-header__title">
          <span className="home-header__name">{config?.site_name ?? 'TC Market'}</span>
          <SourceBadge />
        </span>
      </div>
      <div className="home-header__actions">
        <LanguageButton />
        <ThemeSwitch />
        <Link to="/user-center" className="icon-btn">
          <Icon name="user" size={22} label={t({ id: 'page.userCenter', message: 'Me' })} />
        </Link>
      </div>
    </header>
  )
}
