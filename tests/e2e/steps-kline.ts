/** The K-line page: reached from the Market list, drawn on canvas, with book, trades and the period switch. */
import type { Page } from 'playwright-core'
import type { Step } from './harness'
import { check } from './harness'
import { assertNoSideScroll, shot, type E2E } from './context'

/** Distinct colours in the largest canvas on the page: a blank or single-colour chart has one or two. */
async function chartColours(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvases = [...document.querySelectorAll('canvas')]
    const big = canvases.sort((a, b) => b.width * b.height - a.width * a.height)[0]
    if (!big) return 0
    const ctx = big.getContext('2d')
    if (!ctx) return 0
    const { data } = ctx.getImageData(0, 0, big.width, big.height)
    const seen = new Set<number>()
    for (let i = 0; i < data.length; i += 16) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!)
    return seen.size
  })
}

export function klineSteps(e: () => E2E): Step[] {
  return [
    {
      name: 'tapping BTC/USDT opens its K-line page with candles, order book and latest trades',
      run: async () => {
        const { page } = e()
        await page.click('.tab-bar a[href="/market"]')
        await page.waitForSelector('.market-row')
        await page.locator('.market-row', { hasText: 'BTC/USDT' }).first().click()
        await page.waitForURL(/\/kline\?.*symbol=btcusdt/)
        await page.waitForSelector('canvas', { timeout: 20_000 })
        await page.waitForTimeout(3000)
        const colours = await chartColours(page)
        check(colours > 6, `the chart canvas shows only ${colours} colours`)
        const last = (await page.textContent('[data-testid="kline-last-price"]'))?.trim() ?? ''
        check(/\d/.test(last), `last price reads "${last}"`)
        const stats = (await page.textContent('.kline-ticker__stats')) ?? ''
        check(/\d/.test(stats), 'the 24h high/low/volume are empty')
        check(stats.includes('(BTC)') && stats.includes('(USDT)'), `volume labels lack their currency: "${stats}"`)
        await assertNoSideScroll(page)
        await shot(page, 'kline-light-390')
        const bookPrices = await page.$$eval('.order-book .trend--up, .order-book .trend--down', (els) => els.length)
        check(bookPrices >= 10, `order book shows ${bookPrices} prices`)
        await page.getByRole('tab', { name: 'Latest trades' }).click()
        await page.waitForSelector('.trades__row:not(.trades__row--head)', { timeout: 10_000 })
        await shot(page, 'kline-trades-light-390')
      },
    },
    {
      name: 'the period switch shows 5-minute candles',
      run: async () => {
        const { page } = e()
        await page.getByRole('tab', { name: '5m', exact: true }).click()
        await page.waitForURL(/period=5min/)
        await page.waitForTimeout(1500)
        check((await chartColours(page)) > 6, 'the 5m chart is blank')
      },
    },
    {
      name: 'an unknown pair says "Transaction does not exist"',
      run: async () => {
        const { page, server } = e()
        await page.goto(`${server.url}/kline?symbol=nosuchusdt`)
        await page.getByText('Transaction does not exist').waitFor({ timeout: 15_000 })
        check((await page.$$('canvas')).length === 0, 'a chart is drawn for a missing pair')
      },
    },
  ]
}
