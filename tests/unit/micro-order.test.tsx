// @vitest-environment happy-dom
// Placing a second contract as a user does it: a stake the options wallet cannot cover with its fee says "Lack of
// funds" under the amount and nothing is sent; one below the minimum says so; a good one asks "Do you confirm the
// order?" (cancel sends nothing), then places the direction pressed with a keyed call and shows the contract counting
// down. Signed out, Rise asks to log in. A refusal naming the amount shows under it.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { toastStore } from '../../src/ui/toast'
import { cleanupApp, errorUnder } from '../helpers/ui-app'
import { envelope, type RecordedCall } from '../helpers/ui-fetch'
import { microOrder, products, renderMicro } from './micro-fixtures'

afterEach(cleanupApp)

const AMOUNT = 'Amount (USDT)'
const places = (app: { calls: RecordedCall[] }) => app.calls.filter((c) => c.url === '/api/micro/order_place')
const dialog = () => screen.findByRole('alertdialog')

describe('placing a second contract', () => {
  it('blocks a stake the options wallet cannot cover with its fee: "Lack of funds", nothing sent', async () => {
    const app = await renderMicro('/micro', { products: products('btcusdt', '0.002'), available: '100.1' })
    await waitFor(() => expect(screen.getByTestId('micro-available').textContent).toBe('100.10 USDT'))
    await app.user.type(screen.getByLabelText(AMOUNT), '100') // 100 + 0.2 fee > 100.1
    await app.user.click(screen.getByRole('button', { name: 'Rise' }))
    await waitFor(() => expect(errorUnder(AMOUNT)).toBe('Lack of funds'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(places(app)).toHaveLength(0)
    await app.user.clear(screen.getByLabelText(AMOUNT))
    await app.user.type(screen.getByLabelText(AMOUNT), '99.9') // 99.9 + 0.1998 → 0.1998 fee: 100.0998 fits
    await waitFor(() => expect(errorUnder(AMOUNT)).toBe(''))
  })

  it('says the minimum stake and sends nothing below it', async () => {
    const app = await renderMicro('/micro')
    await app.user.type(await screen.findByLabelText(AMOUNT), '5')
    await app.user.click(screen.getByRole('button', { name: 'Fall' }))
    await waitFor(() => expect(errorUnder(AMOUNT)).toBe('The minimum stake is 10 USDT'))
    expect(places(app)).toHaveLength(0)
  })

  it('asks "Do you confirm the order?"; cancel sends nothing, confirm places the direction pressed', async () => {
    const placedAt = Date.now() - (Date.now() % 1000)
    const app = await renderMicro('/micro', {
      place: (c) => {
        const body = JSON.parse(c.body ?? '{}') as { direction: 'up' | 'down'; duration_s: number }
        return envelope(
          1,
          microOrder({ id: 77, direction: body.direction, duration_s: body.duration_s, payout_rate: '0.88' }, placedAt),
        )
      },
    })
    await app.user.click(await screen.findByRole('radio', { name: /^120s/ }))
    await app.user.type(screen.getByLabelText(AMOUNT), '100')
    await app.user.click(screen.getByRole('button', { name: 'Fall' }))
    expect((await dialog()).textContent).toContain('Do you confirm the order?')
    // What is confirmed: 100 USDT on Fall for 120 s; no fee; a right call pays 100 × 1.88 = 188.
    const shown = async (id: string) => within(await dialog()).getByTestId(id).textContent
    expect(await shown('confirm-side')).toBe('Fall')
    expect(await shown('confirm-duration')).toBe('120s')
    expect(await shown('confirm-amount')).toBe('100.00 USDT')
    expect(await shown('confirm-payout')).toBe('188.00 USDT')
    await app.user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(places(app)).toHaveLength(0)

    await app.user.click(screen.getByRole('button', { name: 'Fall' }))
    await app.user.click(within(await dialog()).getByRole('button', { name: 'Fall' }))
    await waitFor(() => expect(places(app)).toHaveLength(1))
    const [call] = places(app)
    const body = JSON.parse(call?.body ?? '{}') as Record<string, unknown>
    expect(body).toMatchObject({ symbol: 'btcusdt', direction: 'down', duration_s: 120, amount: '100' })
    expect(body.client_oid).toMatch(/^[0-9a-f-]{36}$/)
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(toastStore.current?.text).toMatchObject({ id: 'trade.placed' })
    const row = await screen.findByTestId('micro-row')
    expect(within(row).getByText('Fall')).toBeTruthy()
    expect(within(row).getByTestId('micro-countdown').textContent).toMatch(/^(120|11\d) s$/) // 120 s from placement
  })

  it('shows a refusal that names the amount under it', async () => {
    const app = await renderMicro('/micro', {
      place: () => envelope(400, { field: 'amount' }, 'The minimum stake is 20 USDT'),
    })
    await app.user.type(await screen.findByLabelText(AMOUNT), '10')
    await app.user.click(screen.getByRole('button', { name: 'Rise' }))
    await app.user.click(within(await dialog()).getByRole('button', { name: 'Rise' }))
    await waitFor(() => expect(errorUnder(AMOUNT)).toBe('The minimum stake is 20 USDT'))
  })

  it('signed out: Rise asks to log in instead of sending, and the contracts give way to a login prompt', async () => {
    const app = await renderMicro('/micro', {}, true)
    expect(await screen.findByText('Log in to trade options and follow your contracts.')).toBeTruthy()
    await app.user.type(screen.getByLabelText(AMOUNT), '100')
    await app.user.click(screen.getByRole('button', { name: 'Rise' }))
    expect((await dialog()).textContent).toContain('Not logged in or login expired, go to the login page.')
    await app.user.click(within(await dialog()).getByRole('button', { name: 'Log in' }))
    await app.at('/login')
    expect(places(app)).toHaveLength(0)
  })
})
