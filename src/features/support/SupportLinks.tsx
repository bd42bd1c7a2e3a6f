import { Link, useNavigate } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import { useSnapshot } from 'valtio'
import { askToLogin } from '../user-center'
import { tokenStore } from '../../state/token'
import { Icon, type IconName } from '../../ui/Icon'
import '../../styles/support.css'

/** Screens the support rows open. */
export type SupportPath = '/contact' | '/feedlist' | '/feedback' | '/help-center'

export interface SupportLinkItem {
  to: SupportPath
  icon: IconName
  label: string
  /** Small text under the label. */
  hint?: string
  /** Logged out, a tap asks to log in first and comes back afterwards. */
  needsLogin?: boolean
}

/** A card of rows to other support screens (about us, contact, help details). */
export function SupportLinks({ items, label }: { items: SupportLinkItem[]; label?: string }) {
  const { value: token } = useSnapshot(tokenStore)
  const navigate = useNavigate()
  const gate = (item: SupportLinkItem) => (e: MouseEvent) => {
    if (!item.needsLogin || token) return
    e.preventDefault()
    void askToLogin(item.to, () => void navigate({ to: '/login' }))
  }
  return (
    <nav className="sp-links" aria-label={label}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="sp-link" onClick={gate(item)}>
              <span className="sp-link__icon">
                <Icon name={item.icon} size={20} />
              </span>
              <span className="sp-link__text">
                <span className="sp-link__label">{item.label}</span>
                {item.hint && <span className="sp-link__hint">{item.hint}</span>}
              </span>
              <Icon name="chevronRight" size={16} className="sp-link__chevron" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
