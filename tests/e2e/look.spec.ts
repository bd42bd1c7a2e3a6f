/**
 * Dark theme, Simplified Chinese and the phone widths, switched the way a user does it; no text cut short in any of
 * the ten languages at 360 px; screenshots for people.
 */
import type { Page } from '@playwright/test'
import { assertNoSideScroll, backgroundLuminance, chartDrawn, pricedRows, shot } from './context'
import { expect, test } from './fixtures'
import { cutTexts, inLocale, LOCALES, NARROW, switchLanguage } from './text-cut'

test('the theme switch turns the app dark, and the choice survives a reload', async ({ page }) => {
  await page.goto('/home')
  await pricedRows(page)
  expect(await backgroundLuminance(page), 'the light theme is light').toBeGreaterThan(0.6)
  await page.locator('.home-header button[aria-pressed]').click()
  await expect.poll(() => backgroundLuminance(page), { message: 'the dark theme is dark' }).toBeLessThan(0.3)
  await page.reload()
  await pricedRows(page)
  expect(await backgroundLuminance(page), 'the dark theme survives a reload').toBeLessThan(0.3)
  await shot(page, 'home-dark-390')
  await page.locator('.tab-bar a[href="/market"]').click()
  await expect(page).toHaveURL(/\/market/)
  await pricedRows(page)
  await shot(page, 'market-dark-390')
  await page.goto('/kline?symbol=btcusdt')
  await chartDrawn(page)
  await shot(page, 'kline-dark-390')
})

test('choosing 简体中文 translates the app', async ({ page }) => {
  await page.goto('/home')
  await page.locator('.home-header__actions button').first().click()
  await page.getByRole('dialog').getByText('简体中文').click()
  await expect(page.locator('.tab-bar')).toContainText('行情')
  await expect(page.locator('.tab-bar')).toContainText('资产')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
  await pricedRows(page)
  await shot(page, 'home-zh-CN-390')
  await page.goto('/kline?symbol=btcusdt')
  await chartDrawn(page)
  await expect(page.getByRole('tab', { name: '最新成交' })).toBeVisible()
  await shot(page, 'kline-zh-CN-390')
})

for (const width of [360, 540]) {
  test(`Home, Market and K-line fit ${width} px wide`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    for (const [name, path] of [
      ['home', '/home'],
      ['market', '/market'],
      ['kline', '/kline?symbol=ethusdt'],
    ] as const) {
      await page.goto(path)
      if (name === 'kline') await chartDrawn(page)
      else await pricedRows(page)
      await assertNoSideScroll(page)
      await shot(page, `${name}-light-${width}`)
    }
  })
}

// The futures volume ("Perp Vol 268.66M"), the brand next to the "Replay" badge: every language at the narrowest
// phone, every text whole. One phone visits the languages in turn; the cuts of each are reported together.
test('no text is cut short at 360 px in any language: Home, Market, K-line, Trade', async ({ phone }) => {
  // Five full page loads per language, each waiting for its prices.
  test.setTimeout(LOCALES.length * 60_000)
  let page: Page | undefined
  for (const locale of LOCALES) {
    if (page) await switchLanguage(page, locale)
    else page = await phone({ ...NARROW, language: locale })
    for (const path of ['/home', '/market', '/market?category=futures', '/kline?symbol=ethusdt', '/trade']) {
      await page.goto(path)
      await inLocale(page, locale)
      // The chart is drawn on a canvas (no text to cut): the K-line page is ready for this check once its prices are.
      if (path.startsWith('/kline')) await expect(page.getByTestId('kline-last-price')).toHaveText(/\d/)
      else if (path === '/trade') await expect(page.getByTestId('trade-last-price')).toHaveText(/\d/)
      else await pricedRows(page)
      expect.soft(await cutTexts(page), `${path} in ${locale} at 360 px: text cut short`).toEqual([])
    }
  }
})
