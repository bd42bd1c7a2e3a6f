// @vitest-environment happy-dom
// The options order history as a user reads it: settled and open orders in their tabs, and each order's detail with
// every field of spec §3 — direction, trading asset, quantity, delivery time, fee, payout rate, open and close time
// and price, profit/loss, percentage and status — times in the phone's own time zone (Tokyo here, UTC+9).
import { screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MicroOrder } from '../../common/api/micro'
import { cleanupApp } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { listAnswer, microOrder, renderMicro, settled } from './micro-fixtures'

const zone = process.env.TZ
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo'
})
afterAll(() => {
  process.env.TZ = zone
})
afterEach(cleanupApp)

const won = settled(microOrder({ id: 41, fee: '0.2' }), 'won', '61694.02')
const lost = settled(microOrder({ id: 40, direction: 'down', payout_rate: '0.8', duration_s: 30 }), 'lost', '61694.02')
const open = microOrder({ id: 42 })

/**
 * /micro-info with `won` and `lost` settled and `open` open (until `settle()`); the detail call answers the order
 * asked for.
 */
async function history(path: string) {
  const byId = new Map<number, MicroOrder>([won, lost, open].map((o) => [o.id, o]))
  let openList = [open]
  const settle = () => {
    byId.set(open.id, settled(open, 'won', '61700'))
    openList = []
  }
  const app = await renderMicro(path, {
    list: (c) =>
      listAnswer(c.url.includes('state=settled') ? [won, lost] : c.url.includes('state=open') ? openList : []),
    detail: (c) => envelope(1, byId.get(Number(new URL(c.url, 'http://x').searchParams.get('id')))),
  })
  return { ...app, settle }
}

/** The detail sheet's value of each field. */
async function facts(): Promise<Record<string, string>> {
  const sheet = await screen.findByRole('dialog', { name: 'Order detail' })
  await waitFor(() => expect(sheet.querySelector('[data-fact]')).not.toBeNull())
  const shown: Record<string, string> = {}
  for (const el of sheet.querySelectorAll<HTMLElement>('[data-fact]')) shown[el.dataset.fact ?? ''] = el.textContent
  return shown
}

describe('options order history', () => {
  it('lists settled orders with their results and opens a won one with every field', async () => {
    const app = await history('/micro-info?tab=settled')
    await waitFor(() => expect(screen.getAllByTestId('micro-row')).toHaveLength(2))
    const [first, second] = screen.getAllByTestId('micro-row')
    expect(within(first!).getByTestId('micro-result').textContent).toBe('Won +85.00')
    expect(within(second!).getByTestId('micro-result').textContent).toBe('Lost -100.00')
    await app.user.click(first!)
    expect(await facts()).toEqual({
      direction: 'Rise',
      pair: 'BTC/USDT',
      amount: '100.00 USDT',
      delivery: '2026-01-02 12:05:05', // 03:05:05 UTC
      fee: '0.20 USDT',
      rate: '85%',
      openTime: '2026-01-02 12:04:04', // the feed price's time, 0.7 s before the order
      openPrice: '61,675.44',
      closeTime: '2026-01-02 12:05:05',
      closePrice: '61,694.02',
      pnl: '+85.00 USDT',
      percentage: '+85.00%',
      status: 'Won',
    })
    expect(app.router.state.location.search).toMatchObject({ tab: 'settled', id: 41 })
  })

  it('shows a lost fall with its loss', async () => {
    const app = await history('/micro-info?tab=settled&id=40')
    expect(await facts()).toMatchObject({
      direction: 'Fall',
      rate: '80%',
      delivery: '2026-01-02 12:04:35',
      pnl: '-100.00 USDT',
      percentage: '-100.00%',
      status: 'Lost',
    })
    await app.user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('an open order has no close yet', async () => {
    const app = await history('/micro-info')
    await app.user.click(await screen.findByTestId('micro-row'))
    expect(await facts()).toMatchObject({
      closeTime: '--',
      closePrice: '--',
      pnl: '--',
      percentage: '--',
      status: 'Open · Settling…', // delivered long ago by this phone's clock, not settled in this answer
    })
    await app.user.click(screen.getByRole('tab', { name: 'Settled' }))
    await waitFor(() => expect(screen.getAllByTestId('micro-row')).toHaveLength(2))
  })

  it('an open order past its delivery is read again: the detail turns into its result, the open tab empties', async () => {
    const app = await history('/micro-info?tab=open&id=42')
    expect(await facts()).toMatchObject({ status: 'Open · Settling…' })
    app.settle()
    await waitFor(async () => expect((await facts()).status).toBe('Won'), { timeout: 3000 })
    expect((await facts()).closePrice).toBe('61,700.00')
    await app.user.click(screen.getByRole('button', { name: 'Close' }))
    expect(await screen.findByText('No open orders.', {}, { timeout: 3000 })).toBeTruthy()
  })
})
