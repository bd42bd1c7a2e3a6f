import { useLingui } from '@lingui/react/macro'
import { useNavigate, useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import { enterDemo, exitDemo } from './demo-book'
import { askToLogin } from './login-gate'
import { MenuButton } from './MenuRow'
import { useSessionView } from './user-info'

/**
 * "Demo account" (spec §2 demo enter/exit): a tap enters the simulation account (virtual funds, the real balances
 * untouched) or, while in it, asks and leaves it. Logged out, it asks to log in first.
 */
export function DemoAccountRow() {
  const { api } = useRouteContext({ from: '__root__' })
  const navigate = useNavigate()
  const { t } = useLingui()
  const { loggedIn, user } = useSessionView()
  const [busy, setBusy] = useState(false)
  const inDemo = loggedIn && user?.book === 'demo'
  const run = async () => {
    if (busy) return
    if (!loggedIn) return void askToLogin('/user-center', () => void navigate({ to: '/login' }))
    setBusy(true)
    try {
      await (inDemo ? exitDemo(api) : enterDemo(api))
    } finally {
      setBusy(false)
    }
  }
  return (
    <MenuButton
      icon="flask"
      label={t({ id: 'userCenter.demo', message: 'Simulation account' })}
      value={
        <span className={inDemo ? 'uc-demo-state uc-demo-state--on' : 'uc-demo-state'}>
          {inDemo ? t({ id: 'demo.exit', message: 'Exit' }) : t({ id: 'demo.enter', message: 'Enter' })}
        </span>
      }
      onClick={() => void run()}
    />
  )
}
