/**
 * Partial close and reduce-only orders on /lever (issue 21 part 1), on the real server replaying the recorded markets:
 * a user with a 10× long of 0.01 BTC opens its Close sheet, picks 50 % and closes it at market — the position keeps
 * 0.005 and the history shows the 0.005 closed — then places a reduce-only limit close far above the market, sees it
 * with the open orders and cancels it. The sheet and the order are shot at 360 px in light and dark.
 * Selectors avoid the screen's own words: roles, test ids and data attributes.
 */
import type { Page } from '@playwright/test'
import type { CloseOrder, ContractHistory, ContractOrder, Position } from '../../common/api/contract'
import { animationsDone, assertNoSideScroll, settled, shot } from './context'
import { marketOrder } from './lever-ui'
import { expect, test, type E2EServer } from './fixtures'
import { api, fundUser, newUser, type Session, toFutures } from './sessions'

/** A user with 500 USDT in the futures account and a 10× long of 0.01 BTC open; answers the user and the order. */
async function userWithLong(server: E2EServer): Promise<{ user: Session; order: ContractOrder }> {
  const user = await newUser(server, 'lever-close')
  await fundUser(server, user.token, '1000')
  await toFutures(server, user.token, '500')
  const order = await marketOrder(server, user, { symbol: 'btcusdt', side: 'long', amount: '0.01', leverage: 10 })
  return { user, order }
}

/** Opens the position's Close sheet; answers it. */
async function closeSheet(page: Page, positionId: number) {
  await page.getByTestId(`position-${positionId}`).locator('.lv-pos__foot .lv-btn--close').click()
  const sheet = page.getByTestId('close-sheet')
  await expect(sheet).toBeVisible()
  await animationsDone(page)
  return sheet
}

for (const theme of ['light', 'dark'] as const) {
  test(`a position closes in part at market and by a reduce-only limit order (${theme}, 360 px)`, async ({
    phone,
    server,
  }) => {
    test.skip(!server.replay, 'needs the replayed recordings')
    const { user, order } = await userWithLong(server)
    const id = order.position_id!
    const page = await phone({ session: user, theme, viewport: { width: 360, height: 800 }, deviceScaleFactor: 2 })
    await page.goto('/lever')
    await expect(page.getByTestId('lever-mark-price')).toHaveText(/\d/)
    await expect(page.getByTestId(`position-${id}`).getByTestId('upnl')).toHaveText(/\d/)
    await settled(page)

    // Half at market.
    let sheet = await closeSheet(page, id)
    await sheet.getByRole('radio', { name: '50%' }).click()
    await expect(sheet.locator('input[name="amount"]')).toHaveValue('0.005')
    await assertNoSideScroll(page)
    await shot(page, `lever-close-sheet-${theme}-360`)
    const closed = page.waitForResponse((r) => r.url().endsWith('/api/contract/close_order'))
    await sheet.locator('button[type="submit"]').click()
    const answer = (await (await closed).json()) as { code: number; msg: string; data: CloseOrder }
    expect(answer, 'close_order market').toMatchObject({ code: 1, data: { status: 'filled', amount: '0.005' } })
    await expect(page.getByTestId(`position-${id}`).getByTestId('size')).toHaveText(/0[.,]005/)
    const positions = (await api<Position[]>(server, 'GET', 'contract/positions', undefined, user.token)).data
    expect(positions).toMatchObject([{ id, amount: '0.005' }])
    const history = (await api<{ list: ContractHistory[] }>(server, 'GET', 'contract/history', undefined, user.token))
      .data.list
    expect(history.map((h) => h.amount)).toEqual(['0.005'])

    // The rest as a reduce-only limit close far above the market: it rests with the open orders, then is cancelled.
    sheet = await closeSheet(page, id)
    await sheet.getByRole('radiogroup').first().getByRole('radio').nth(1).click()
    const mark = positions[0]!.mark_price ?? positions[0]!.open_price
    const far = (Math.ceil(Number(mark) * 2 * 100) / 100).toFixed(2)
    await sheet.locator('input[name="price"]').fill(far)
    await sheet.getByRole('radio', { name: '100%' }).click()
    await shot(page, `lever-close-limit-${theme}-360`)
    const placed = page.waitForResponse((r) => r.url().endsWith('/api/contract/close_order'))
    await sheet.locator('button[type="submit"]').click()
    const resting = (await (await placed).json()) as { code: number; data: CloseOrder }
    expect(resting, 'close_order limit').toMatchObject({ code: 1, data: { status: 'pending', position_id: id } })
    await page.getByRole('tab').nth(1).click()
    const row = page.getByTestId(`close-order-${resting.data.id}`)
    await expect(row).toBeVisible()
    await row.scrollIntoViewIfNeeded()
    await assertNoSideScroll(page)
    await shot(page, `lever-close-order-${theme}-360`)
    const cancelled = page.waitForResponse((r) => r.url().endsWith('/api/contract/close_order_cancel'))
    await row.getByRole('button').click()
    expect(((await (await cancelled).json()) as { code: number }).code, 'close_order_cancel').toBe(1)
    await expect(row).toHaveCount(0)
    const left = (await api<Position[]>(server, 'GET', 'contract/positions', undefined, user.token)).data
    expect(left).toMatchObject([{ id, amount: '0.005' }])
  })
}
