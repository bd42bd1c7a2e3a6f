// @vitest-environment happy-dom
// /assets with the user stream (issue 22 part 2): while the stream is live the overview is read again when a balance
// of the session's book changes (`accounts.update`, debounced: the events of one commit make one read), and never on
// a timer; other events and another book's balances read nothing. While it is not live nothing polls, as before.
import 'fake-indexeddb/auto'
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { UserEvent, UserStreamState } from '../../common/engine-api'
import { STREAM_RELOAD_DEBOUNCE_MS } from '../../src/features/user-stream'
import { renderApp, userInfo, withAppClock } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { overview } from '../helpers/ui-money'

withAppClock()

let seq = 0
const event = (ch: string, data: object): UserEvent => ({
  seq: ++seq,
  ch,
  data: data as UserEvent['data'],
  receivedAt: Date.now(),
})
const balanceEvent = (wallet: 'spot' | 'contract' | 'option', book: 'live' | 'demo' = 'live') =>
  event('accounts.update', {
    event: 'balance',
    book,
    wallet,
    currency: 'USDT',
    available: '900',
    frozen: '0',
    change_available: '100',
    change_frozen: '0',
    kind: 'deposit',
    reference: 'deposit:3',
    transaction_id: 12,
  })

async function openAssets() {
  const server = { overview: overview() }
  const app = await renderApp(
    '/assets',
    (c) => (c.url.includes('assets/overview') ? envelope(1, server.overview) : undefined),
    { user: userInfo({ id: 7 }) },
  )
  expect((await screen.findByTestId('total-assets')).textContent).toBe('1,001.00')
  await waitFor(() => expect(app.engine.userLog.connects).toBe(1))
  const reads = () => app.callsTo('assets/overview').length
  const push = (state: UserStreamState, events: UserEvent[] = []) => act(() => app.engine.pushUser(state, events))
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
  return { server, reads, push, advance }
}

describe('/assets with the user stream', () => {
  it('live: reads nothing on a timer; the balance events of one commit read the overview once', async () => {
    const { server, reads, push, advance } = await openAssets()
    push('live')
    const before = reads()
    await advance(10 * 60_000)
    expect(reads()).toBe(before)
    push('live', [balanceEvent('spot', 'demo'), event('positions', { event: 'opened', symbol: 'btcusdt' })])
    await advance(STREAM_RELOAD_DEBOUNCE_MS * 4)
    expect(reads()).toBe(before) // another book's balance, and no balance at all

    server.overview = overview({ total_usdt: '1101.00' })
    push('live', [balanceEvent('spot'), balanceEvent('option')])
    // The same commit's last event, in the next snapshot, before the debounce ends (no timer advanced between: the
    // fake clock also follows real time, and a loaded machine could otherwise pass the 16 ms between the two pushes).
    push('live', [balanceEvent('contract')])
    await advance(STREAM_RELOAD_DEBOUNCE_MS + 10)
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('1,101.00'))
    expect(reads()).toBe(before + 1)
    await advance(10 * 60_000)
    expect(reads()).toBe(before + 1)
  })

  it('not live: as before, no timer reads the overview', async () => {
    const { reads, push, advance } = await openAssets()
    push('offline')
    const before = reads()
    await advance(10 * 60_000)
    expect(reads()).toBe(before)
    expect(screen.getByTestId('total-assets').textContent).toBe('1,001.00')
  })
})
