// @vitest-environment happy-dom
// The financial screens as a user meets them: the product cards with their yields; subscribing checks the amount
// before anything is sent (below the minimum, above the maximum, more than the coin account holds: "Lack of funds"),
// shows the expected daily and total income, asks "Do you confirm the order?" and buys with a keyed call; in the
// subscriptions, "Redeem early" asks "Early redemption requires a 0.5% handling fee, confirm" over the fee amount and
// what comes back (cancel sends nothing)
// and then redeems. Signed out, the list shows, subscribing and the subscriptions ask to log in.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { FinancialOrder, FinancialProduct } from '../../common/api/financial'
import { toastStore } from '../../src/ui/toast'
import { cleanupApp, errorUnder, renderApp, userInfo } from '../helpers/ui-app'
import { envelope, type RecordedCall } from '../helpers/ui-fetch'
import { overview } from '../helpers/ui-money'

afterEach(cleanupApp)

const SEVEN: FinancialProduct = {
  id: 1,
  name: 'USDT 7-Day Savings',
  currency: 'USDT',
  daily_rate: '0.0005',
  annual_rate: '0.1825',
  cycle_days: 7,
  min_amount: '10',
  max_amount: '500',
  early_redeem_fee_rate: '0.005',
}

const ORDER: FinancialOrder = {
  id: 9,
  product_id: 1,
  product_name: 'USDT 7-Day Savings',
  currency: 'USDT',
  amount: '100',
  daily_rate: '0.0005',
  cycle_days: 7,
  early_redeem_fee_rate: '0.005',
  bought_at: '2026-03-01 08:00:00',
  expires_at: '2026-03-08 08:00:00',
  days_paid: 1,
  income: '0.05',
  next_income_at: '2026-03-03 08:00:00',
  status: 'in_progress',
  redeemed_early: false,
  redeem_fee: null,
  returned: null,
  redeemed_at: null,
}

interface Calls {
  buy?: (c: RecordedCall) => unknown
  redeem?: (c: RecordedCall) => unknown
  orders?: FinancialOrder[]
}

/** `path` rendered with the product list, an overview whose coin account holds 800 USDT, and `calls` answered. */
function render(path: string, calls: Calls = {}, signedOut = false) {
  return renderApp(
    path,
    (c) => {
      if (c.url.startsWith('/api/financial/products')) return envelope(1, [SEVEN])
      if (c.url.startsWith('/api/assets/overview')) return envelope(1, overview())
      if (c.url.startsWith('/api/financial/orders')) {
        const list = calls.orders ?? []
        return envelope(1, { list, total: list.length, page: 1, limit: 20 })
      }
      if (c.url === '/api/financial/buy') return calls.buy?.(c)
      if (c.url === '/api/financial/redeem') return calls.redeem?.(c)
      return undefined
    },
    signedOut ? {} : { user: userInfo() },
  )
}

const AMOUNT = 'Amount (USDT)'
const dialog = () => screen.findByRole('alertdialog')

describe('financial products', () => {
  it('lists each product with its yields, bounds and early fee', async () => {
    await render('/financial', {}, true)
    const card = await screen.findByTestId('fi-product')
    expect(within(card).getByText('USDT 7-Day Savings')).toBeTruthy()
    expect(within(card).getByTestId('fi-annual').textContent).toBe('18.25%')
    expect(within(card).getByTestId('fi-daily').textContent).toBe('0.05%')
    expect(within(card).getByTestId('fi-bounds').textContent).toBe('10 – 500 USDT')
    expect(within(card).getByTestId('fi-fee').textContent).toBe('0.5%')
    expect(within(card).getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/buy-mining?id=1')
  })

  it('checks the amount before sending: minimum, maximum, "Lack of funds"; nothing sent', async () => {
    const app = await render('/buy-mining?id=1')
    await waitFor(() => expect(screen.getByTestId('fi-available').textContent).toBe('800.00 USDT'))
    const input = screen.getByLabelText(AMOUNT)
    const submit = screen.getByRole('button', { name: 'Subscribe' })
    await app.user.type(input, '9.5')
    await app.user.click(submit)
    await waitFor(() => expect(errorUnder(AMOUNT)).toBe('The minimum subscription is 10 USDT'))
    await app.user.clear(input)
    await app.user.type(input, '501')
    await waitFor(() => expect(errorUnder(AMOUNT)).toBe('The maximum subscription is 500 USDT'))
    // The maximum itself is fine (the coin account holds 800).
    await app.user.clear(input)
    await app.user.type(input, '500')
    await waitFor(() => expect(errorUnder(AMOUNT)).toBe(''))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(app.callsTo('financial/buy')).toHaveLength(0)
  })

  it('says "Lack of funds" under the amount when the coin account holds less, and sends nothing', async () => {
    const app = await renderApp(
      '/buy-mining?id=1',
      (c) => {
        if (c.url.startsWith('/api/financial/products')) return envelope(1, [SEVEN])
        if (c.url.startsWith('/api/assets/overview')) {
          const o = overview()
          const spot = { ...o.wallets[0]!, balances: [{ ...o.wallets[0]!.balances[0]!, available: '120.5' }] }
          return envelope(1, { ...o, wallets: [spot, ...o.wallets.slice(1)] })
        }
        return undefined
      },
      { user: userInfo() },
    )
    await waitFor(() => expect(screen.getByTestId('fi-available').textContent).toBe('120.50 USDT'))
    await app.user.type(screen.getByLabelText(AMOUNT), '120.6')
    await app.user.click(screen.getByRole('button', { name: 'Subscribe' }))
    await waitFor(() => expect(errorUnder(AMOUNT)).toBe('Lack of funds'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(app.callsTo('financial/buy')).toHaveLength(0)
    await app.user.click(screen.getByRole('button', { name: 'All' }))
    expect(screen.getByLabelText<HTMLInputElement>(AMOUNT).value).toBe('120.5')
    await waitFor(() => expect(errorUnder(AMOUNT)).toBe(''))
  })

  it('shows the expected income, confirms, buys with a keyed call and opens the subscriptions', async () => {
    const app = await render('/buy-mining?id=1', { buy: () => envelope(1, ORDER), orders: [ORDER] })
    await app.user.type(await screen.findByLabelText(AMOUNT), '333.33')
    // 333.33 × 0.0005 = 0.166665 a day (rounded down to 6 decimals), × 7 = 1.166655.
    expect(screen.getByTestId('fi-expected-daily').textContent).toBe('0.166665 USDT')
    expect(screen.getByTestId('fi-expected-total').textContent).toBe('1.166655 USDT')
    await app.user.click(screen.getByRole('button', { name: 'Subscribe' }))
    expect((await dialog()).textContent).toContain('Do you confirm the order?')
    await app.user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(app.callsTo('financial/buy')).toHaveLength(0)
    await app.user.click(screen.getByRole('button', { name: 'Subscribe' }))
    await app.user.click(within(await dialog()).getByRole('button', { name: 'Subscribe' }))
    await app.at('/mining-order')
    const [call] = app.callsTo('financial/buy')
    expect(JSON.parse(call!.body ?? '{}')).toEqual({ product_id: 1, amount: '333.33' })
    expect(call!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(await screen.findByTestId('fi-order')).toBeTruthy()
  })

  it('asks "Early redemption requires a 0.5% handling fee, confirm" before redeeming; cancel sends nothing', async () => {
    const redeemed: FinancialOrder = {
      ...ORDER,
      status: 'redeemed',
      redeemed_early: true,
      redeem_fee: '0.5',
      returned: '99.5',
      redeemed_at: '2026-03-02 10:00:00',
    }
    const app = await render('/mining-order', { orders: [ORDER], redeem: () => envelope(1, redeemed) })
    const card = await screen.findByTestId('fi-order')
    expect(within(card).getByTestId('fi-redeem-fee').textContent).toBe('Fee 0.5% (0.50 USDT)')
    expect(card.querySelector('[data-fact="income"]')?.textContent).toBe('+0.05 USDT')
    await app.user.click(within(card).getByRole('button', { name: 'Redeem early' }))
    expect((await dialog()).textContent).toContain('Early redemption requires a 0.5% handling fee, confirm')
    // The amounts, as the server settles them (100 × 0.5 % = 0.50 rounded up; 99.50 back).
    const shown = async (id: string) => within(await dialog()).getByTestId(id).textContent
    expect(await shown('confirm-principal')).toBe('100.00 USDT')
    expect(await shown('confirm-fee')).toBe('0.50 USDT')
    expect(await shown('confirm-back')).toBe('99.50 USDT')
    await app.user.click(within(await dialog()).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(app.callsTo('financial/redeem')).toHaveLength(0)
    await app.user.click(within(card).getByRole('button', { name: 'Redeem early' }))
    await app.user.click(within(await dialog()).getByRole('button', { name: 'Redeem early' }))
    await waitFor(() => expect(app.callsTo('financial/redeem')).toHaveLength(1))
    expect(JSON.parse(app.callsTo('financial/redeem')[0]!.body ?? '{}')).toEqual({ id: 9 })
    await waitFor(() => expect(toastStore.current?.text).toMatchObject({ id: 'financial.redeemedToast' }))
    await waitFor(() => expect(app.router.state.location.search).toMatchObject({ tab: 'redeemed' }))
  })

  it('signed out: the terms show, subscribing and the subscriptions ask to log in', async () => {
    await render('/buy-mining?id=1', {}, true)
    expect(await screen.findByText('Log in to subscribe and follow your income.')).toBeTruthy()
    expect(document.querySelector('[data-term="fee"]')?.textContent).toBe('0.5%')
    expect(screen.queryByLabelText(AMOUNT)).toBeNull()
    cleanupApp()
    const app = await render('/mining-order', {}, true)
    expect(await screen.findByText('Log in to subscribe and follow your income.')).toBeTruthy()
    expect(app.callsTo('financial/orders')).toHaveLength(0)
  })
})
