/**
 * Trading screens offline (issue 24 part 9): a signed-in user who opened /trade and /lever once sees them again with
 * no network — the kept market, their last open orders and positions with how old they are — and cannot place an
 * order, told why. Screenshots at 360 px land in tests/e2e/out/.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { shot } from './context'
import { expect, test, type E2EServer } from './fixtures'
import { fundUser, keyedCall, newUser, type Session, toFutures } from './sessions'
import { serviceWorkerInControl } from './stored'

test.use({ serviceWorkers: 'allow' })

/** A user with a spot limit buy far under the market open, and a 10× long of 0.01 BTC. */
async function traderWithOrders(server: E2EServer): Promise<Session> {
  const user = await newUser(server, 'offline-trader')
  await fundUser(server, user.token, '1000')
  const spot = await keyedCall(
    server,
    'trade/order_place',
    { symbol: 'btcusdt', side: 'buy', type: 'limit', price: '1000', amount: '0.01', client_oid: crypto.randomUUID() },
    user.token,
  )
  expect(spot, `spot order_place ${JSON.stringify(spot)}`).toMatchObject({ code: 1 })
  await toFutures(server, user.token, '500')
  const long = await keyedCall(
    server,
    'contract/order_place',
    { symbol: 'btcusdt', type: 'market', side: 'long', amount: '0.01', leverage: 10, client_oid: crypto.randomUUID() },
    user.token,
  )
  expect(long, 'contract order_place').toMatchObject({ code: 1 })
  return user
}

const offlineNote = 'You are offline. Orders can be placed once the connection is back.'

async function reloadOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true)
  const res = await page.reload()
  expect(res?.fromServiceWorker(), 'the reload came from the service worker').toBe(true)
}

test('offline, /trade and /lever show the kept market and the last orders and positions, and placing says why not', async ({
  phone,
  server,
}) => {
  const user = await traderWithOrders(server)
  const page = await phone({ session: { token: user.token, user: user.user }, viewport: { width: 360, height: 780 } })
  const context = page.context()
  await page.goto('/trade')
  await expect(page.locator('.trade-order__pair').first()).toBeVisible({ timeout: 45_000 })
  await page.goto('/lever')
  await expect(page.locator('[data-testid^="position-"]')).toHaveCount(1, { timeout: 45_000 })
  await serviceWorkerInControl(page)

  await reloadOffline(page, context)
  const age = /Offline — updated .+ ago/
  await expect(page.locator('[data-testid^="position-"]'), 'the kept position').toHaveCount(1, { timeout: 45_000 })
  await expect(page.locator('.kept-age'), 'the age of the kept account').toHaveText(age)
  await expect(page.getByText(offlineNote)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Open long', exact: true })).toBeDisabled()
  await shot(page, 'offline-lever-light-360')

  await page.goto('/trade')
  await expect(page.locator('.trade-order__pair'), 'the kept open order').toHaveCount(1, { timeout: 45_000 })
  await expect(page.locator('.kept-age'), 'the age of the kept orders').toHaveText(age)
  await expect(page.getByRole('button', { name: 'Cancel' }), 'no cancel on a kept order').toHaveCount(0)
  await expect(page.getByText(offlineNote)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Buy BTC', exact: true })).toBeDisabled()
  await shot(page, 'offline-trade-light-360')
})
