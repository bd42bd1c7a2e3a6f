import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Icon, type IconName } from '../../ui/Icon'

type TabPath = '/home' | '/market' | '/micro' | '/lever' | '/assets'

/**
 * The bottom tab bar (spec §2): five equal tabs, 1.33333rem high, 20 px icons and 12 px labels, the active tab
 * highlighted, no enlarged centre tab.
 */
export function TabBar() {
  const { t } = useLingui()
  const tabs: { to: TabPath; icon: IconName; label: string }[] = [
    { to: '/home', icon: 'home', label: t({ id: 'nav.home', message: 'Home' }) },
    { to: '/market', icon: 'market', label: t({ id: 'nav.market', message: 'Market' }) },
    { to: '/micro', icon: 'micro', label: t({ id: 'nav.micro', message: 'Options' }) },
    { to: '/lever', icon: 'lever', label: t({ id: 'nav.lever', message: 'Futures' }) },
    { to: '/assets', icon: 'assets', label: t({ id: 'nav.assets', message: 'Assets' }) },
  ]
  return (
    <nav className="tab-bar" aria-label={t({ id: 'nav.main', message: 'Main' })}>
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className="tab-bar__tab"
          activeProps={{ className: 'tab-bar__tab--active', 'aria-current': 'page' }}
        >
          <Icon name={tab.icon} size={20} />
          <span className="tab-bar__label">{tab.label}</span>
        </Link>
      ))}
    </nav>
  )
}
