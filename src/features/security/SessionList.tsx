import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import type { SessionItem } from '../../../common/api/account'
import { formatUtcDateTime } from '../../lib/dates'
import { confirmDialog } from '../../ui/dialog'
import { showToast } from '../../ui/toast'
import './sessions.css'

/**
 * The user's signed-in devices (issue 24 part 7): each with its browser and system, address and last use, "This
 * device" on the one in hand and "Sign out" on the others (asked first; `onChanged` then reloads the list).
 */
export function SessionList({ list, onChanged }: { list: readonly SessionItem[]; onChanged: () => Promise<unknown> }) {
  const { api } = useRouteContext({ from: '__root__' })
  const [busy, setBusy] = useState<number | null>(null)
  const signOut = async (item: SessionItem) => {
    const device = item.device
    const ok = await confirmDialog({
      message: msg({
        id: 'security.sessions.signOutConfirm',
        message: `Sign out ${device}? It will need your password to sign in again.`,
      }),
      confirmText: msg({ id: 'security.sessions.signOut', message: 'Sign out' }),
    })
    if (!ok) return
    setBusy(item.id)
    try {
      await api.sessionRevoke(item.id)
      showToast(msg({ id: 'security.sessions.signedOut', message: 'The device was signed out' }), 'success')
    } catch {
      // The request layer has shown why (already signed out elsewhere, say); the reload shows what is left.
    }
    await onChanged()
    setBusy(null)
  }
  return (
    <>
      <p className="ss-lead">
        <Trans id="security.sessions.lead">
          These devices are signed in to your account. If you do not recognise one, sign it out and change your
          password.
        </Trans>
      </p>
      <ul className="ss-list">
        {list.map((s) => (
          <SessionRow key={s.id} item={s} busy={busy === s.id} onSignOut={() => void signOut(s)} />
        ))}
      </ul>
    </>
  )
}

/** One device: its name (and "This device"), address and last use; "Sign out" unless it is this one. */
function SessionRow({ item, busy, onSignOut }: { item: SessionItem; busy: boolean; onSignOut: () => void }) {
  const { t } = useLingui()
  const { device, ip } = item
  const lastUsed = formatUtcDateTime(item.last_used_at)
  return (
    <li className="ss-row" data-testid="session-row">
      <div className="ss-row__text">
        <span className="ss-row__device">
          {device}
          {item.current && (
            <span className="tag tag--brand ss-row__tag">
              <Trans id="security.sessions.thisDevice">This device</Trans>
            </span>
          )}
        </span>
        <span className="ss-row__meta">
          <Trans id="security.sessions.address">IP address: {ip}</Trans>
        </span>
        <span className="ss-row__meta">
          <Trans id="security.sessions.lastUsed">
            Last used: <time>{lastUsed}</time>
          </Trans>
        </span>
      </div>
      {!item.current && (
        <button
          type="button"
          className="btn btn--ghost ss-row__out"
          disabled={busy}
          aria-label={t({ id: 'security.sessions.signOutOf', message: `Sign out ${device}` })}
          onClick={onSignOut}
        >
          <Trans id="security.sessions.signOut">Sign out</Trans>
        </button>
      )}
    </li>
  )
}
