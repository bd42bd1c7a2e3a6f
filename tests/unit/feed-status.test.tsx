// @vitest-environment happy-dom
// The market list's connection line as a user meets it at start-up: while the first connection opens, the rows show
// dashes (or the prices kept from the last visit) and no line flashes; the line comes if connecting takes long, or at
// once when an attempt has already failed or the device is offline.
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { FIRST_CONNECT_GRACE_MS } from '../../src/features/markets/FeedStatus'
import { loadRelativeTime } from '../../src/i18n/relative-time'
import { renderApp, withAppClock } from '../helpers/ui-app'
import { envelope, type RecordedCall } from '../helpers/ui-fetch'
import { marketItem, tickerSnapshot } from '../helpers/market-fixtures'

const CONNECTING = 'Connecting to market data…'
const listOf = (symbol: string) => (c: RecordedCall) =>
  c.url.startsWith('/api/currency/currency_list') ? envelope(1, [marketItem(symbol)]) : undefined

/**
 * /market listing `symbol` with the socket told to connect and not open yet; resolves once the screen has the status.
 * Each test lists its own market: the page keeps the last ticker seen per symbol (engine hooks) across screens.
 */
async function coldMarket(status: { reconnects: number }, symbol = 'btcusdt') {
  const app = await renderApp('/market', listOf(symbol))
  await waitFor(() => expect([...app.engine.subscriptions.values()].some((s) => s.kind === 'status')).toBe(true))
  await act(async () => app.engine.pushStatus({ url: 'ws://127.0.0.1:8292/ws', connected: false, ...status }))
  await waitFor(() => expect(document.querySelector('.market-row__price')?.textContent).toBe('--'))
  return app
}

withAppClock()

describe('feed status line', () => {
  it('stays away while a first connection opens, and speaks up once it takes long', async () => {
    await coldMarket({ reconnects: 0 })
    await act(() => vi.advanceTimersByTimeAsync(FIRST_CONNECT_GRACE_MS - 500))
    expect(screen.queryByText(CONNECTING)).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(screen.getByText(CONNECTING)).toBeTruthy()
  })

  it("with the last visit's prices on screen, says how old they are once the first connection takes long", async () => {
    await loadRelativeTime('en') // in already, so only the grace can hold the line back
    const app = await coldMarket({ reconnects: 0 }, 'ethusdt')
    const minuteAgo = Date.now() - 60_000
    await act(async () => app.engine.pushTickers([tickerSnapshot('ethusdt', 100, 101, 5, { receivedAt: minuteAgo })]))
    await waitFor(() => expect(document.querySelector('.market-row__price')?.textContent).toBe('101.00'))
    await act(() => vi.advanceTimersByTimeAsync(FIRST_CONNECT_GRACE_MS - 500))
    expect(screen.queryByRole('status')).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect((await screen.findByRole('status')).textContent).toBe('Reconnecting — prices from a minute ago')
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
