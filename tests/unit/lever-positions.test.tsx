// @vitest-environment happy-dom
// The open positions on /lever, valued live at the mark price this page computes from the feed (the median of the
// book's mid, the last price and the mid's EMA: with one book, the mid): unrealized PnL, ROE and each position's
// estimated liquidation price under cross margin (the other positions at their marks), and the account's totals,
// hand-computed below; Close and Close all confirm first and send keyed calls; TP/SL is set and removed in a sheet,
// checked as the server checks it; an entrust is cancelled.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { TradesSnapshot } from '../../common/engine-api'
import { answerDialog } from '../../src/ui/dialog'
import { cleanupApp, errorUnder } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { tickerSnapshot } from '../helpers/market-fixtures'
import { account, book, bodyOf, entrust, position, renderLever, type LeverCalls } from './lever-fixtures'

afterEach(() => {
  answerDialog(false) // a dialog a failed test left open would answer the next test's question
  cleanupApp()
})

/** A 10× long of 0.1 BTC at 60,000 (margin 600) and a 20× short of 1 ETH at 3,000 (margin 150); 400 USDT available. */
const held = () => [
  position(),
  position({ id: 12, symbol: 'ethusdt', side: 'short', amount: '1', leverage: 20, margin: '150', open_price: '3000' }),
]

async function open(calls: LeverCalls = {}) {
  const positions = calls.positions ?? held()
  const app = await renderLever({
    account: account('400', { position_margin: '750', wallet_balance: '1150', equity: '1150' }),
    ...calls,
    positions,
  })
  await screen.findByTestId('position-11')
  // Every symbol held has its book subscribed (the mark's), besides the form's.
  const subscribed = (symbol: string) =>
    [...app.engine.subscriptions.values()].some((s) => s.kind === 'book' && s.key === symbol)
  await waitFor(() => expect(positions.every((p) => subscribed(p.symbol))).toBe(true))
  return app
}

/** Sends a trade snapshot of `symbol` (one trade at `price`) to its subscribers, as the worker does. */
function pushTrade(app: Awaited<ReturnType<typeof open>>, symbol: string, price: number, ts: number) {
  const trade = { id: ts, ts, tradeId: ts, amount: 0.01, price, direction: 'sell' as const }
  for (const s of app.engine.subscriptions.values()) {
    if (s.kind !== 'trades' || s.key !== symbol) continue
    ;(s.cb as (snap: TradesSnapshot) => void)({ symbol, trades: [trade], receivedAt: ts, origin: 'live' })
  }
}

const fact = (id: number, name: string) => within(screen.getByTestId(`position-${id}`)).getByTestId(name).textContent

describe('/lever positions', () => {
  it('computes PnL, ROE and liquidation prices from the book snapshots of every symbol held', async () => {
    const app = await open()
    expect(fact(11, 'upnl')).toBe('--') // no mark yet, none from the server either
    app.engine.pushTickers([tickerSnapshot('btcusdt', 60000, 61002, 10)])
    app.engine.pushBook(book('btcusdt', 61000, 61010))
    app.engine.pushBook(book('ethusdt', 2990, 2992))
    // BTC mark = median(mid 61,005, last 61,002, EMA 61,005) = 61,005: PnL (61,005 − 60,000) × 0.1 = 100.5, ROE
    // 100.5 / 600 = 16.75 %. ETH mark = mid 2,991: PnL (3,000 − 2,991) × 1 = 9, ROE 9 / 150 = 6 %.
    await waitFor(() => expect(fact(11, 'upnl')).toBe('+100.50'))
    expect(fact(11, 'roe')).toBe('+16.75%')
    expect(fact(11, 'mark-price')).toBe('61,005.00')
    expect(fact(11, 'last-price')).toBe('61,002.00')
    await waitFor(() => expect(fact(12, 'upnl')).toBe('+9.00'))
    expect(fact(12, 'roe')).toBe('+6.00%')
    expect(fact(11, 'margin')).toBe('600.00')
    expect(fact(11, 'size')).toBe('0.1')
    // Cross margin. BTC long: X = 400 + 600 + 150 + (9 − 2,991 × 0.005) = 1,144.045;
    // p = (0.1 × 60,000 − 1,144.045) / (0.1 × 0.995) = 4,855.955 / 0.0995 = 48,803.5678… → up: 48,803.57.
    expect(fact(11, 'liq-price')).toBe('48,803.57')
    // ETH short: X = 400 + 600 + 150 + (100.5 − 0.1 × 61,005 × 0.005) = 1,219.9975;
    // p = (3,000 + 1,219.9975) / (1 × 1.005) = 4,199.0024… → down: 4,199.00.
    expect(fact(12, 'liq-price')).toBe('4,199.00')
    // Equity 1,150 + 109.5 = 1,259.5; maintenance 30.5025 + 14.955 = 45.4575 → margin ratio 3.609… → 3.61 %.
    expect(screen.getByTestId('lever-equity').textContent).toBe('1,259.50')
    expect(screen.getByTestId('lever-account-upnl').textContent).toBe('+109.50')
    expect(screen.getByTestId('lever-margin-ratio').textContent).toBe('3.61%')
    // One book far below moves the mark only to the middle of the three: median(59,005, 61,002, 61,005) = 61,002.
    app.engine.pushBook(book('btcusdt', 59000, 59010, Date.UTC(2026, 10, 26, 10, 0, 0, 500)))
    await waitFor(() => expect(fact(11, 'mark-price')).toBe('61,002.00'))
    expect(fact(11, 'upnl')).toBe('+100.20')
    // A trade there confirms it: median(59,005, 59,006, 61,005) = 59,006; PnL −99.4, ROE −16.566… → −16.57 %.
    pushTrade(app, 'btcusdt', 59006, Date.UTC(2026, 10, 26, 10, 0, 0, 600))
    await waitFor(() => expect(fact(11, 'upnl')).toBe('-99.40'))
    expect(fact(11, 'roe')).toBe('-16.57%')
    expect(fact(11, 'mark-price')).toBe('59,006.00')
  })

  it('Close opens the close sheet (market, the whole position by default), then closes it with a keyed call', async () => {
    const closed = { id: 5, position_id: 11, symbol: 'btcusdt', side: 'long', type: 'market', price: null }
    const app = await open({
      other: (c) =>
        c.url.endsWith('contract/close_order')
          ? envelope(1, { ...closed, amount: '0.1', filled: '0.1', status: 'filled', reduce_only: true })
          : undefined,
    })
    await app.user.click(within(screen.getByTestId('position-11')).getByRole('button', { name: 'Close' }))
    const sheet = await screen.findByTestId('close-sheet')
    expect(within(sheet).getByRole('textbox', { name: /Amount/ })).toHaveProperty('value', '0.1')
    await app.user.click(within(sheet).getByRole('button', { name: 'Close' }))
    const placed = () => app.callsTo('contract/close_order').filter((c) => !c.url.includes('close_orders'))
    await waitFor(() => expect(placed()).toHaveLength(1))
    const [call] = placed()
    expect(bodyOf(call)).toEqual({ id: 11, type: 'market', amount: '0.1' })
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('Close all asks with the count, then closes everything', async () => {
    const app = await open({ other: (c) => (c.url.endsWith('contract/close_all') ? envelope(1, []) : undefined) })
    await app.user.click(screen.getByRole('button', { name: 'Close all' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('Close all 2 positions at the market price?')
    await app.user.click(within(dialog).getByRole('button', { name: 'Close all' }))
    await waitFor(() => expect(app.callsTo('contract/close_all')).toHaveLength(1))
    expect(bodyOf(app.callsTo('contract/close_all')[0])).toEqual({})
    await screen.findByText('All positions closed')
  })

  it("TP/SL: a take-profit below a long's open price is refused; a good one is set, a cleared one removed", async () => {
    const app = await open({
      positions: [position({ sl: '50000' })],
      other: (c) => (c.url.endsWith('contract/position_tpsl') ? envelope(1, position()) : undefined),
    })
    app.engine.pushBook(book('btcusdt', 61000, 61010))
    await waitFor(() => expect(fact(11, 'mark-price')).toBe('61,005.00'))
    expect(fact(11, 'sl')).toBe('50,000.00')
    await app.user.click(within(screen.getByTestId('position-11')).getByTestId('tpsl'))
    const sheet = await screen.findByTestId('tpsl-sheet')
    await app.user.type(within(sheet).getByLabelText('Take-profit (USDT)'), '59000')
    await app.user.click(within(sheet).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(errorUnder('Take-profit (USDT)')).toBe('The take-profit of a long position must be above 60,000.00'),
    )
    expect(app.callsTo('contract/position_tpsl')).toHaveLength(0)
    const tp = within(sheet).getByLabelText('Take-profit (USDT)')
    await app.user.clear(tp)
    await app.user.type(tp, '65000')
    await app.user.clear(within(sheet).getByLabelText('Stop-loss (USDT)'))
    await app.user.click(within(sheet).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(app.callsTo('contract/position_tpsl')).toHaveLength(1))
    expect(bodyOf(app.callsTo('contract/position_tpsl')[0])).toEqual({ id: 11, tp: '65000', sl: null })
    await screen.findByText('Take-profit and stop-loss saved')
  })

  it('a stop-loss is checked against the mark price, as the server does', async () => {
    const app = await open({ positions: [position()] })
    app.engine.pushBook(book('btcusdt', 58000, 58010)) // mark 58,005: the long is at a loss
    await waitFor(() => expect(fact(11, 'mark-price')).toBe('58,005.00'))
    await app.user.click(within(screen.getByTestId('position-11')).getByTestId('tpsl'))
    const sheet = await screen.findByTestId('tpsl-sheet')
    await app.user.type(within(sheet).getByLabelText('Stop-loss (USDT)'), '59000')
    await app.user.click(within(sheet).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(errorUnder('Stop-loss (USDT)')).toBe('The stop-loss of a long position must be below 58,005.00'),
    )
    expect(app.callsTo('contract/position_tpsl')).toHaveLength(0)
  })

  it('a take-profit the mark has already passed is refused here with the mark, as the server would', async () => {
    const app = await open({ positions: [position()] })
    app.engine.pushBook(book('btcusdt', 61000, 61010)) // mark 61,005: above the long's 60,000 open price
    await waitFor(() => expect(fact(11, 'mark-price')).toBe('61,005.00'))
    await app.user.click(within(screen.getByTestId('position-11')).getByTestId('tpsl'))
    const sheet = await screen.findByTestId('tpsl-sheet')
    await app.user.type(within(sheet).getByLabelText('Take-profit (USDT)'), '60500')
    await app.user.click(within(sheet).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(errorUnder('Take-profit (USDT)')).toBe(
        'This take-profit would trigger immediately: the mark price is already 61,005.00',
      ),
    )
    expect(app.callsTo('contract/position_tpsl')).toHaveLength(0)
  })

  it('a current entrust is cancelled from its tab', async () => {
    const app = await open({
      entrusts: [entrust()],
      other: (c) =>
        c.url.endsWith('contract/order_cancel') ? envelope(1, entrust({ status: 'cancelled' })) : undefined,
    })
    await app.user.click(screen.getByRole('tab', { name: 'Open orders (1)' }))
    const row = await screen.findByTestId('entrust-31')
    expect(row.textContent).toContain('Entrust price55,000.00')
    await app.user.click(within(row).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(app.callsTo('contract/order_cancel')).toHaveLength(1))
    expect(bodyOf(app.callsTo('contract/order_cancel')[0])).toEqual({ id: 31 })
    await screen.findByText('Order cancelled')
  })

  it('a partly filled entrust shows filled / total', async () => {
    const app = await open({ entrusts: [entrust({ filled_amount: '0.004', fill_price: '55000', position_id: 7 })] })
    await app.user.click(screen.getByRole('tab', { name: 'Open orders (1)' }))
    const row = await screen.findByTestId('entrust-31')
    expect(row.textContent).toContain('Filled / total0.004 / 0.01 BTC')
  })

  it('an entrust not filled yet shows no filled amount', async () => {
    const app = await open({ entrusts: [entrust()] })
    await app.user.click(screen.getByRole('tab', { name: 'Open orders (1)' }))
    const row = await screen.findByTestId('entrust-31')
    expect(row.textContent).not.toContain('Filled')
  })
})
