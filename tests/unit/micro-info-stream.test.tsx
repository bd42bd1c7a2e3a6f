// @vitest-environment happy-dom
// /micro-info (options order history) with the user stream (issue 22 part 2): while the stream is live neither the
// open list nor an open order's detail sheet is polled around delivery; the order's settlement event reads both again
// once and shows the result. While the stream is not live both poll as before.
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { MicroOrder } from '../../common/api/micro'
import type { UserEvent, UserStreamState } from '../../common/engine-api'
import { STREAM_RELOAD_DEBOUNCE_MS } from '../../src/features/user-stream'
import { withAppClock } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { listAnswer, microOrder, renderMicro, settled } from './micro-fixtures'

withAppClock()

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5) // placement, whole seconds; delivery 30 s later

let seq = 0
const settledEvent = (order: MicroOrder): UserEvent => ({
  seq: ++seq,
  ch: 'orders#btcusdt',
  data: { event: 'settled', kind: 'micro', book: 'live', symbol: 'btcusdt', order } as unknown as UserEvent['data'],
  receivedAt: Date.now(),
})

/** /micro-info (open tab, the detail sheet of order 42 open) with one 30 s contract placed at T0. */
async function openHistory() {
  const order = microOrder({ id: 42, duration_s: 30 }, T0)
  const server = { open: [order] as MicroOrder[], detail: order }
  const app = await renderMicro('/micro-info?tab=open&id=42', {
    list: (c) => listAnswer(c.url.includes('state=open') ? server.open : []),
    detail: () => envelope(1, server.detail),
  })
  await screen.findByTestId('micro-row')
  await screen.findByRole('dialog', { name: 'Order detail' })
  await waitFor(() => expect(app.engine.userLog.connects).toBe(1))
  vi.setSystemTime(T0 + 100)
  const reads = () => ({
    list: app.callsTo('micro/order_list').length,
    detail: app.callsTo('micro/order_detail').length,
  })
  const push = (state: UserStreamState, events: UserEvent[] = []) => act(() => app.engine.pushUser(state, events))
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
  return { order, server, reads, push, advance }
}

describe('/micro-info with the user stream', () => {
  it('live: asks nothing around delivery; the settlement event reads the list and the detail once', async () => {
    const { order, server, reads, push, advance } = await openHistory()
    push('live')
    await advance(STREAM_RELOAD_DEBOUNCE_MS + 10)
    const before = reads()
    await advance(45_000) // past delivery: polled, it would have asked at 15 s and every second from 29 s
    expect(reads()).toEqual(before)
    server.open = []
    server.detail = settled(order, 'won', '61694.02')
    push('live', [settledEvent(server.detail)])
    await advance(STREAM_RELOAD_DEBOUNCE_MS + 10)
    await waitFor(() => expect(screen.queryByTestId('micro-row')).toBeNull()) // left the open tab
    const sheet = screen.getByRole('dialog', { name: 'Order detail' })
    await waitFor(() => expect(within(sheet).getByText('Won')).toBeTruthy())
    expect(reads()).toEqual({ list: before.list + 1, detail: before.detail + 1 })
    await advance(60_000)
    expect(reads()).toEqual({ list: before.list + 1, detail: before.detail + 1 })
  })

  it('not live: polls the list and the detail around delivery, as before', async () => {
    const { reads, push, advance } = await openHistory()
    push('live')
    push('offline')
    await advance(STREAM_RELOAD_DEBOUNCE_MS + 10)
    const before = reads()
    await advance(31_000)
    // The countdown's reads: at 15 s, then every second from a second before delivery.
    await waitFor(() => expect(reads().list).toBeGreaterThan(before.list))
    expect(reads().detail).toBeGreaterThan(before.detail + 2)
  })
})
