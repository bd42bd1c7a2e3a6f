import { Link, useNavigate } from '@tanstack/react-router'
import type { MouseEvent, ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { tokenStore } from '../../state/token'
import { Icon, type IconName } from '../../ui/Icon'
import { askToLogin } from './login-gate'
import '../../styles/user-center.css'

/** Screens the user center links to (spec §2). */
export type MenuPath =
  | '/account-record'
  | '/financial'
  | '/trade'
  | '/share-code'
  | '/identity'
  | '/secure-center'
  | '/proof'
  | '/contact'
  | '/about-us'
  | '/help-center'
  | '/notice-center'
  | '/change-login-passwd'
  | '/change-pay-passwd'
  | '/sessions'
  | '/two-factor'
  | '/anti-phishing'
  | '/notifications'

interface RowContent {
  icon: IconName
  label: string
  /** Text on the right (state, current choice). */
  value?: ReactNode
}

function Inner({ icon, label, value }: RowContent) {
  return (
    <>
      <span className="menu-row__icon">
        <Icon name={icon} size={20} />
      </span>
      <span className="menu-row__label">{label}</span>
      {value !== undefined && <span className="menu-row__value">{value}</span>}
      <Icon name="chevronRight" size={16} className="menu-row__chevron" />
    </>
  )
}

/**
 * A row that opens a screen. With `needsLogin`, a tap while logged out asks to log in first and returns to the
 * screen afterwards (back-url) instead of opening a screen that could only say "log in".
 */
export function MenuLink({
  to,
  hash,
  needsLogin,
  ...content
}: RowContent & { to: MenuPath; hash?: string; needsLogin?: boolean }) {
  const { value: token } = useSnapshot(tokenStore)
  const navigate = useNavigate()
  const gate = (e: MouseEvent) => {
    if (!needsLogin || token) return
    e.preventDefault()
    void askToLogin(to, () => void navigate({ to: '/login' }))
  }
  return (
    <li>
      <Link to={to} hash={hash} className="menu-row" onClick={gate}>
        <Inner {...content} />
      </Link>
    </li>
  )
}

/** A row that acts in place (opens a sheet or a dialog). */
export function MenuButton({ onClick, ...content }: RowContent & { onClick: () => void }) {
  return (
    <li>
      <button type="button" className="menu-row" onClick={onClick}>
        <Inner {...content} />
      </button>
    </li>
  )
}

/**
 * A row with an on/off switch (dark mode, order confirmations, notifications). `note` is a line under the label (what
 * the state means, why it cannot be switched); `disabled` rows say so; `busy` while the change is being made.
 */
export function SwitchRow({
  icon,
  label,
  on,
  onToggle,
  note,
  disabled = false,
  busy = false,
  testId,
}: {
  icon: IconName
  label: string
  on: boolean
  onToggle: () => void
  note?: string | undefined
  disabled?: boolean
  busy?: boolean
  testId?: string
}) {
  return (
    <li>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-busy={busy || undefined}
        disabled={disabled}
        className={note ? 'menu-row menu-row--noted' : 'menu-row'}
        data-testid={testId}
        onClick={onToggle}
      >
        <span className="menu-row__icon">
          <Icon name={icon} size={20} />
        </span>
        <span className="menu-row__label">
          {label}
          {note && <span className="menu-row__note">{note}</span>}
        </span>
        <span className={on ? 'switch switch--on' : 'switch'} aria-hidden="true">
          <span className="switch__knob" />
        </span>
      </button>
    </li>
  )
}

/** A group of rows on one card. */
export function MenuGroup({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <section className="menu-group" aria-label={label}>
      <ul className="menu-group__list">{children}</ul>
    </section>
  )
}
