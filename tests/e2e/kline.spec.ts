/** The K-line page: reached from the Market list, drawn on canvas, with book, trades and the period switch. */
import type { Page } from '@playwright/test'
import { assertNoSideScroll, chartDrawn, chartPixels, shot } from './context'
import { engineCandles, engineTopics } from './engine'
import { expect, test } from './fixtures'

/** Opens BTC/USDT's K-line page from the Market list, as a user does. */
async function openBtcFromMarket(page: Page): Promise<void> {
  await page.goto('/market')
  await page.locator('.market-row', { hasText: 'BTC/USDT' }).first().click()
  await expect(page).toHaveURL(/\/kline\?.*symbol=btcusdt/)
  await chartDrawn(page)
}

test('tapping BTC/USDT opens its K-line page with candles, order book and latest trades', async ({ page }) => {
  await openBtcFromMarket(page)
  await expect(page.getByTestId('kline-last-price')).toHaveText(/\d/)
  const stats = page.locator('.kline-ticker__stats')
  await expect(stats).toHaveText(/\d/)
  await expect(stats).toContainText('(BTC)')
  await expect(stats).toContainText('(USDT)')
  await assertNoSideScroll(page)
  await shot(page, 'kline-light-390')
  await expect
    .poll(() => page.locator('.order-book .trend--up, .order-book .trend--down').count())
    .toBeGreaterThanOrEqual(10)
  await page.getByRole('tab', { name: 'Latest trades' }).click()
  await expect(page.locator('.trades__row:not(.trades__row--head)').first()).toBeVisible()
  await shot(page, 'kline-trades-light-390')
})

test('the period switch shows 5-minute candles', async ({ page }) => {
  await openBtcFromMarket(page)
  await expect.poll(() => engineTopics(page)).toContain('market.btcusdt.kline.1min')
  const oneMinute = await chartPixels(page)
  await page.getByRole('tab', { name: '5m', exact: true }).click()
  await expect(page).toHaveURL(/period=5min/)
  await expect(page.getByRole('tab', { name: '5m', exact: true })).toHaveAttribute('aria-selected', 'true')
  // The chart is fed 5-minute bars now: the engine holds them, 300 s apart on 5-minute boundaries, and dropped
  // the 1-minute feed it no longer needs.
  await expect.poll(() => engineTopics(page)).toContain('market.btcusdt.kline.5min')
  await expect.poll(() => engineTopics(page)).not.toContain('market.btcusdt.kline.1min')
  const bars = (await engineCandles(page, 'btcusdt'))['5min'] ?? []
  expect(bars.length, 'the engine holds 5-minute bars').toBeGreaterThanOrEqual(5)
  for (const bar of bars) expect(bar.id % 300, `bar ${bar.id} starts on a 5-minute boundary`).toBe(0)
  for (let i = 1; i < bars.length; i++) expect(bars[i]!.id - bars[i - 1]!.id).toBe(300)
  // …and the canvas was redrawn from them: a full chart, other pixels than the 1-minute one.
  await chartDrawn(page)
  await expect.poll(async () => (await chartPixels(page)).fingerprint).not.toBe(oneMinute.fingerprint)
})

test('an unknown pair says "Transaction does not exist"', async ({ page }) => {
  await page.goto('/kline?symbol=nosuchusdt')
  await expect(page.getByText('Transaction does not exist')).toBeVisible()
  await expect(page.locator('canvas')).toHaveCount(0)
})
