// @vitest-environment happy-dom
// Home's gain list as a user switches its tabs: Comprehensive shows every priced market, Increase only the risers
// (top gainer first), Decline only the fallers (top loser first), and each says so when it has none.
import { i18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TickerSnapshot } from '../../common/engine-api'
import { GainList } from '../../src/features/markets'
import { RANK_SETTLE_MS } from '../../src/features/markets/GainList'
import { marketItem, tickerSnapshot } from '../helpers/market-fixtures'

const market = (base: string) => marketItem(`${base.toLowerCase()}usdt`, 'spot', 'USDT', { currency_name: base })
const ticker = tickerSnapshot

const items = ['BTC', 'ETH', 'SOL', 'XRP', 'ADA'].map(market)
const mixed = new Map([
  ['btcusdt', ticker('btcusdt', 100, 103, 500)], // +3 %
  ['ethusdt', ticker('ethusdt', 100, 92, 400)], // −8 %
  ['solusdt', ticker('solusdt', 100, 110, 300)], // +10 %
  ['xrpusdt', ticker('xrpusdt', 100, 100, 200)], // flat
  ['adausdt', ticker('adausdt', 100, 99, 100)], // −1 %
])

/** Base currencies of the rows on screen, top to bottom. */
const rows = () => [...document.querySelectorAll('.market-row__base')].map((el) => el.firstChild?.textContent)

const list = (tickers: ReadonlyMap<string, TickerSnapshot>) => (
  <I18nProvider i18n={i18n}>
    <GainList items={items} tickers={tickers} onOpen={() => undefined} />
  </I18nProvider>
)

function show(tickers: ReadonlyMap<string, TickerSnapshot>) {
  render(list(tickers))
  return userEvent.setup()
}

beforeEach(async () => {
  const locale = 'en'
  // A template import has no static type; the shape is the one src/i18n/po.d.ts declares for every catalog.
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages }
  i18n.loadAndActivate({ locale: 'en', messages })
})
afterEach(cleanup)

describe('gain list', () => {
  it('Comprehensive lists every priced market by volume; Increase only risers; Decline only fallers', async () => {
    const user = show(mixed)
    expect(rows()).toEqual(['BTC', 'ETH', 'SOL', 'XRP', 'ADA'])
    await user.click(screen.getByRole('tab', { name: 'Increase' }))
    expect(rows()).toEqual(['SOL', 'BTC'])
    await user.click(screen.getByRole('tab', { name: 'Decline' }))
    expect(rows()).toEqual(['ETH', 'ADA'])
  })

  it('says no market is up (or down) instead of listing the others', async () => {
    const allDown = new Map(items.map((m) => [m.extends, ticker(m.extends, 100, 95, 1)]))
    const user = show(allDown)
    await user.click(screen.getByRole('tab', { name: 'Increase' }))
    expect(rows()).toEqual([])
    expect(screen.getByText('No market is up over the last 24 h.')).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Decline' }))
    expect(rows()).toHaveLength(5)
    cleanup()
    const allUp = new Map(items.map((m) => [m.extends, ticker(m.extends, 100, 105, 1)]))
    const again = show(allUp)
    await again.click(screen.getByRole('tab', { name: 'Decline' }))
    expect(rows()).toEqual([])
    expect(screen.getByText('No market is down over the last 24 h.')).toBeTruthy()
  })

  it('waits for prices before the first ticker, on every tab', async () => {
    const user = show(new Map())
    expect(screen.getByText('Waiting for prices…')).toBeTruthy()
    await user.click(screen.getByRole('tab', { name: 'Increase' }))
    expect(screen.getByText('Waiting for prices…')).toBeTruthy()
  })

  it('on a cold start ranks once the first prices are in, instead of inserting rows above the first one', async () => {
    vi.useFakeTimers()
    try {
      const first = new Map([...mixed].slice(4)) // ADA, the smallest volume, trades first
      const { rerender } = render(list(first))
      expect(rows(), 'ADA alone would be pushed down by every later market').toEqual([])
      expect(screen.getByText('Waiting for prices…')).toBeTruthy()
      rerender(list(mixed))
      expect(rows(), 'every market priced: no more waiting').toEqual(['BTC', 'ETH', 'SOL', 'XRP', 'ADA'])
      cleanup()

      // A market that never trades does not hold the list back for long.
      const partial = new Map([...mixed].slice(1))
      render(list(partial))
      expect(rows()).toEqual([])
      await act(async () => {
        vi.advanceTimersByTime(RANK_SETTLE_MS)
      })
      expect(rows()).toEqual(['ETH', 'SOL', 'XRP', 'ADA'])
    } finally {
      vi.useRealTimers()
    }
  })
})
