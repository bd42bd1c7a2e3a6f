import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { signOut } from '../auth'
import { confirmDialog } from '../../ui/dialog'
import { showToast } from '../../ui/toast'

/**
 * "Log out" (spec §2 logout with confirmation): asks first, then signs out (server session revoked, the device
 * forgets the user's data) and returns to Home.
 */
export function LogoutButton() {
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const run = async () => {
    const ok = await confirmDialog({
      message: msg({ id: 'userCenter.logoutConfirm', message: 'Are you sure you want to log out?' }),
      confirmText: msg({ id: 'userCenter.logout', message: 'Log out' }),
    })
    if (!ok) return
    setBusy(true)
    await signOut(api)
    await navigate({ to: '/home' })
    showToast(msg({ id: 'userCenter.loggedOut', message: 'You have logged out' }), 'success')
  }
  return (
    <button type="button" className="uc-logout" disabled={busy} onClick={() => void run()}>
      <Trans id="userCenter.logout">Log out</Trans>
    </button>
  )
}
