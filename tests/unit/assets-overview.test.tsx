// @vitest-environment happy-dom
// The Assets tab as a user sees it: total, today's income and the three wallets from an overview, a wallet's detail,
// the login prompt when signed out, and offline the overview kept on the device with its age (gone after logout).
import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { savedOverviews } from '../../src/features/assets'
import { logout } from '../../src/state/session'
import { cleanupApp, renderApp, userInfo } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { overview } from '../helpers/ui-money'

afterEach(() => {
  cleanupApp()
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true })
})

const user = userInfo({ id: 7 })
const owner = { userId: 7, book: 'live' } as const
const FIVE_MIN = 5 * 60_000

describe('assets overview', () => {
  it('shows the total, today’s income in red, the price badge and the three wallets', async () => {
    await renderApp('/assets', (c) => (c.url.includes('assets/overview') ? envelope(1, overview()) : undefined), {
      user,
    })
    expect((await screen.findByTestId('total-assets')).textContent).toBe('1,001.00')
    const income = screen.getByTestId('daily-income')
    expect(income.textContent).toBe('-12.50 USDT')
    expect(income.className).toContain('as-trend--down')
    expect(screen.getByRole('note', { name: 'Prices are simulated, not live.' })).toBeTruthy()
    const coin = screen.getByRole('region', { name: 'Coin account' })
    expect(coin.textContent).toContain('≈ 801.00 USDT')
    expect(screen.getByRole('region', { name: 'Contract account' }).textContent).toContain('≈ 200.00 USDT')
    expect(screen.getByRole('region', { name: 'Options account' }).textContent).toContain('≈ 0.00 USDT')
    for (const label of ['Deposit', 'Withdraw', 'Transfer'])
      expect(screen.getByRole('link', { name: label })).toBeTruthy()
  })

  it('Detail lists each held currency with usable, frozen, amount and value', async () => {
    const app = await renderApp(
      '/assets',
      (c) => (c.url.includes('assets/overview') ? envelope(1, overview()) : undefined),
      { user },
    )
    const coin = await screen.findByRole('region', { name: 'Coin account' })
    await app.user.click(within(coin).getByRole('button', { name: /Detail/ }))
    const rows = within(coin).getAllByRole('listitem')
    expect(rows).toHaveLength(1) // BTC holds nothing and is left out
    const text = rows[0]!.textContent ?? ''
    for (const part of ['USDT', '801.00', 'Usable800.00', 'Frozen1.00', 'Value (USDT)≈ 801.00']) {
      expect(text).toContain(part)
    }
    const options = screen.getByRole('region', { name: 'Options account' })
    await app.user.click(within(options).getByRole('button', { name: /Detail/ }))
    expect(within(options).getByText('Nothing in this account yet.')).toBeTruthy()
  })

  it('asks to log in when signed out, without calling the server', async () => {
    const app = await renderApp('/assets', () => undefined)
    expect(await screen.findByText('Log in to see your balances, deposit, withdraw and transfer.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy()
    expect(app.callsTo('assets/overview')).toHaveLength(0)
  })

  it('offline, shows the overview kept last time with its age; logout forgets it', async () => {
    let online = true
    const app = await renderApp(
      '/assets',
      (c) => {
        if (!c.url.includes('assets/overview')) return undefined
        return online ? envelope(1, overview()) : Promise.reject(new TypeError('Failed to fetch'))
      },
      { user },
    )
    await screen.findByTestId('total-assets')
    // The copy kept when the screen opened, aged five minutes.
    await waitFor(async () => expect(await savedOverviews.load(owner)).toBeDefined())
    await savedOverviews.save(owner, overview({ total_usdt: '950.00' }), Date.now() - FIVE_MIN)
    online = false
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    await app.router.invalidate()
    expect(await screen.findByText('Offline — updated 5 minutes ago')).toBeTruthy()
    expect(screen.getByTestId('total-assets').textContent).toBe('950.00')
    await logout()
    expect(await savedOverviews.load(owner)).toBeUndefined()
  })

  it('says it could not refresh, with the age, when the server fails while online', async () => {
    const app = await renderApp(
      '/assets',
      (c) => (c.url.includes('assets/overview') ? new Response('down', { status: 503 }) : undefined),
      { user },
    )
    expect(await screen.findByText('Your assets could not be loaded. Check your connection.')).toBeTruthy()
    await savedOverviews.save(owner, overview(), Date.now() - 2 * 3_600_000)
    await app.router.invalidate()
    expect(await screen.findByText('Could not refresh — updated 2 hours ago')).toBeTruthy()
  })
})
