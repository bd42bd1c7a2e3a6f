/** Dark theme, Simplified Chinese and the phone widths, switched the way a user does it; screenshots for people. */
import { assertNoSideScroll, backgroundLuminance, chartDrawn, pricedRows, shot } from './context'
import { expect, test } from './fixtures'

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
