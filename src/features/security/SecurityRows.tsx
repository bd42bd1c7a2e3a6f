import { useLingui } from '@lingui/react/macro'
import type { UserInfo } from '../../../common/api/account'
import { Icon } from '../../ui/Icon'
import { copyWithToast, MenuButton, MenuGroup, MenuLink } from '../user-center'
import { maskEmail, maskPhone } from './mask'
import '../../styles/user-center.css'

/**
 * The security center's rows (spec §2): login password, transaction password ("Set" or "Change"), the linked
 * e-mail (a wallet account without one can link it here), the phone, and the wallet address; then two-factor
 * authentication, the anti-phishing code and the devices signed in to the account (issue 24 part 7).
 */
export function SecurityRows({ user, onBind }: { user: UserInfo; onBind: () => void }) {
  const { t } = useLingui()
  const change = t({ id: 'security.change', message: 'Change' })
  const notSet = <span className="sec-value--todo">{t({ id: 'security.notSet', message: 'Not set' })}</span>
  const loginLabel = t({ id: 'security.loginPassword', message: 'Login password' })
  return (
    <>
      <MenuGroup label={t({ id: 'security.groupPasswords', message: 'Passwords' })}>
        {user.has_password ? (
          <MenuLink to="/change-login-passwd" icon="lock" label={loginLabel} value={change} />
        ) : (
          <MenuButton icon="lock" label={loginLabel} value={notSet} onClick={onBind} />
        )}
        <MenuLink
          to="/change-pay-passwd"
          icon="key"
          label={t({ id: 'security.payPassword', message: 'Transaction password' })}
          value={
            user.has_pay_password ? (
              change
            ) : (
              <span className="sec-value--todo">{t({ id: 'security.set', message: 'Set' })}</span>
            )
          }
        />
      </MenuGroup>
      <MenuGroup label={t({ id: 'security.groupLinked', message: 'Linked accounts' })}>
        {user.email ? (
          <StaticRow icon="mail" label={t({ id: 'security.email', message: 'E-mail' })} value={maskEmail(user.email)} />
        ) : (
          user.wallet_address && (
            <MenuButton
              icon="mail"
              label={t({ id: 'security.email', message: 'E-mail' })}
              value={<span className="sec-value--todo">{t({ id: 'security.link', message: 'Link' })}</span>}
              onClick={onBind}
            />
          )
        )}
        {user.phone && (
          <StaticRow
            icon="phone"
            label={t({ id: 'security.phone', message: 'Phone' })}
            value={maskPhone(user.area_code, user.phone)}
          />
        )}
        {user.wallet_address && <WalletRow address={user.wallet_address} />}
      </MenuGroup>
      <MenuGroup label={t({ id: 'security.groupSessions', message: 'Sign-in' })}>
        <MenuLink
          to="/two-factor"
          icon="shield"
          label={t({ id: 'security.twoFactor', message: 'Two-factor authentication' })}
          value={
            user.two_factor ? (
              t({ id: 'security.on', message: 'On' })
            ) : (
              <span className="sec-value--todo">{t({ id: 'security.off', message: 'Off' })}</span>
            )
          }
        />
        <MenuLink
          to="/anti-phishing"
          icon="mail"
          label={t({ id: 'antiPhishing.label', message: 'Anti-phishing code' })}
          value={user.anti_phishing ?? notSet}
        />
        <MenuLink to="/sessions" icon="devices" label={t({ id: 'security.sessions', message: 'Signed-in devices' })} />
      </MenuGroup>
    </>
  )
}

function StaticRow({ icon, label, value }: { icon: 'mail' | 'phone'; label: string; value: string }) {
  return (
    <li className="menu-row menu-row--static">
      <span className="menu-row__icon">
        <Icon name={icon} size={20} />
      </span>
      <span className="menu-row__label">{label}</span>
      <span className="menu-row__value">{value}</span>
    </li>
  )
}

/** The wallet address in full (it is public, and users compare it with their wallet), with copy. */
function WalletRow({ address }: { address: string }) {
  const { t } = useLingui()
  return (
    <li className="menu-row menu-row--static menu-row--tall">
      <span className="menu-row__icon">
        <Icon name="wallet" size={20} />
      </span>
      <span className="menu-row__label">
        {t({ id: 'security.wallet', message: 'Wallet address' })}
        <span className="sec-address">{address}</span>
      </span>
      <button type="button" className="uc-card__copy" onClick={() => copyWithToast(address)}>
        <Icon name="copy" size={18} label={t({ id: 'security.copyWallet', message: 'Copy wallet address' })} />
      </button>
    </li>
  )
}
