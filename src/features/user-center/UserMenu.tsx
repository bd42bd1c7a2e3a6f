import { useLingui } from '@lingui/react/macro'
import { ORDER_HISTORY_HASH } from '../../lib/route-hashes'
import { ConfirmOrdersRow } from './ConfirmOrdersRow'
import { DemoAccountRow } from './DemoAccountRow'
import { DownloadAppRow } from './DownloadAppRow'
import { LanguageRow } from './LanguageRow'
import { MenuGroup, MenuLink } from './MenuRow'
import { ThemeRow } from './ThemeRow'
import '../../styles/user-center.css'

/**
 * The entries of the user center (spec §2 "User center (Mine)"), in three groups: the account, help and
 * information, and the app. Entries that only make sense with a session ask to log in when logged out.
 */
export function UserMenu() {
  const { t } = useLingui()
  return (
    <>
      <MenuGroup label={t({ id: 'userCenter.groupAccount', message: 'Account' })}>
        <MenuLink
          to="/account-record"
          icon="list"
          needsLogin
          label={t({ id: 'userCenter.records', message: 'Account records' })}
        />
        <MenuLink to="/financial" icon="sprout" label={t({ id: 'userCenter.wealth', message: 'Wealth products' })} />
        <MenuLink
          to="/trade"
          hash={ORDER_HISTORY_HASH}
          icon="swap"
          label={t({ id: 'userCenter.tradeHistory', message: 'Trade history' })}
        />
        <MenuLink
          to="/share-code"
          icon="gift"
          needsLogin
          label={t({ id: 'userCenter.refer', message: 'Refer friends' })}
        />
        <MenuLink
          to="/identity"
          icon="idCard"
          needsLogin
          label={t({ id: 'userCenter.identity', message: 'Identity verification' })}
        />
        <MenuLink
          to="/secure-center"
          icon="shield"
          needsLogin
          label={t({ id: 'userCenter.security', message: 'Security center' })}
        />
        <MenuLink
          to="/proof"
          icon="check"
          needsLogin
          label={t({ id: 'userCenter.proof', message: 'Proof of reserves' })}
        />
      </MenuGroup>
      <MenuGroup label={t({ id: 'userCenter.groupHelp', message: 'Help' })}>
        <MenuLink to="/contact" icon="service" label={t({ id: 'userCenter.service', message: 'Online service' })} />
        <MenuLink to="/help-center" icon="help" label={t({ id: 'userCenter.help', message: 'Help center' })} />
        <MenuLink
          to="/notice-center"
          icon="speaker"
          label={t({ id: 'userCenter.notices', message: 'Announcements' })}
        />
        <MenuLink to="/about-us" icon="info" label={t({ id: 'userCenter.about', message: 'About us' })} />
      </MenuGroup>
      <MenuGroup label={t({ id: 'userCenter.groupApp', message: 'App' })}>
        <DownloadAppRow />
        <ThemeRow />
        <LanguageRow />
        <MenuLink
          to="/notifications"
          icon="bell"
          needsLogin
          label={t({ id: 'userCenter.notifications', message: 'Notifications' })}
        />
        <ConfirmOrdersRow />
        <DemoAccountRow />
      </MenuGroup>
    </>
  )
}
