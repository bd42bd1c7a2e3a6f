import { useSnapshot } from 'valtio'
import { LanguageButton } from '../settings/LanguageButton'
import { SourceBadge } from '../markets/SourceBadge'
import { systemStore } from '../../state/system'
import { ThemeSwitch } from '../../ui/ThemeSwitch'

/** Home header: logo and site name, the "prices not live" badge, language and theme buttons. */
export function HomeHeader() {
  const { config } = useSnapshot(systemStore)
  return (
    <header className="home-header">
      <div className="home-header__brand">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span className="home-header__name">{config?.site_name ?? 'TC Market'}</span>
        <SourceBadge />
      </div>
      <div className="home-header__actions">
        <LanguageButton />
        <ThemeSwitch />
      </div>
    </header>
  )
}
