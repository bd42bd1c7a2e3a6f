import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Icon, type IconName } from '../../ui/Icon'

type ShortcutPath = '/deposit' | '/withdrawal' | '/transfer' | '/account-record' | '/financial'

/**
 * The shortcuts under the total (spec §2 Assets): deposit, withdraw, transfer, the account change records, and the
 * financial (yield) products.
 */
export function Shortcuts() {
  const { t } = useLingui()
  const links: { to: ShortcutPath; icon: IconName; label: string }[] = [
    { to: '/deposit', icon: 'download', label: t({ id: 'assets.deposit', message: 'Deposit' }) },
    { to: '/withdrawal', icon: 'upload', label: t({ id: 'assets.withdraw', message: 'Withdraw' }) },
    { to: '/transfer', icon: 'swap', label: t({ id: 'assets.transfer', message: 'Transfer' }) },
    { to: '/account-record', icon: 'list', label: t({ id: 'assets.records', message: 'Records' }) },
    { to: '/financial', icon: 'sprout', label: t({ id: 'assets.wealth', message: 'Wealth' }) },
  ]
  return (
    <nav className="as-shortcuts" aria-label={t({ id: 'assets.shortcuts', message: 'Shortcuts' })}>
      {links.map((l) => (
        <Link key={l.to} to={l.to} className="as-shortcut">
          <span className="as-shortcut__icon">
            <Icon name={l.icon} size={22} />
          </span>
          <span className="as-shortcut__label">{l.label}</span>
        </Link>
      ))}
    </nav>
  )
}
