/**
 * Funding as a phone user meets it (issue 21 part 6 "Done when"), on the real server replaying recorded market data,
 * started with CLOCK_CONTROL=1 (the operator's `clock advance` moves the funding clock, as it does the financial
 * products'):
 * - /lever shows the estimated funding rate (a percentage) and a countdown to the next funding time that ticks;
 * - a user holding a long when the clock is moved past a funding time (`clock advance 8h`) pays funding: the payment
 *   appears in the history tab's Funding list and in the account records (kind contract_funding).
 * Selectors avoid the screen's English words: roles, test ids and class names.
 */
import type { ContractFundingPayment } from '../../common/api/contract'
import type { LedgerRecord } from '../../common/api/assets'
import { marketOrder } from './lever-ui'
import { expect, test } from './fixtures'
import { adminCommand, api, fundUser, newUser, toFutures } from './sessions'

test('the funding rate and its countdown show on /lever, and a funding payment appears in history', async ({
  phone,
  server,
}) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  test.setTimeout(180_000)
  const user = await newUser(server, 'funding')
  await fundUser(server, user.token, '2000')
  await toFutures(server, user.token, '1000')

  const page = await phone({ session: user })
  await page.goto('/lever')
  await expect(page.getByTestId('lever-mark-price')).toHaveText(/\d/, { timeout: 30_000 })
  await expect(page.getByTestId('lever-funding-rate')).toHaveText(/^-?\d+[.,]\d{4}%$/, { timeout: 30_000 })
  const countdown = page.getByTestId('lever-funding-countdown')
  await expect(countdown).toHaveText(/^(\d\d:)?\d\d:\d\d$/)
  const first = await countdown.textContent()
  await expect.poll(() => countdown.textContent(), { message: 'the countdown ticks', timeout: 5000 }).not.toBe(first)

  const opened = await marketOrder(server, user, { symbol: 'btcusdt', side: 'long', amount: '0.01', leverage: 10 })

  // Past the next funding time: the funding job (every 2 s, in every server process) pays the long's funding.
  await adminCommand(server, ['clock', 'advance', '8h'])
  const payments = async () =>
    (await api<{ list: ContractFundingPayment[] }>(server, 'GET', 'contract/funding_history', undefined, user.token))
      .data.list
  // Other specs on this server may have moved the test clock ahead of the wall clock the position opened at, so one
  // advance can pass more than one funding time since then: at least one payment, the newest first.
  await expect
    .poll(async () => (await payments()).length, { message: 'funding paid', timeout: 30_000 })
    .toBeGreaterThanOrEqual(1)
  const [payment] = await payments()
  expect(payment).toMatchObject({ position_id: opened.position_id, side: 'long', amount: '0.01' })

  await page.locator('.lv-lists__tabs [role="tab"]').nth(2).click()
  await page.locator('.lv-lists__subtabs [role="tab"]').nth(1).click()
  const row = page.getByTestId(`funding-${payment!.id}`)
  await expect(row).toBeVisible()
  await expect(row.getByTestId('payment')).toHaveText(/\d/)

  const records = await api<{ list: LedgerRecord[] }>(
    server,
    'GET',
    'assets/ledger?type=contract_funding',
    undefined,
    user.token,
  )
  expect(records.data.list.length, 'the account records list the funding payment').toBeGreaterThan(0)
})
