/** Dark theme, Simplified Chinese and the phone widths, switched the way a user does it; screenshots for people. */
import type { Step } from './harness'
import { check } from './harness'
import { assertNoSideScroll, backgroundLuminance, shot, type E2E } from './context'

export function lookSteps(e: () => E2E): Step[] {
  return [
    {
      name: 'the theme switch turns the app dark, and the choice survives a reload',
      run: async () => {
        const ctx = e()
        const { page, server } = ctx
        await page.goto(`${server.url}/home`)
        await page.waitForSelector('.market-row')
        check((await backgroundLuminance(ctx.page)) > 0.6, 'light theme is not light')
        await page.click('.home-header button[aria-pressed]')
        await page.waitForTimeout(300)
        check((await backgroundLuminance(ctx.page)) < 0.3, 'dark theme is not dark')
        await page.reload()
        await page.waitForSelector('.market-row')
        await page.waitForTimeout(4000)
        check((await backgroundLuminance(ctx.page)) < 0.3, 'dark theme was forgotten')
        await shot(page, 'home-dark-390')
        await page.click('.tab-bar a[href="/market"]')
        await page.waitForTimeout(2000)
        await shot(page, 'market-dark-390')
        await page.goto(`${server.url}/kline?symbol=btcusdt`)
        await page.waitForSelector('canvas')
        await page.waitForTimeout(3000)
        await shot(page, 'kline-dark-390')
      },
    },
    {
      name: 'choosing 简体中文 translates the app',
      run: async () => {
        const { page, server } = e()
        await page.goto(`${server.url}/home`)
        await page.waitForSelector('.home-header')
        await page.locator('.home-header__actions button').first().click()
        await page.getByRole('dialog').getByText('简体中文').click()
        await page.waitForTimeout(800)
        const tabs = (await page.textContent('.tab-bar')) ?? ''
        check(tabs.includes('行情') && tabs.includes('资产'), `tab bar reads "${tabs}"`)
        check((await page.getAttribute('html', 'lang')) === 'zh-CN', 'html lang is not zh-CN')
        await page.waitForTimeout(3000)
        await shot(page, 'home-dark-zh-CN-390')
        await page.goto(`${server.url}/kline?symbol=btcusdt`)
        await page.waitForSelector('canvas')
        await page.waitForTimeout(3000)
        await shot(page, 'kline-dark-zh-CN-390')
        // Back to English and light for the steps that follow.
        await page.evaluate(() => {
          localStorage.setItem('LANGUAGE_KEY', JSON.stringify('en'))
          localStorage.setItem('THEME', JSON.stringify('light'))
        })
      },
    },
    {
      name: 'Home, Market and K-line fit 360 and 540 px wide',
      run: async () => {
        const { page, server } = e()
        for (const width of [360, 540]) {
          await page.setViewportSize({ width, height: 800 })
          for (const [name, path] of [['home', '/home'], ['market', '/market'], ['kline', '/kline?symbol=ethusdt']] as const) {
            await page.goto(server.url + path)
            await page.waitForSelector(name === 'kline' ? 'canvas' : '.market-row', { timeout: 20_000 })
            await page.waitForTimeout(name === 'kline' ? 2500 : 1500)
            await assertNoSideScroll(page)
            await shot(page, `${name}-light-${width}`)
          }
        }
        await page.setViewportSize({ width: 390, height: 844 })
      },
    },
  ]
}
