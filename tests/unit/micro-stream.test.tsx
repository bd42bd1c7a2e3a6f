// @vitest-environment happy-dom
// /micro with the user stream (issue 22 part 2): while the stream is live the open contracts and the options balance
// are not polled; a second-contract event (settled, or placed on another device) reads the list again once, a balance
// event of the options wallet reads the balance again; when no settlement event has come SETTLE_SAFETY_MS after a
// delivery the list is read once more, and only once. While the stream is not live the screen polls as before.
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { MicroOrder } from '../../common/api/micro'
import type { UserEvent, UserStreamState } from '../../common/engine-api'
import { SETTLE_SAFETY_MS } from '../../src/features/micro/countdown'
import { STREAM_RELOAD_DEBOUNCE_MS } from '../../src/features/user-stream'
import { withAppClock } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { listAnswer, microOrder, renderMicro, settled, type MicroCalls } from './micro-fixtures'

withAppClock()

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5) // placement, whole seconds
const DELIVERY = T0 + 30_000

let seq = 0
const event = (ch: string, data: object): UserEvent => ({
  seq: ++seq,
  ch,
  data: data as UserEvent['data'],
  receivedAt: Date.now(),
})
const orderEvent = (kind: 'placed' | 'settled', order: MicroOrder) =>
  event('orders#btcusdt', { event: kind, kind: 'micro', symbol: 'btcusdt', order })
const balanceEvent = (available: string, book: 'live' | 'demo' = 'live') =>
  event('accounts.update', {
    event: 'balance',
    book,
    wallet: 'option',
    currency: 'USDT',
    available,
    frozen: '0',
    change_available: '185',
    change_frozen: '-100',
    kind: 'micro_settle',
    reference: 'micro:41',
    transaction_id: 9,
  })

/** /micro signed in, the server answering from `server` (changed by the test), one 30 s Rise placed at T0 open. */
async function openMicro(server: { open: MicroOrder[]; detail: MicroOrder; place?: MicroOrder }) {
  const calls: MicroCalls = {
    list: () => listAnswer(server.open),
    detail: () => envelope(1, server.detail),
    place: () => envelope(1, server.place),
  }
  const app = await renderMicro('/micro', calls)
  if (server.open.length) await screen.findByTestId('micro-row')
  else await screen.findByText(/No open contracts/)
  await waitFor(() => expect(app.engine.userLog.connects).toBe(1))
  // The first render of the screen's chunk takes real time: the clock is set once it is up.
  vi.setSystemTime(T0 + 100)
  const reads = () => ({
    list: app.callsTo('micro/order_list').length,
    detail: app.callsTo('micro/order_detail').length,
    balance: app.callsTo('assets/overview').length,
  })
  const push = (state: UserStreamState, events: UserEvent[] = []) => act(() => app.engine.pushUser(state, events))
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
  return { app, calls, reads, push, advance }
}

const countdown = () => within(screen.getByTestId('micro-row')).queryByTestId('micro-countdown')?.textContent

describe('/micro with the user stream live', () => {
  it('asks nothing while the countdown runs; the settlement event reads the list and the balance once', async () => {
    vi.setSystemTime(T0 + 100)
    const order = microOrder({ duration_s: 30 }, T0)
    const server = { open: [order], detail: order }
    const { calls, reads, push, advance } = await openMicro(server)
    push('live')
    const before = reads()
    await advance(29_150) // T0 + 29.25 s: without the stream it would have asked at 15 s and 29 s
    expect(countdown()).toBe('1 s') // the countdown keeps ticking on its own
    expect(reads()).toEqual(before)
    await advance(1000) // delivered, the settlement not in yet
    expect(countdown()).toBe('Settling…')
    expect(reads()).toEqual(before)

    server.open = []
    server.detail = settled(order, 'won', '61694.02')
    calls.available = '1085'
    push('live', [orderEvent('settled', server.detail)])
    // The ledger's event of the same commit, in the next snapshot, before the debounce ends (no timer advanced
    // between: the fake clock also follows real time, and a loaded machine could pass the 16 ms between the pushes).
    push('live', [balanceEvent('1085')])
    await advance(STREAM_RELOAD_DEBOUNCE_MS + 10)
    const row = screen.getByTestId('micro-row')
    await waitFor(() => expect(within(row).getByTestId('micro-result').textContent).toBe('Won +85.00'))
    await waitFor(() => expect(screen.getByTestId('micro-available').textContent).toBe('1,085.00 USDT'))
    expect(reads()).toEqual({ list: before.list + 1, detail: before.detail + 1, balance: before.balance + 1 })
    await advance(60_000) // settled, and no safety read is due
    expect(reads()).toEqual({ list: before.list + 1, detail: before.detail + 1, balance: before.balance + 1 })
  })

  it('shows a contract placed on another device when its event arrives', async () => {
    vi.setSystemTime(T0 + 100)
    const order = microOrder({ duration_s: 300 }, T0)
    const server = { open: [] as MicroOrder[], detail: order }
    const { reads, push, advance } = await openMicro(server)
    push('live')
    const before = reads()
    server.open = [order]
    push('live', [orderEvent('placed', order), event('positions', { event: 'opened', symbol: 'btcusdt' })])
    await advance(STREAM_RELOAD_DEBOUNCE_MS + 10)
    expect(await screen.findByTestId('micro-row')).toBeTruthy()
    expect(reads().list).toBe(before.list + 1)
    push('live', [balanceEvent('900', 'demo')]) // another book's balance: not this screen's
    await advance(120_000) // two minutes of an open contract, far from its delivery
    expect(reads()).toEqual({ ...before, list: before.list + 1 })
  })

  it('a contract placed here shows at once; the balance is read once, on its balance event', async () => {
    vi.setSystemTime(T0 + 100)
    const order = microOrder({ id: 77, duration_s: 300 }, T0)
    const server = { open: [] as MicroOrder[], detail: order, place: order }
    const { app, calls, reads, push, advance } = await openMicro(server)
    push('live')
    const before = reads()
    await app.user.type(screen.getByLabelText('Amount (USDT)'), '100')
    await app.user.click(screen.getByRole('button', { name: 'Rise' }))
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rise' }))
    expect(await screen.findByTestId('micro-row')).toBeTruthy()
    server.open = [order]
    calls.available = '900'
    push('live', [orderEvent('placed', order), balanceEvent('900')])
    await advance(STREAM_RELOAD_DEBOUNCE_MS + 10)
    await waitFor(() => expect(screen.getByTestId('micro-available').textContent).toBe('900.00 USDT'))
    await advance(60_000)
    expect(reads()).toEqual({ ...before, list: before.list + 1, balance: before.balance + 1 })
  })

  it('reads once more SETTLE_SAFETY_MS after delivery when no settlement event came, then never again', async () => {
    vi.setSystemTime(T0 + 100)
    const order = microOrder({ duration_s: 30 }, T0)
    const server = { open: [order], detail: order }
    const { reads, push, advance } = await openMicro(server)
    push('live')
    const before = reads()
    await advance(DELIVERY + SETTLE_SAFETY_MS - 300 - Date.now())
    expect(reads()).toEqual(before)
    server.open = []
    server.detail = settled(order, 'lost', '61600')
    await advance(600) // the settlement happened, its event was lost
    const row = screen.getByTestId('micro-row')
    await waitFor(() => expect(row.dataset.status).toBe('lost'))
    // The balance event may have been lost with it: the balance is read again too.
    await waitFor(() =>
      expect(reads()).toEqual({ list: before.list + 1, detail: before.detail + 1, balance: before.balance + 1 }),
    )
    await advance(60_000)
    expect(reads()).toEqual({ list: before.list + 1, detail: before.detail + 1, balance: before.balance + 1 })
  })

  it('a contract still open at its safety read is not asked about again; its late event brings the result', async () => {
    vi.setSystemTime(T0 + 100)
    const order = microOrder({ duration_s: 30 }, T0)
    const server = { open: [order], detail: order }
    const { reads, push, advance } = await openMicro(server)
    push('live')
    const before = reads()
    await advance(DELIVERY + SETTLE_SAFETY_MS + 300 - Date.now())
    await waitFor(() => expect(reads().list).toBe(before.list + 1))
    await advance(60_000) // the server is late: no more asking, still settling
    expect(reads()).toEqual({ ...before, list: before.list + 1 })
    expect(countdown()).toBe('Settling…')
    server.open = []
    server.detail = settled(order, 'draw', '61675.44')
    push('live', [orderEvent('settled', server.detail)])
    await advance(STREAM_RELOAD_DEBOUNCE_MS + 10)
    await waitFor(() => expect(screen.getByTestId('micro-row').dataset.status).toBe('draw'))
    expect(reads().list).toBe(before.list + 2)
  })
})

describe('/micro with the user stream not live', () => {
  it('polls as before: at most every 15 s, every second from just before delivery, until the result', async () => {
    vi.setSystemTime(T0 + 100)
    const order = microOrder({ duration_s: 30 }, T0)
    const server = { open: [order], detail: order }
    const { reads, push, advance } = await openMicro(server)
    push('live') // and back: the screen plans its polls again from now
    push('offline')
    const before = reads()
    await advance(15_100) // T0 + 15.2 s: the POLL_FAR_MS read
    await waitFor(() => expect(reads().list).toBe(before.list + 1))
    await advance(14_000) // T0 + 29.2 s: a second before delivery
    await waitFor(() => expect(reads().list).toBe(before.list + 2))
    server.open = []
    server.detail = settled(order, 'won', '61694.02')
    await advance(1000)
    await waitFor(() => expect(screen.getByTestId('micro-row').dataset.status).toBe('won'))
    await waitFor(() => expect(reads().balance).toBe(before.balance + 1))
  })
})
