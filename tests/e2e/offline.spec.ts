/**
 * Offline as an intermittent-connection user meets it (issue 9 part 5): one first, short visit in a fresh browser is
 * enough for a reload without network to open the Market list, and the K-line page with its candles, order book and
 * latest trades, each saying how old it is. Uses the shared server: going offline is the browser context's, so
 * nothing is stopped. Screenshots at 360 px, light and dark, land in tests/e2e/out/.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { chartDrawn, pricedRows, shot } from './context'
import { expect, test } from './fixtures'
import { kept, marketListKept, serviceWorkerInControl } from './stored'

test.use({ serviceWorkers: 'allow' })

/** A cold first visit to the market list (slow on a busy machine), until every row shows a price. */
async function firstVisitToMarket(page: Page): Promise<{ pair: string; price: string }[]> {
  await page.goto('/market')
  await expect(page.locator('.market-row').first()).toBeVisible({ timeout: 45_000 })
  return pricedRows(page)
}

/** Reloads with the network gone; the app shell must come from the service worker. */
async function reloadOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true)
  const res = await page.reload()
  expect(res?.fromServiceWorker(), 'the reload came from the service worker').toBe(true)
}

/** The app's theme as the theme switch stores it (src/state/theme.ts), applied by an offline reload. */
async function reloadDark(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('THEME', JSON.stringify('dark')))
  await page.reload()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
}

test('after a first short visit to Market, an offline reload shows the list and how old its prices are', async ({
  page,
  context,
}) => {
  const opened = Date.now()
  const online = await firstVisitToMarket(page)
  const pairs = online.map((r) => r.pair.replace('/', '').toLowerCase())
  // The visit lasts until a service worker controls the page and the engine has kept the prices (it writes every 5 s).
  await serviceWorkerInControl(page)
  await kept(page, 'tickers', pairs)
  test.info().annotations.push({ type: 'first visit', description: `${Date.now() - opened} ms` })

  await page.setViewportSize({ width: 360, height: 780 })
  await reloadOffline(page, context)
  await expect(page.getByText(/Offline — prices from .+ ago/)).toBeVisible()
  await expect(page.getByText('Offline — no prices yet')).toHaveCount(0)
  const offline = await pricedRows(page, online.length)
  expect(offline.map((r) => r.pair)).toEqual(online.map((r) => r.pair))
  await shot(page, 'offline-market-light-360')
  await reloadDark(page)
  await pricedRows(page, online.length)
  await expect(page.getByText(/Offline — prices from/)).toBeVisible()
  await shot(page, 'offline-market-dark-360')
})

test('a K-line page looked at briefly shows its candles, order book and trades offline, with their age', async ({
  page,
  context,
}) => {
  await page.goto('/kline?symbol=btcusdt')
  const chart = page.locator('.kline-chart-card')
  const bars = async () => Number(await chart.getAttribute('data-bars'))
  // A cold K-line page on a busy machine: the chart chunk and the first history page can take a while.
  await expect.poll(bars, { message: 'the chart holds bars', timeout: 45_000 }).toBeGreaterThan(10)
  await chartDrawn(page)
  const drawnAt = Date.now()
  const bookPrices = page.locator('.order-book .trend--up, .order-book .trend--down')
  await expect.poll(() => bookPrices.count(), { message: 'the live order book' }).toBeGreaterThanOrEqual(10)
  await page.getByRole('tab', { name: 'Latest trades' }).click()
  const tradeRows = page.locator('.trades__row:not(.trades__row--head)')
  await expect(tradeRows.first()).toBeVisible()
  await serviceWorkerInControl(page)
  // No wait for the engine's store (it writes at most every 5 s): a series' first answer is written at once and the
  // rest when the page hides (issue 24 part 9), so a chart just looked at is there offline.
  test.info().annotations.push({ type: 'looked at', description: `${Date.now() - drawnAt} ms after the chart drew` })

  await page.setViewportSize({ width: 360, height: 780 })
  await reloadOffline(page, context)
  // Offline the chart chunk comes from the service worker's cache, still slow to start on a busy machine.
  await expect(chart).toHaveAttribute('data-origin', 'cache', { timeout: 45_000 })
  await expect.poll(bars, { message: 'the chart holds the kept bars' }).toBeGreaterThan(10)
  await chartDrawn(page)
  const age = /Offline — prices from .+ ago/
  await expect(chart.getByRole('status'), 'the age of the candles').toHaveText(age)
  await expect(page.getByTestId('kline-last-price')).toHaveText(/\d/)
  // The order book tab opens first: the kept book, not "Loading order book…" forever.
  await expect(page.locator('.order-book')).toHaveAttribute('data-origin', 'cache')
  await expect.poll(() => bookPrices.count(), { message: 'the kept order book' }).toBeGreaterThanOrEqual(10)
  await expect(page.locator('.order-book').getByRole('status'), 'the age of the book').toHaveText(age)
  await expect(page.getByText('Loading order book…')).toHaveCount(0)
  await shot(page, 'offline-kline-light-360')
  await page.getByRole('tab', { name: 'Latest trades' }).click()
  await expect(page.locator('.trades')).toHaveAttribute('data-origin', 'cache')
  await expect(tradeRows.first()).toBeVisible()
  await expect(page.locator('.trades').getByRole('status'), 'the age of the trades').toHaveText(age)
  await shot(page, 'offline-kline-trades-light-360')

  await reloadDark(page)
  await chartDrawn(page)
  await expect.poll(() => bookPrices.count()).toBeGreaterThanOrEqual(10)
  await shot(page, 'offline-kline-dark-360')
})

test('offline, a K-line page never visited says there are no prices yet instead of loading forever', async ({
  page,
  context,
}) => {
  await firstVisitToMarket(page)
  await serviceWorkerInControl(page)
  await marketListKept(page)
  await page.setViewportSize({ width: 360, height: 780 })
  await context.setOffline(true)
  await page.goto('/kline?symbol=ethusdt')
  const none = 'Offline — no prices yet'
  await expect(page.locator('.kline-chart-card').getByRole('status')).toHaveText(none)
  await expect(page.locator('.order-book').getByRole('status')).toHaveText(none)
  await expect(page.getByText('Loading order book…')).toHaveCount(0)
  await shot(page, 'offline-kline-empty-light-360')
  await page.getByRole('tab', { name: 'Latest trades' }).click()
  await expect(page.locator('.trades').getByRole('status')).toHaveText(none)
  await expect(page.getByText('Loading trades…')).toHaveCount(0)
})
