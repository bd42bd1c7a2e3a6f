// @vitest-environment happy-dom
// An open contract counts down to its delivery second by second, says "Settling…" once delivery has passed and the
// server has not settled it yet, and turns into its result (won, with the profit) as soon as the server has settled
// it; the options balance is read again then. The server is asked every second around delivery, not before.
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { nextPollIn, safetyReadIn, secondsLeft, SETTLE_SAFETY_MS } from '../../src/features/micro/countdown'
import { envelope } from '../helpers/ui-fetch'
import { withAppClock } from '../helpers/ui-app'
import { listAnswer, microOrder, renderMicro, settled, utc } from './micro-fixtures'

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5) // placement, whole seconds
const at = (ms: number) => ({ delivery_at: utc(ms) })

describe('countdown (pure)', () => {
  it.each([
    [T0 + 30_000, T0, 30],
    [T0 + 30_000, T0 + 100, 30], // 29.9 s left: shown as 30 until the second has passed
    [T0 + 30_000, T0 + 1000, 29],
    [T0 + 30_000, T0 + 29_001, 1],
    [T0 + 30_000, T0 + 30_000, 0],
    [T0 + 30_000, T0 + 45_000, 0],
  ])('delivery %i at %i: %i s left', (delivery, now, left) => {
    expect(secondsLeft(at(delivery), now)).toBe(left)
  })

  it('asks every second from a second before the nearest delivery, at most every 15 s before that', () => {
    expect(nextPollIn([], T0)).toBeNull()
    expect(nextPollIn([at(T0 + 300_000)], T0)).toBe(15_000)
    expect(nextPollIn([at(T0 + 300_000), at(T0 + 8000)], T0)).toBe(7000)
    expect(nextPollIn([at(T0 + 1500)], T0)).toBe(1000)
    expect(nextPollIn([at(T0 - 5000)], T0)).toBe(1000) // past delivery, not settled yet
  })

  it('with the stream live, reads once SETTLE_SAFETY_MS after the earliest delivery not yet read for it', () => {
    const c = (id: number, delivery: number) => ({ id, delivery_at: utc(delivery) })
    expect(SETTLE_SAFETY_MS).toBe(5000)
    expect(safetyReadIn([], new Set(), T0)).toBeNull()
    expect(safetyReadIn([c(1, T0 + 30_000), c(2, T0 + 8000)], new Set(), T0)).toBe(13_000)
    expect(safetyReadIn([c(1, T0 + 30_000), c(2, T0 + 8000)], new Set([2]), T0)).toBe(35_000)
    expect(safetyReadIn([c(1, T0 - 60_000)], new Set(), T0)).toBe(0) // overdue: now
    expect(safetyReadIn([c(1, T0 - 60_000)], new Set([1]), T0)).toBeNull() // read once already
    expect(safetyReadIn([{ id: 3, delivery_at: 'soon' }], new Set(), T0)).toBe(0) // undated: now, once
  })
})

withAppClock()

describe('an open contract on the options screen', () => {
  it('counts down, says "Settling…" at delivery, then shows its result and refreshes the balance', async () => {
    vi.setSystemTime(T0 + 100)
    const order = microOrder({ duration_s: 30 }, T0)
    let server = { open: [order], detail: order }
    const app = await renderMicro('/micro', {
      list: () => listAnswer(server.open),
      detail: () => envelope(1, server.detail),
    })
    const row = await screen.findByTestId('micro-row')
    const countdown = () => within(row).queryByTestId('micro-countdown')?.textContent
    // The first render of the screen's chunk takes real time: the clock is set once it is up. The countdown's clock
    // ticks every 250 ms, so each check is made mid-second.
    vi.setSystemTime(T0 + 100)
    await act(() => vi.advanceTimersByTimeAsync(250))
    expect(countdown()).toBe('30 s') // T0 + 0.35 s
    await act(() => vi.advanceTimersByTimeAsync(10_150))
    expect(countdown()).toBe('20 s') // T0 + 10.5 s
    await act(() => vi.advanceTimersByTimeAsync(19_000))
    expect(countdown()).toBe('1 s') // T0 + 29.5 s
    await act(() => vi.advanceTimersByTimeAsync(750))
    expect(countdown()).toBe('Settling…') // T0 + 30.25 s: delivered, the server has not settled it yet
    expect(app.callsTo('micro/order_detail')).toHaveLength(0) // still in the open list: nothing to read yet

    const overviews = app.callsTo('assets/overview').length
    server = { open: [], detail: settled(order, 'won', '61694.02') }
    await act(() => vi.advanceTimersByTimeAsync(1000))
    await waitFor(() => expect(within(row).getByTestId('micro-result').textContent).toBe('Won +85.00'))
    expect(row.dataset.status).toBe('won')
    expect(app.callsTo('micro/order_detail')).toHaveLength(1)
    await waitFor(() => expect(app.callsTo('assets/overview').length).toBe(overviews + 1))
    // Settled: no more asking.
    const lists = app.callsTo('micro/order_list').length
    await act(() => vi.advanceTimersByTimeAsync(20_000))
    expect(app.callsTo('micro/order_list')).toHaveLength(lists)
  })
})
