// @vitest-environment happy-dom
// The demo (simulation) account from the user center: entering says so and shows the Demo strip on every screen;
// leaving asks first, then the strip goes. Both calls carry an Idempotency-Key.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { toastStore } from '../../src/ui/toast'
import { cleanupApp, renderApp, userInfo } from '../helpers/ui-app'
import { envelope, type FetchHandler } from '../helpers/ui-fetch'

afterEach(cleanupApp)

const toastText = () => {
  const t = toastStore.current?.text
  return typeof t === 'string' ? t : t?.message
}

describe('demo account', () => {
  it('enter: toast, Demo strip on every screen; exit: asks, then back to live', async () => {
    let book: 'live' | 'demo' = 'live'
    const handler: FetchHandler = (c) => {
      if (c.url.endsWith('assets/demo_enter')) return envelope(1, { book: (book = 'demo') })
      if (c.url.endsWith('assets/demo_exit')) return envelope(1, { book: (book = 'live') })
      if (c.url.includes('user/info')) return envelope(1, userInfo({ book }))
      return undefined
    }
    const app = await renderApp('/user-center', handler, { user: userInfo() })
    expect(screen.queryByText('Demo')).toBeNull()
    await app.user.click(await screen.findByRole('button', { name: /Simulation account/ }))
    await waitFor(() => expect(toastText()).toBe('You have entered the simulation account'))
    expect(screen.getByText('Demo', { selector: '.demo-strip strong' })).toBeTruthy()
    expect(screen.getByText('Simulation account, virtual funds')).toBeTruthy()
    const enter = app.callsTo('assets/demo_enter')[0]
    expect(enter?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)

    await app.router.navigate({ to: '/deposit' })
    expect(await screen.findByText('Deposits are closed in the simulation account.')).toBeTruthy()
    expect(screen.getByText('Simulation account, virtual funds')).toBeTruthy()
    await app.router.navigate({ to: '/user-center' })

    await app.user.click(await screen.findByRole('button', { name: /Simulation account/ }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('Confirm to exit the simulation account?')
    await app.user.click(within(dialog).getByRole('button', { name: 'Exit' }))
    await waitFor(() => expect(screen.queryByText('Simulation account, virtual funds')).toBeNull())
    expect(toastText()).toBe('You are back in your real account')
    expect(app.callsTo('assets/demo_exit')[0]?.headers['idempotency-key']).not.toBe(enter?.headers['idempotency-key'])
  })

  it('exit cancelled: stays in the simulation account without calling the server', async () => {
    const app = await renderApp('/user-center', () => undefined, { user: userInfo({ book: 'demo' }) })
    expect(await screen.findByText('Simulation account, virtual funds')).toBeTruthy()
    await app.user.click(screen.getByRole('button', { name: /Simulation account/ }))
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))
    expect(app.callsTo('assets/demo_exit')).toHaveLength(0)
    expect(screen.getByText('Simulation account, virtual funds')).toBeTruthy()
  })
})
