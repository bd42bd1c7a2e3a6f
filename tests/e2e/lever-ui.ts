/**
 * The futures screen (/lever) as the end-to-end tests drive it: open it on a pair, open a position from its form through
 * the confirmation, and read the account, positions and history the way the app's API answers them.
 */
import type { Page } from '@playwright/test'
import type { ContractAccount, ContractHistory, ContractOrder, Position } from '../../common/api/contract'
import { CODE_RETRY_LATER } from '../../common/constants'
import { expect, type E2EServer } from './fixtures'
import { api, keyedCall, type Session } from './sessions'

export const positionsOf = async (server: E2EServer, user: Session) =>
  (await api<Position[]>(server, 'GET', 'contract/positions', undefined, user.token)).data
export const historyOf = async (server: E2EServer, user: Session) =>
  (await api<{ list: ContractHistory[] }>(server, 'GET', 'contract/history', undefined, user.token)).data.list
export const accountOf = async (server: E2EServer, user: Session) =>
  (await api<ContractAccount>(server, 'GET', 'contract/account', undefined, user.token)).data

/** /lever on `symbol` (chosen the way a user does: from its K-line page), prices live. */
export async function openLever(page: Page, symbol: string): Promise<void> {
  if (symbol === 'btcusdt') await page.goto('/lever')
  else {
    await page.goto(`/kline?symbol=${symbol}`)
    // Its prices first: a tap while the page still compiles and draws its chart waited 15 s for the busy renderer in
    // CI (two phones opening at once on a loaded machine).
    await expect(page.getByTestId('kline-last-price')).toHaveText(/\d/, { timeout: 30_000 })
    await page.locator('.kline-actions__btn').nth(1).click()
    await expect(page).toHaveURL(/\/lever$/)
  }
  await expect(page.getByTestId('lever-mark-price')).toHaveText(/\d/, { timeout: 30_000 })
}

/**
 * Opens a market position from the form: side, leverage (through its sheet), quantity; confirms; answers the order.
 * `liquidates`: the account is small enough for the position to have a liquidation price, which the confirmation shows.
 */
export async function openFromForm(
  page: Page,
  side: 'long' | 'short',
  leverage: number,
  amount: string,
  liquidates = false,
) {
  await page.getByTestId(`lever-side-${side}`).click()
  await page.getByTestId('lever-leverage').click()
  const sheet = page.getByTestId('lever-leverage-sheet')
  await sheet.getByRole('textbox').fill(String(leverage))
  await sheet.locator('.btn--primary').click()
  await expect(page.getByTestId('lever-leverage')).toContainText(`${leverage}×`)
  await page.locator('input[name="amount"]').fill(amount)
  await expect(page.getByTestId('lever-margin')).toHaveText(/\d/)
  // A book older than the market's price age refuses the order (503, "Prices are not up to date right now. Please try
  // again in a moment"): on a saturated machine (CI of 1793ac6) the replay's 1 s book timer ran late. The app says so
  // and keeps the form; the user taps again, as the test does (a few times).
  for (let attempt = 1; ; attempt++) {
    const answer = await confirmOpen(page, side, leverage, liquidates)
    if (answer.code === CODE_RETRY_LATER && attempt < 4) {
      await expect(page.getByText(answer.msg).first()).toBeVisible()
      continue
    }
    expect(answer, `open ${side} ${leverage}×`).toMatchObject({ code: 1, data: { status: 'filled' } })
    return answer.data
  }
}

/** Submits the filled form, checks its confirmation and confirms; answers the server's answer. */
async function confirmOpen(page: Page, side: 'long' | 'short', leverage: number, liquidates: boolean) {
  await page.getByTestId('lever-submit').click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm).toBeVisible()
  // It says what is confirmed: side, leverage, margin and the estimated liquidation price (the replayed book moves, so
  // the figures are read for their form; the unit test checks them to the unit).
  await expect(confirm.getByTestId('confirm-side')).toHaveText(side === 'long' ? 'Long' : 'Short')
  await expect(confirm.getByTestId('confirm-leverage')).toHaveText(`${leverage}×`)
  await expect(confirm.getByTestId('confirm-margin')).toHaveText(/^\d[\d,]*(\.\d+)? USDT$/)
  await expect(confirm.getByTestId('confirm-liquidation')).toHaveText(
    liquidates ? /^\d[\d,]*\.\d+$/ : /^(\d[\d,]*\.\d+|--)$/,
  )
  // Only the confirmation sends the order: waiting from here, a slow dialog does not use up the answer's 30 s (under
  // load in CI the order was placed, its answer came after the wait had given up). The click does not wait for the
  // page to settle after it (noWaitAfter): the answer is what is waited for. On a saturated machine (CI of 89f35d0) the
  // click landed and Playwright's after-click check on the busy renderer used up the click's 15 s.
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/contract/order_place'), { timeout: 30_000 })
  await confirm.locator('.dialog__btn--primary').click({ noWaitAfter: true })
  return (await (await placed).json()) as { code: number; msg: string; data: ContractOrder }
}

/**
 * A market order on the futures API for `user` (a fresh client_oid): `amount` in base units, answered filled, or the
 * test fails naming `what`. Answers the order (its position_id the position it opened or changed).
 */
export async function marketOrder(
  server: E2EServer,
  user: Session,
  order: { symbol: string; side: 'long' | 'short'; amount: string; leverage: number },
  what = `${order.symbol} ${order.side}`,
): Promise<ContractOrder> {
  const answer = await keyedCall<ContractOrder>(
    server,
    'contract/order_place',
    { ...order, type: 'market', client_oid: crypto.randomUUID() },
    user.token,
  )
  expect(answer, what).toMatchObject({ code: 1, data: { status: 'filled' } })
  return answer.data
}
