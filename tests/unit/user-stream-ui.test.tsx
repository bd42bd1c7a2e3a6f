// @vitest-environment happy-dom
// The user stream on screen (issue 22 part 2): signed in, the app connects the worker's user stream (a fresh
// `user/ws_ticket` ticket per connect) and disconnects it on sign-out; while the stream is live /trade's current
// orders and /lever's account are not polled but read again when an event of their data arrives (a resting order
// that filled leaves the list at once); when it is not live the screens poll as before; a liquidation, a TP/SL close,
// a fill of a resting order and a settled option are told in a toast, once per event, in the user's language.
import { i18n, type Messages } from '@lingui/core'
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Order } from '../../common/api/trade'
import type { UserEvent, UserStreamState } from '../../common/engine-api'
import { PLACING_GRACE_MS } from '../../src/features/user-stream'
import { logout } from '../../src/state/session'
import { toastStore } from '../../src/ui/toast'
import { renderApp, userInfo, withAppClock } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { marketItem, tickerSnapshot } from '../helpers/market-fixtures'
import { overview } from '../helpers/ui-money'
import { position, renderLever } from './lever-fixtures'

withAppClock()

const terms = {
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

const resting: Order = {
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
  client_oid: 'resting-order-7',
  created_at: '2026-11-26 10:00:00',
  deal_at: null,
}

let seq = 0
const event = (ch: string, data: object): UserEvent => ({
  seq: ++seq,
  ch,
  data: data as UserEvent['data'],
  receivedAt: Date.now(),
})
const filled = (o: Order) =>
  event('orders#btcusdt', { event: 'filled', kind: 'spot', symbol: 'btcusdt', order: { ...o, status: 'filled' } })

/** /trade signed in with `open` as the current orders (read at each call). */
async function openTrade(
  open: { list: Order[]; ticketRejected?: boolean },
  place?: (body: { client_oid: string }) => unknown,
) {
  const app = await renderApp(
    '/trade',
    (c) => {
      if (c.url.includes('currency/currency_list')) {
        return envelope(1, [marketItem('btcusdt', 'spot', 'USDT', { currency_name: 'BTC', amount_precision: 6 })])
      }
      if (c.url.includes('trade/market_config')) return envelope(1, terms)
      if (c.url.includes('assets/overview')) return envelope(1, overview())
      if (c.url.includes('trade/order_list')) {
        const list = c.url.includes('state=open') ? open.list : []
        return envelope(1, { list, total: list.length, page: 1, limit: 20 })
      }
      if (c.url.endsWith('trade/order_place') && place)
        return place(JSON.parse(c.body ?? '{}') as { client_oid: string })
      if (c.url.endsWith('user/ws_ticket') && open.ticketRejected) {
        return new Response(JSON.stringify(envelope(401, null, 'expired')), { status: 401 })
      }
      if (c.url.endsWith('user/ws_ticket')) return envelope(1, { ticket: 'a'.repeat(32), expires_in: 30 })
      return undefined
    },
    { user: userInfo() },
  )
  await screen.findByRole('button', { name: 'Buy BTC' })
  await waitFor(() => expect(app.engine.userLog.connects).toBe(1))
  if (open.list.length)
    await screen.findByText('100.00') // the resting order's price
  else await screen.findByText('No open orders')
  return app
}

type App = Awaited<ReturnType<typeof openTrade>>
const openReads = (app: App) => app.callsTo('trade/order_list').filter((c) => c.url.includes('state=open')).length

/** Sends a user snapshot (inside act: the hooks re-render). */
const push = (app: Pick<App, 'engine'>, state: UserStreamState, events: UserEvent[] = []) =>
  act(() => app.engine.pushUser(state, events))

describe('user stream on /trade', () => {
  it('connects with a fresh ticket when signed in and disconnects on sign-out', async () => {
    const app = await openTrade({ list: [resting] })
    expect(await app.engine.userLog.getTicket?.()).toBe('a'.repeat(32))
    expect(app.callsTo('user/ws_ticket')).toHaveLength(1)
    expect(app.engine.userLog.disconnects).toBe(0)
    await act(() => logout())
    await waitFor(() => expect(app.engine.userLog.disconnects).toBe(1))
  })

  it('a ticket asked again after sign-out (the worker retries) calls nothing and asks no one to log in', async () => {
    const app = await openTrade({ list: [resting] })
    const getTicket = app.engine.userLog.getTicket!
    await act(() => logout())
    await expect(getTicket()).rejects.toThrow(/session/)
    expect(app.callsTo('user/ws_ticket')).toHaveLength(0)
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('disconnects when the session ends: a ticket refused with 401 signs out', async () => {
    const open = { list: [resting], ticketRejected: true }
    const app = await openTrade(open)
    await expect(app.engine.userLog.getTicket?.()).rejects.toThrow()
    await waitFor(() => expect(app.engine.userLog.disconnects).toBe(1))
    expect(app.engine.userLog.connects).toBe(1) // signed out: not connected again
  })

  it('does not poll current orders while live; a fill event reloads them and the order leaves the list', async () => {
    const open = { list: [resting] }
    const app = await openTrade(open)
    push(app, 'live')
    const before = openReads(app)
    await vi.advanceTimersByTimeAsync(10_000) // three poll periods
    expect(openReads(app)).toBe(before)
    open.list = []
    push(app, 'live', [filled(resting)])
    await waitFor(() => expect(screen.queryByText('100.00')).toBeNull())
    expect(openReads(app)).toBe(before + 1)
    // The resting order's fill is told once, even if a later snapshot carried the event again.
    expect(screen.getByText('Order filled · BTC/USDT')).toBeTruthy()
  })

  it('polls as before while the stream is not live', async () => {
    const open = { list: [resting] }
    const app = await openTrade(open)
    push(app, 'offline')
    const before = openReads(app)
    await vi.advanceTimersByTimeAsync(3_100)
    await waitFor(() => expect(openReads(app)).toBeGreaterThan(before))
    open.list = []
    await vi.advanceTimersByTimeAsync(3_100)
    await waitFor(() => expect(screen.queryByText('100.00')).toBeNull())
  })

  it('on a resync reads the orders again by REST and seeds the worker to go live again', async () => {
    const open = { list: [resting] }
    const app = await openTrade(open)
    push(app, 'live')
    open.list = []
    push(app, 'resync')
    await waitFor(() => expect(screen.queryByText('100.00')).toBeNull())
    await waitFor(() => expect(app.engine.userLog.seeds).toHaveLength(1))
  })
})

describe('user stream toasts', () => {
  const liquidated = () =>
    event('positions', {
      event: 'liquidated',
      symbol: 'btcusdt',
      position: { ...position(), status: 'liquidated', close_reason: 'liquidation' },
      close_price: '54000',
    })

  it('tells a liquidation in English, once per event', async () => {
    const app = await openTrade({ list: [] })
    const ev = liquidated()
    push(app, 'live', [ev])
    expect(await screen.findByText('Position liquidated · BTC/USDT')).toBeTruthy()
    await vi.advanceTimersByTimeAsync(5_000) // the toast goes
    await waitFor(() => expect(screen.queryByText('Position liquidated · BTC/USDT')).toBeNull())
    push(app, 'live', [ev]) // the same event again (a resume overlapping): no second toast
    await vi.advanceTimersByTimeAsync(100)
    expect(screen.queryByText('Position liquidated · BTC/USDT')).toBeNull()
  })

  it('leaves the fill of an order just placed here to its placement toast; a resting order fill is told', async () => {
    let oid = ''
    let answer: (v: unknown) => void = () => undefined
    const app = await openTrade({ list: [] }, (body) => {
      oid = body.client_oid
      return new Promise((resolve) => (answer = resolve)) // answered after the stream's events arrived
    })
    app.engine.pushTickers([tickerSnapshot('btcusdt', 100, 100, 50)])
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Price (USDT)').value).toBe('100'))
    await app.user.type(screen.getByLabelText('Quantity (BTC)'), '2')
    await app.user.click(screen.getByRole('button', { name: 'Buy BTC' }))
    await app.user.click(await screen.findByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(oid).not.toBe(''))
    const mine = { ...resting, id: 9, status: 'filled', deal_amount: '2', client_oid: oid }
    push(app, 'live', [
      event('orders#btcusdt', { event: 'placed', kind: 'spot', symbol: 'btcusdt', order: mine }),
      event('orders#btcusdt', { event: 'filled', kind: 'spot', symbol: 'btcusdt', order: mine }),
    ])
    await vi.advanceTimersByTimeAsync(100)
    expect(toastStore.current?.text).not.toMatchObject({ id: 'stream.filled' })
    answer(envelope(1, mine))
    await waitFor(() => expect(toastStore.current?.text).toMatchObject({ id: 'trade.filled' }))
    push(app, 'live', [event('orders#btcusdt', { event: 'filled', kind: 'spot', symbol: 'btcusdt', order: mine })])
    await vi.advanceTimersByTimeAsync(100)
    expect(toastStore.current?.text).toMatchObject({ id: 'trade.filled' }) // not replaced by a second "filled"
    push(app, 'live', [filled(resting)])
    await waitFor(() => expect(toastStore.current?.text).toMatchObject({ id: 'stream.filled' }))
    // Once the placement is past (PLACING_GRACE_MS), that order's later fills are told too.
    await vi.advanceTimersByTimeAsync(PLACING_GRACE_MS + 100)
    push(app, 'live', [event('orders#btcusdt', { event: 'filled', kind: 'spot', symbol: 'btcusdt', order: mine })])
    await waitFor(() => expect(toastStore.current?.text).toMatchObject({ id: 'stream.filled' }))
  })

  it('tells a liquidation and a stop-loss close in Japanese', async () => {
    const app = await openTrade({ list: [] })
    const locale = 'ja'
    const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
    act(() => i18n.loadAndActivate({ locale: 'ja', messages }))
    push(app, 'live', [liquidated()])
    expect(await screen.findByText('ポジションが強制決済されました · BTC/USDT')).toBeTruthy()
    const stop = { ...position(), status: 'closed', close_reason: 'stop_loss' }
    push(app, 'live', [event('positions', { event: 'closed', symbol: 'btcusdt', position: stop })])
    expect(await screen.findByText('損切りでポジションを決済しました · BTC/USDT')).toBeTruthy()
  })
})

describe('user stream on /lever', () => {
  it('does not poll the account while live; a position event reloads it; polls again when offline', async () => {
    const calls = { positions: [position()] }
    const app = await renderLever(calls)
    await screen.findByTestId('position-11')
    await waitFor(() => expect(app.engine.userLog.connects).toBe(1))
    const reads = () => app.callsTo('contract/positions').length
    push(app, 'live')
    const before = reads()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(reads()).toBe(before)
    calls.positions = []
    const closed = { ...position(), status: 'closed', close_reason: 'take_profit' }
    push(app, 'live', [event('positions', { event: 'closed', symbol: 'btcusdt', position: closed })])
    await waitFor(() => expect(screen.queryByTestId('position-11')).toBeNull())
    expect(reads()).toBe(before + 1)
    expect(screen.getByText('Take-profit closed your position · BTC/USDT')).toBeTruthy()
    push(app, 'offline')
    await vi.advanceTimersByTimeAsync(3_100)
    await waitFor(() => expect(reads()).toBeGreaterThan(before + 1))
  })
})
