// @vitest-environment happy-dom
// The market list's connection line as a user meets it on a cold start: while the first connection opens (no price
// yet) the rows show dashes and no line pushes them down; the line comes only if connecting takes long,
// or at once when an attempt has already failed or the device is offline.
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONNECTING_NOTICE_DELAY_MS } from '../../src/features/markets/FeedStatus'
import { cleanupApp, renderApp } from '../helpers/ui-app'
import { envelope, type RecordedCall } from '../helpers/ui-fetch'
import { marketItem } from '../helpers/market-fixtures'

const CONNECTING = 'Connecting to market data…'
const list = (c: RecordedCall) =>
  c.url.startsWith('/api/currency/currency_list') ? envelope(1, [marketItem('btcusdt')]) : undefined

/** /market with the socket told to connect and not open yet; resolves once the screen has the status. */
async function coldMarket(status: { reconnects: number }) {
  const app = await renderApp('/market', list)
  await waitFor(() => expect([...app.engine.subscriptions.values()].some((s) => s.kind === 'status')).toBe(true))
  await act(async () => app.engine.pushStatus({ url: 'ws://127.0.0.1:8292/ws', connected: false, ...status }))
  await waitFor(() => expect(document.querySelector('.market-row__price')?.textContent).toBe('--'))
  return app
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
afterEach(() => {
  vi.useRealTimers()
  cleanupApp()
})

describe('feed status line', () => {
  it('stays away while a first connection opens, and speaks up once it takes long', async () => {
    await coldMarket({ reconnects: 0 })
    await act(() => vi.advanceTimersByTimeAsync(CONNECTING_NOTICE_DELAY_MS - 500))
    expect(screen.queryByText(CONNECTING)).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(screen.getByText(CONNECTING)).toBeTruthy()
  })

  it('says so at once when the socket has already had to reconnect', async () => {
    await coldMarket({ reconnects: 1 })
    expect(screen.getByText(CONNECTING)).toBeTruthy()
  })

  it('says "Offline — no prices yet" at once when the device is offline', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    try {
      await coldMarket({ reconnects: 0 })
      expect(screen.getByText('Offline — no prices yet')).toBeTruthy()
    } finally {
      onLine.mockRestore()
    }
  })
})
