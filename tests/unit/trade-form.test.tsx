// @vitest-environment happy-dom
// Spot trading as a user drives it on /trade: the quantity's fee and transaction amount are shown before sending,
// "Lack of funds" stops an order before any call, "Do you confirm the order?" comes first, a lost answer is sent
// again with the same client_oid (one order), the book's level fills the price, and an open order can be cancelled.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { MarketTradeConfig, Order } from '../../common/api/trade'
import { cleanupApp, errorUnder, renderApp, userInfo } from '../helpers/ui-app'
import { envelope, type RecordedCall } from '../helpers/ui-fetch'
import { marketItem, tickerSnapshot } from '../helpers/market-fixtures'
import { overview } from '../helpers/ui-money'

afterEach(cleanupApp)

const terms: MarketTradeConfig = {
  symbol: 'btcusdt',
  base: 'BTC',
  quote: 'USDT',
  taker_fee_rate: '0.002',
  maker_fee_rate: '0.002',
  min_amount: '0.0001',
  slippage_cap: '0.05',
  spot_open: true,
  micro_open: true,
  price_precision: 2,
  amount_precision: 6,
  price_max_age_ms: 2000,
}

function order(patch: Partial<Order> = {}): Order {
  return {
    id: 7,
    symbol: 'btcusdt',
    side: 'buy',
    type: 'limit',
    entrust_price: '100',
    entrust_amount: '2',
    deal_amount: '0',
    deal_volume: '0',
    avg_price: null,
    fee: '0',
    fee_currency: 'BTC',
    status: 'pending',
    client_oid: 'x',
    created_at: '2026-11-26 10:00:00',
    deal_at: null,
    ...patch,
  }
}

type Place = (call: RecordedCall, n: number) => unknown

async function open(place: Place = () => envelope(1, order()), openOrders: Order[] = [], path = '/trade') {
  let placed = 0
  const app = await renderApp(
    path,
    (c) => {
      if (c.url.includes('currency/currency_list')) {
        return envelope(1, [marketItem('btcusdt', 'spot', 'USDT', { currency_name: 'BTC', amount_precision: 6 })])
      }
      if (c.url.includes('trade/market_config')) return envelope(1, terms)
      if (c.url.includes('assets/overview')) return envelope(1, overview())
      if (c.url.includes('trade/order_list')) {
        const list = c.url.includes('state=open') ? openOrders : []
        return envelope(1, { list, total: list.length, page: 1, limit: 20 })
      }
      if (c.url.endsWith('trade/order_place')) return place(c, ++placed)
      if (c.url.endsWith('trade/order_cancel')) return envelope(1, order({ status: 'cancelled' }))
      return undefined
    },
    { user: userInfo() },
  )
  await screen.findByRole('button', { name: 'Buy BTC' })
  const subscribed = (kind: string) => [...app.engine.subscriptions.values()].some((s) => s.kind === kind)
  await waitFor(() => expect(subscribed('book') && subscribed('tickers')).toBe(true))
  app.engine.pushTickers([tickerSnapshot('btcusdt', 100, 100, 50)])
  app.engine.pushBook({
    symbol: 'btcusdt',
    bids: [[99.5, 3]],
    asks: [
      [100.5, 1],
      [101, 5],
    ],
    version: 1,
    ts: 1000,
    receivedAt: 1000,
    origin: 'live',
  })
  // The limit price starts at the last price.
  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Price (USDT)').value).toBe('100'))
  return app
}

const places = (app: Awaited<ReturnType<typeof open>>) => app.callsTo('trade/order_place')
const quantity = () => screen.getByLabelText('Quantity (BTC)')
const price = () => screen.getByLabelText<HTMLInputElement>('Price (USDT)')

describe('/trade', () => {
  it('shows the fee and transaction amount, asks to confirm, then places the order', async () => {
    const app = await open()
    await app.user.type(quantity(), '2')
    expect(screen.getByTestId('trade-total').textContent).toBe('200.00 USDT')
    expect(screen.getByTestId('trade-fee').textContent).toBe('0.00400000 BTC')
    expect(screen.getByTestId('trade-available').textContent).toBe('800.00 USDT')
    await app.user.click(screen.getByRole('button', { name: 'Buy BTC' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('Do you confirm the order?')
    // What is confirmed, as the form previewed it.
    const shown = (id: string) => within(dialog).getByTestId(id).textContent
    expect(['side', 'type', 'price', 'amount', 'total', 'fee'].map((k) => shown(`confirm-${k}`))).toEqual([
      'Buy',
      'Limit',
      '100.00 USDT',
      '2 BTC',
      '200.00 USDT',
      '0.00400000 BTC',
    ])
    expect(places(app)).toHaveLength(0)
    await app.user.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(places(app)).toHaveLength(1))
    const body = JSON.parse(places(app)[0]?.body ?? '{}') as Record<string, unknown>
    expect(body).toMatchObject({ symbol: 'btcusdt', side: 'buy', type: 'limit', price: '100', amount: '2' })
    expect(body.client_oid).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
    await screen.findByText('Order placed')
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Quantity (BTC)').value).toBe(''))
    expect(price().value).toBe('100') // the next order starts from this one
    expect(errorUnder('Quantity (BTC)')).toBe('')
  })

  it('says "Lack of funds" under the quantity and sends nothing', async () => {
    const app = await open()
    await app.user.type(quantity(), '8.01') // 801 USDT > 800 usable
    await app.user.click(screen.getByRole('button', { name: 'Buy BTC' }))
    await waitFor(() => expect(errorUnder('Quantity (BTC)')).toBe('Lack of funds'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(places(app)).toHaveLength(0)
  })

  it('a market buy previews the walk of the asks; 100 % buys what 800 USDT buys there', async () => {
    const app = await open()
    await app.user.click(screen.getByRole('radio', { name: 'Market' }))
    await app.user.click(screen.getByRole('button', { name: '100%' }))
    // 1 at 100.5, then 699.5 / 101 = 6.925742… > the 5 offered: walk stops at the book's 6 BTC
    expect(screen.getByLabelText<HTMLInputElement>('Quantity (BTC)').value).toBe('6')
    expect(screen.getByTestId('trade-total').textContent).toBe('≈ 605.50 USDT')
    expect(screen.getByTestId('trade-expected-price').textContent).toBe('≈ 100.92')
    await app.user.clear(quantity())
    await app.user.type(quantity(), '7')
    await app.user.click(screen.getByRole('button', { name: 'Buy BTC' }))
    await screen.findByText('Not enough depth in the order book for this quantity')
    expect(places(app)).toHaveLength(0)
  })

  it('a lost answer: the same order is sent again with the same client_oid', async () => {
    const app = await open((_c, n) =>
      n <= 3 ? Promise.reject(new TypeError('Failed to fetch')) : envelope(1, order()),
    )
    await app.user.type(quantity(), '1')
    const submit = async () => {
      await app.user.click(screen.getByRole('button', { name: 'Buy BTC' }))
      await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }))
    }
    await submit()
    // The request layer tries 3 times (same Idempotency-Key), then the form says the network failed.
    await waitFor(() => expect(places(app)).toHaveLength(3), { timeout: 5000 })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy BTC' }).getAttribute('aria-busy')).toBeNull())
    await submit()
    await waitFor(() => expect(places(app)).toHaveLength(4))
    const oids = places(app).map((c) => (JSON.parse(c.body ?? '{}') as { client_oid: string }).client_oid)
    expect(new Set(oids).size).toBe(1)
    await screen.findByText('Order placed')
  })

  it('tapping a book level takes its price; an open order is cancelled from the list', async () => {
    const app = await open(undefined, [order()])
    await app.user.click(await screen.findByRole('button', { name: /^99\.50/ }))
    expect(price().value).toBe('99.50')
    const row = await screen.findByTestId('trade-order')
    expect(row.textContent).toContain('Entrust quantity2 BTC')
    await app.user.click(within(row).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(app.callsTo('trade/order_cancel')).toHaveLength(1))
    expect(JSON.parse(app.callsTo('trade/order_cancel')[0]?.body ?? '{}')).toEqual({ id: 7 })
    await screen.findByText('Order cancelled')
  })

  it('Mine → "Trade history" (/trade#order-history) opens the order history, not the current orders', async () => {
    const app = await open(undefined, [order()], '/trade#order-history')
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Order history' }).getAttribute('aria-selected')).toBe('true'),
    )
    await waitFor(() => expect(app.callsTo('trade/order_list').some((c) => c.url.includes('state=history'))).toBe(true))
    expect(app.callsTo('trade/order_list').some((c) => c.url.includes('state=open'))).toBe(false)
  })
})
