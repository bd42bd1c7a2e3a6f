/**
 * Real money only on live prices (issue 21 part 7 "Done when"), as a phone user meets it on the default `npm start`:
 * a server of its own, started the way `npm start` starts without a live relay — the simulator feed and no
 * LIVE_TRADING_ON_TEST_FEED (the suite's shared server has that flag set, so it cannot show this). A spot order of the
 * real (live) account is refused with "Trading is paused: prices are not live", and nothing leaves the balance; the
 * same order in the demo account fills. The server is stopped with the test (its whole process group), also when the
 * test fails, and its data directory goes to the run's closing ledger check (../helpers/e2e-data-dirs.ts).
 */
import type { Page } from '@playwright/test'
import { startAppServer } from '../helpers/app-server'
import { keepForLedgerCheck, releaseDataDir } from '../helpers/e2e-data-dirs'
import { toast } from './account-ui'
import { shot } from './context'
import { expect, test, TOAST_RECORDER, type E2EServer } from './fixtures'
import { PHONE } from './phone'
import { fundUser, newUser } from './sessions'

/** The server's words for a live order on a feed that is not live (server/content/messages/trade.ts). */
const PAUSED = 'Trading is paused: prices are not live'

/**
 * The test's own server: `npm start`'s entry on the simulator without LIVE_TRADING_ON_TEST_FEED. A fixture, so it is
 * stopped (its whole process group) in the teardown Playwright runs after the test, also after a failure or timeout.
 */
const simTest = test.extend<{ simServer: E2EServer }>({
  simServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their first argument
    async ({}, use) => {
      // `MARKET_SOURCE` unset means `auto`: the live relay when it is reachable, else the simulator. The simulator is
      // named outright so the test never depends on the network.
      const app = await startAppServer({ env: { MARKET_SOURCE: 'sim', LIVE_TRADING_ON_TEST_FEED: '' } })
      const kept = keepForLedgerCheck(app.dataDir)
      try {
        await use({ url: app.url, marketPort: app.marketPort, dataDir: app.dataDir, replay: false })
      } finally {
        await app.stop()
        releaseDataDir(app.dataDir, kept)
      }
    },
    // A server start of its own (the bundle and dist/ are built by the suite's global setup), apart from the test's time.
    { timeout: 240_000 },
  ],
})

simTest(
  'on the simulator without LIVE_TRADING_ON_TEST_FEED a live order is refused, prices not live, while the demo book trades',
  async ({ browser, simServer: server }) => {
    const user = await newUser(server, 'paused')
    await fundUser(server, user.token, '1000')
    const context = await browser.newContext({
      ...PHONE,
      baseURL: server.url,
      serviceWorkers: 'block',
      storageState: {
        cookies: [],
        origins: [{ origin: server.url, localStorage: [{ name: 'LOGIN_TOKEN', value: JSON.stringify(user.token) }] }],
      },
    })
    await context.addInitScript({ content: TOAST_RECORDER })
    try {
      const page = await context.newPage()
      await page.goto('/trade')
      await expect(page.getByTestId('trade-available')).toHaveText('1,000.00 USDT')
      await expect(page.getByTestId('trade-last-price')).not.toHaveText('--', { timeout: 30_000 })

      // The real account: said above the form before anything is filled in, then a market buy is refused with the
      // reason, and the balance is untouched.
      await expect(page.getByTestId('live-paused')).toHaveText(
        'Prices are not live, so orders of the real account are refused. The simulation account trades.',
      )
      await page.getByRole('radio', { name: 'Market' }).click()
      await page.getByLabel('Quantity (BTC)').fill('0.001')
      const placed = page.waitForResponse((r) => r.url().endsWith('/api/trade/order_place'))
      await confirmBuy(page)
      const answer = (await (await placed).json()) as { code: number; msg: string }
      expect(answer.code, 'live order').not.toBe(1)
      expect(answer.msg).toBe(PAUSED)
      await expect(page.getByText(PAUSED)).toBeVisible()
      await shot(page, 'live-paused-refused-390')
      await expect(page.getByTestId('trade-available')).toHaveText('1,000.00 USDT')

      // The demo account trades on the same simulated prices.
      await page.goto('/user-center')
      await page.getByRole('button', { name: /Simulation account/ }).click()
      await toast(page, 'You have entered the simulation account')
      await page.goto('/trade')
      await expect(page.locator('.demo-strip')).toBeVisible()
      await expect(page.getByTestId('trade-last-price')).not.toHaveText('--', { timeout: 30_000 })
      await expect(page.getByTestId('live-paused')).toHaveCount(0)
      await page.getByRole('radio', { name: 'Market' }).click()
      await page.getByLabel('Quantity (BTC)').fill('0.001')
      const demoPlaced = page.waitForResponse((r) => r.url().endsWith('/api/trade/order_place'))
      await confirmBuy(page)
      expect(((await (await demoPlaced).json()) as { code: number; msg: string }).code, 'demo order').toBe(1)
      await toast(page, 'Order filled')
    } finally {
      await context.close()
    }
  },
)

/** Buys with the form as filled in, through its confirmation. */
async function confirmBuy(page: Page): Promise<void> {
  // A market order is priced on the book, which arrives apart from the last price: without it the form refuses at
  // once ("No order book yet", seen once on a loaded machine).
  await expect(page.getByTestId('trade-expected-price')).toHaveText(/\d/)
  await page.getByRole('button', { name: 'Buy BTC' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Do you confirm the order?')
  await dialog.getByRole('button', { name: 'Confirm' }).click()
}
