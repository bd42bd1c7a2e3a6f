// @vitest-environment happy-dom
// Opening a futures position as a user does it on /lever: before sending, the form shows the notional, the margin,
// the fee and the estimated liquidation price of the order (hand-computed below with the server's formulas);
// "Lack of funds" when margin + fee exceed the available balance, and a take-profit or stop-loss on the wrong side of
// the entry is refused, both before any call; the leverage stays within the market's range; "Do you confirm the
// order?" comes first; a lost answer is sent again with the same client_oid; the leverage chosen is kept per market.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ContractOrder } from '../../common/api/contract'
import { askAgain } from '../../src/state/order-confirm'
import { answerDialog } from '../../src/ui/dialog'
import { cleanupApp, errorUnder } from '../helpers/ui-app'
import { envelope } from '../helpers/ui-fetch'
import { account, book, bodyOf, entrust, renderLever, terms, type LeverCalls } from './lever-fixtures'

afterEach(() => {
  answerDialog(false) // a dialog a failed test left open would answer the next test's question
  cleanupApp()
  localStorage.removeItem('LEVER_LEVERAGE') // the leverage chosen per market (kept on the device)
  askAgain() // "Don't ask again" of a test stays on the device otherwise
})

const QTY = 'Quantity (BTC)'
const filled = (patch: Partial<ContractOrder> = {}) =>
  envelope(1, entrust({ id: 40, type: 'market', price: null, status: 'filled', position_id: 12, ...patch }))

/** /lever with BTC/USDT's book at 60,000 / 60,010 (5 BTC each side). */
async function open(calls: LeverCalls = {}) {
  const app = await renderLever({ place: () => filled(), ...calls })
  const booked = () => [...app.engine.subscriptions.values()].filter((s) => s.kind === 'book' && s.key === 'btcusdt')
  await waitFor(() => expect(booked().length).toBeGreaterThanOrEqual(2)) // the form's book and the mark's
  app.engine.pushBook(book('btcusdt', 60000, 60010))
  await waitFor(() => expect(screen.getByTestId('lever-mark-price').textContent).toBe('60,005.00'))
  await waitFor(() => expect(screen.getByTestId('lever-form-available').textContent).not.toBe('--'))
  return app
}

const places = (app: Awaited<ReturnType<typeof open>>) => app.callsTo('contract/order_place')
const press = async (app: Awaited<ReturnType<typeof open>>, name: string) =>
  app.user.click(screen.getByRole('button', { name }))

describe('/lever order form', () => {
  it('previews a 10× market long of 0.1 BTC at the asks: notional, margin, fee, liquidation price', async () => {
    const app = await open()
    await app.user.type(screen.getByLabelText(QTY), '0.1')
    // Walks the asks: 0.1 at 60,010. Notional 6,001; margin 6,001 / 10 = 600.1; taker fee 6,001 × 0.05 % = 3.0005,
    // shown to the cent (USDT's display scale) and, as a charge, rounded up: 3.01.
    expect(screen.getByTestId('lever-expected-price').textContent).toBe('≈ 60,010.00')
    expect(screen.getByTestId('lever-notional').textContent).toBe('≈ 6,001.00 USDT')
    expect(screen.getByTestId('lever-margin').textContent).toBe('≈ 600.10 USDT')
    expect(screen.getByTestId('lever-fee').textContent).toBe('≈ 3.01 USDT')
    // Cross margin, nothing else held: X = (1,000 − 603.1005) + 600.1 = 996.9995;
    // p = (0.1 × 60,010 − 996.9995) / (0.1 × (1 − 0.005)) = 5,004.0005 / 0.0995 = 50,291.4623… → up: 50,291.47.
    expect(screen.getByTestId('lever-liq').textContent).toBe('50,291.47')
    // A short takes the bids (60,000): its liquidation lies above.
    // X the same but the fee 3 and margin 600: X = (1,000 − 603) + 600 = 997;
    // p = (6,000 + 997) / (0.1 × 1.005) = 6,997 / 0.1005 = 69,621.890… → down: 69,621.89.
    await press(app, 'Short')
    expect(screen.getByTestId('lever-margin').textContent).toBe('≈ 600.00 USDT')
    expect(screen.getByTestId('lever-fee').textContent).toBe('≈ 3.00 USDT')
    expect(screen.getByTestId('lever-liq').textContent).toBe('69,621.89')
  })

  it('asks "Do you confirm the order?", then places it with its leverage under a keyed call', async () => {
    const app = await open()
    await app.user.type(screen.getByLabelText(QTY), '0.1')
    await press(app, 'Open long')
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('Do you confirm the order?')
    // What is confirmed: the form's own preview (figures as computed in the preview test above).
    const shown = (id: string) => within(dialog).getByTestId(id).textContent
    expect(shown('confirm-side')).toBe('Long')
    expect(shown('confirm-type')).toBe('Market')
    expect(shown('confirm-price')).toBe('Market')
    expect(shown('confirm-amount')).toBe('0.1 BTC')
    expect(shown('confirm-leverage')).toBe('10×')
    expect(shown('confirm-margin')).toBe('600.10 USDT')
    expect(shown('confirm-fee')).toBe('3.01 USDT')
    expect(shown('confirm-liquidation')).toBe('50,291.47')
    await app.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(places(app)).toHaveLength(0)
    await press(app, 'Open long')
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Open long' }))
    await waitFor(() => expect(places(app)).toHaveLength(1))
    const [call] = places(app)
    expect(bodyOf(call)).toMatchObject({ symbol: 'btcusdt', side: 'long', type: 'market', amount: '0.1', leverage: 10 })
    expect(bodyOf(call)).not.toHaveProperty('price')
    expect(bodyOf(call).client_oid).toMatch(/^[0-9a-f-]{36}$/)
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    await screen.findByText('Position opened')
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(QTY).value).toBe(''))
  })

  it('"Don\'t ask again" places the next orders at once, until Mine turns "Confirm orders" back on', async () => {
    const app = await open()
    await app.user.type(screen.getByLabelText(QTY), '0.1')
    await press(app, 'Open long')
    const dialog = await screen.findByRole('alertdialog')
    await app.user.click(within(dialog).getByRole('checkbox', { name: "Don't ask again" }))
    await app.user.click(within(dialog).getByRole('button', { name: 'Open long' }))
    await waitFor(() => expect(places(app)).toHaveLength(1))
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(QTY).value).toBe(''))
    await app.user.type(screen.getByLabelText(QTY), '0.1')
    await press(app, 'Open long')
    await waitFor(() => expect(places(app)).toHaveLength(2))
    expect(screen.queryByRole('alertdialog'), 'not asked').toBeNull()
    askAgain() // what Mine's "Confirm orders" switch does (tested in user-center)
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(QTY).value).toBe(''))
    await app.user.type(screen.getByLabelText(QTY), '0.1')
    await press(app, 'Open long')
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Do you confirm the order?')
  })

  it('says "Lack of funds" under the quantity when margin + fee exceed the available balance, and sends nothing', async () => {
    // 0.1 BTC at 10× needs 600.1 + 3.0005 = 603.1005 USDT.
    const app = await open({ account: account('603.1') })
    await app.user.type(screen.getByLabelText(QTY), '0.1')
    await press(app, 'Open long')
    await waitFor(() => expect(errorUnder(QTY)).toBe('Lack of funds'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(places(app)).toHaveLength(0)
    // 100 % is what 603.1 covers at 10×: 603.1 × 10 / (1 + 10 × 0.0005) = 6,000.9950… of notional at 60,010 →
    // 0.099999 BTC (margin 600.093999 + fee 3.00047 = 603.094469, within 603.1).
    await app.user.click(screen.getByRole('button', { name: '100%' }))
    expect(screen.getByLabelText<HTMLInputElement>(QTY).value).toBe('0.099999')
    await waitFor(() => expect(errorUnder(QTY)).toBe(''))
  })

  it('refuses a take-profit or stop-loss on the wrong side of the entry before sending', async () => {
    const app = await open()
    await app.user.click(screen.getByRole('radio', { name: 'Limit' }))
    const price = screen.getByLabelText<HTMLInputElement>('Price (USDT)')
    await app.user.clear(price)
    await app.user.type(price, '60000')
    await app.user.type(screen.getByLabelText(QTY), '0.01')
    await app.user.click(screen.getByLabelText('Take-profit / Stop-loss'))
    await app.user.type(screen.getByLabelText('Take-profit (USDT)'), '59000')
    await app.user.type(screen.getByLabelText('Stop-loss (USDT)'), '61000')
    await press(app, 'Open long')
    await waitFor(() =>
      expect(errorUnder('Take-profit (USDT)')).toBe('The take-profit of a long position must be above 60,000.00'),
    )
    expect(errorUnder('Stop-loss (USDT)')).toBe('The stop-loss of a long position must be below 60,000.00')
    expect(places(app)).toHaveLength(0)
    // The same prices are right for a short.
    await press(app, 'Short')
    await waitFor(() => expect(errorUnder('Take-profit (USDT)')).toBe(''))
    expect(errorUnder('Stop-loss (USDT)')).toBe('')
    await press(app, 'Open short')
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Open short' }))
    await waitFor(() => expect(places(app)).toHaveLength(1))
    expect(bodyOf(places(app)[0])).toMatchObject({
      side: 'short',
      type: 'limit',
      price: '60000',
      tp: '59000',
      sl: '61000',
    })
  })

  it('keeps the leverage within the market range', async () => {
    const app = await open({ terms: terms({ min_leverage: 2, max_leverage: 50 }) })
    await app.user.click(screen.getByTestId('lever-leverage'))
    const sheet = await screen.findByTestId('lever-leverage-sheet')
    const input = within(sheet).getByRole('textbox', { name: 'Leverage' })
    await app.user.clear(input)
    await app.user.type(input, '75')
    expect(within(sheet).getByRole('alert').textContent).toBe('Leverage for BTC/USDT is from 2× to 50×')
    expect(within(sheet).getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(true)
    await app.user.clear(input)
    await app.user.type(input, '1')
    expect(within(sheet).getByRole('alert').textContent).toBe('Leverage for BTC/USDT is from 2× to 50×')
    await app.user.click(within(sheet).getByRole('button', { name: '50×' }))
    expect(within(sheet).getByRole('button', { name: 'Raise leverage' }).hasAttribute('disabled')).toBe(true)
    await app.user.click(within(sheet).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.getByTestId('lever-leverage').textContent).toContain('50×'))
    // 0.1 BTC at 50×: margin 6,001 / 50 = 120.02.
    await app.user.type(screen.getByLabelText(QTY), '0.1')
    expect(screen.getByTestId('lever-margin').textContent).toBe('≈ 120.02 USDT')
    await press(app, 'Open long')
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Open long' }))
    await waitFor(() => expect(places(app)).toHaveLength(1))
    expect(bodyOf(places(app)[0])).toMatchObject({ leverage: 50 })
    // Remembered for the market: a reload opens the form at 50×, not at the default 10×.
    cleanupApp()
    await open({ terms: terms({ min_leverage: 2, max_leverage: 50 }) })
    expect(screen.getByTestId('lever-leverage').textContent).toContain('50×')
  })

  it('a refusal naming the leverage shows under the leverage', async () => {
    const app = await open({
      place: () => envelope(400, { field: 'leverage' }, 'Leverage for BTC/USDT is from 1× to 20×'),
    })
    await app.user.type(screen.getByLabelText(QTY), '0.1')
    await press(app, 'Open long')
    await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Open long' }))
    await screen.findByText('Leverage for BTC/USDT is from 1× to 20×')
    expect(screen.getByTestId('lever-leverage').getAttribute('aria-invalid')).toBe('true')
  })

  it('a lost answer: the same order is sent again with the same client_oid', async () => {
    const app = await open({
      place: (_c, n) => (n <= 3 ? Promise.reject(new TypeError('Failed to fetch')) : filled()),
    })
    await app.user.type(screen.getByLabelText(QTY), '0.1')
    const submit = async () => {
      await press(app, 'Open long')
      await app.user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Open long' }))
    }
    await submit()
    // The request layer tries 3 times (same Idempotency-Key), then the form says the network failed.
    await waitFor(() => expect(places(app)).toHaveLength(3), { timeout: 5000 })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open long' }).getAttribute('aria-busy')).toBeNull())
    await submit()
    await waitFor(() => expect(places(app)).toHaveLength(4))
    const oids = places(app).map((c) => bodyOf(c).client_oid)
    expect(new Set(oids).size).toBe(1)
    expect(new Set(places(app).map((c) => c.headers['idempotency-key'])).size).toBe(2)
    await screen.findByText('Position opened')
  })

  it('signed out: the button asks to log in and the positions give way to a login prompt', async () => {
    const app = await renderLever({}, true)
    expect(await screen.findByText('Log in to trade futures and follow your positions.')).toBeTruthy()
    await press(app, 'Log in to trade')
    await app.at('/login')
    expect(app.callsTo('contract/account')).toHaveLength(0)
  })
})
