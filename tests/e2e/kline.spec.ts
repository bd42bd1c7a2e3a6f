/** The K-line page: reached from the Market list, drawn on canvas, with book, trades and the period switch. */
import type { Page } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { assertNoSideScroll, backgroundLuminance, chartDrawn, chartPixels, OUT_DIR, shot } from './context'
import { engineCandleCount, engineCandles, engineTopics } from './engine'
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

test('on a replayed market whose trades come from candles, Latest trades says they are derived', async ({
  page,
  server,
}) => {
  test.skip(!server.replay, 'needs the replayed recordings')
  const res = await fetch(`${server.url}/api/common/config`)
  const feed = ((await res.json()) as { data: { market_feed: { symbol: string; recorded: string[] }[] } }).data
    .market_feed
  // ETH/USDT has 1-minute candles only: every trade listed is derived from them.
  expect(feed.find((m) => m.symbol === 'ethusdt')?.recorded).toEqual(['candles'])
  await page.goto('/market')
  await page.locator('.market-row', { hasText: 'ETH/USDT' }).first().click()
  await expect(page).toHaveURL(/\/kline\?.*symbol=ethusdt/)
  await page.getByRole('tab', { name: 'Latest trades' }).click()
  await expect(page.locator('.trades__row:not(.trades__row--head)').first()).toBeVisible()
  await expect(page.locator('.trades [role="note"]')).toHaveText(
    'Derived from 1-minute candles of the recording, not real trades',
  )
  // Sizes follow the candle's volume and vary; both sides show over a few seconds of play.
  await expect
    .poll(
      async () =>
        new Set(await page.locator('.trades__row:not(.trades__row--head) > span:last-child').allTextContents()).size,
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThan(3)
  await shot(page, 'kline-trades-derived-light-390')
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
  // The history answer may come after the first live 5-minute bar (a busy gateway): wait for it.
  const fiveMinute = async () => (await engineCandles(page, 'btcusdt'))['5min'] ?? []
  await expect
    .poll(async () => (await fiveMinute()).length, { message: 'the engine holds 5-minute bars', timeout: 20_000 })
    .toBeGreaterThanOrEqual(5)
  const bars = await fiveMinute()
  for (const bar of bars) expect(bar.id % 300, `bar ${bar.id} starts on a 5-minute boundary`).toBe(0)
  for (let i = 1; i < bars.length; i++) expect(bars[i]!.id - bars[i - 1]!.id).toBe(300)
  // …and the canvas was redrawn from them: a full chart, other pixels than the 1-minute one.
  await chartDrawn(page)
  await expect.poll(async () => (await chartPixels(page)).fingerprint).not.toBe(oneMinute.fingerprint)
})

test('candles at once, the depth chart (react-konva) only with its tab, at 360 and 540 px in light and dark', async ({
  page,
}) => {
  // Which loaded scripts carry react-konva (the depth chart's second React renderer).
  const konvaReact: string[] = []
  page.on('response', async (res) => {
    if (!/\.m?js(\?|$)/.test(res.url())) return
    const body = await res.text().catch(() => '')
    if (body.includes('react-konva')) konvaReact.push(res.url())
  })
  await openBtcFromMarket(page)
  await expect(page.locator('.order-book')).toBeVisible()
  expect(konvaReact, 'the candle chart loads without react-konva').toEqual([])
  await page.getByRole('tab', { name: 'Depth' }).click()
  const depth = page.locator('.depth-chart canvas').first()
  await expect(depth).toBeVisible()
  await expect.poll(() => konvaReact.length, { message: 'the Depth tab loads react-konva' }).toBeGreaterThan(0)
  for (const width of [360, 540]) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 })
      // As the theme switch on Home does (src/state/theme-dom.ts): the charts repaint on the attribute change.
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme)
      const lum = () => backgroundLuminance(page)
      if (theme === 'dark') await expect.poll(lum, { message: 'dark theme' }).toBeLessThan(0.3)
      else await expect.poll(lum, { message: 'light theme' }).toBeGreaterThan(0.6)
      await chartDrawn(page)
      await expect
        .poll(() =>
          page
            .locator('.kline-chart canvas')
            .first()
            .evaluate((c) => (c as HTMLCanvasElement).width),
        )
        .toBe(width * 3)
      await assertNoSideScroll(page)
      mkdirSync(`${OUT_DIR}/kline`, { recursive: true })
      await page.screenshot({ path: `${OUT_DIR}/kline/chart-depth-${width}-${theme}.png`, fullPage: true })
    }
  }
})

test('an unknown pair says "Transaction does not exist"', async ({ page }) => {
  await page.goto('/kline?symbol=nosuchusdt')
  await expect(page.getByText('Transaction does not exist')).toBeVisible()
  await expect(page.locator('canvas')).toHaveCount(0)
})

/**
 * Pixels near the indicators' first colour (amber, --chart-line-1 / #e8a317) in the chart's drawing canvases, split
 * at the top of the lower pane (the candles' share of the panes, chart-model.ts MAIN_PANE_SHARE).
 */
async function amberPixels(page: Page): Promise<{ main: number; lower: number }> {
  return page.evaluate(() => {
    let main = 0
    let lower = 0
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.kline-chart canvas')) {
      const ctx = canvas.getContext('2d')
      if (!ctx) continue
      const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height)
      const split = Math.round((height - 18 * (height / 300)) * 0.76)
      for (let i = 0; i < data.length; i += 4) {
        const near = Math.abs(data[i]! - 232) + Math.abs(data[i + 1]! - 163) + Math.abs(data[i + 2]! - 23) < 60
        if (!near || data[i + 3]! < 200) continue
        if (Math.floor(i / 4 / width) < split) main++
        else lower++
      }
    }
    return { main, lower }
  })
}

test('MA over the candles and MACD below draw on the K-line, and the choice is remembered', async ({ page }) => {
  await page.goto('/kline?symbol=btcusdt')
  await chartDrawn(page)
  const card = page.locator('.kline-chart-card')
  await expect(card).toHaveAttribute('data-indicators', 'ma+vol')
  await expect(page.getByRole('button', { name: 'MA', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect
    .poll(async () => (await amberPixels(page)).main, { message: 'MA5 drawn over the candles' })
    .toBeGreaterThan(50)
  // MACD instead of volume, and no overlay: amber (DIF) only in the lower pane.
  await page.getByRole('button', { name: 'MACD', exact: true }).click()
  await page.getByRole('button', { name: 'MA', exact: true }).click()
  await expect(card).toHaveAttribute('data-indicators', 'none+macd')
  await expect.poll(async () => (await amberPixels(page)).lower, { message: 'DIF drawn below' }).toBeGreaterThan(50)
  await expect.poll(async () => (await amberPixels(page)).main).toBeLessThan(10)
  await shot(page, 'kline-macd-light-390')
  await page.reload()
  await chartDrawn(page)
  await expect(card).toHaveAttribute('data-indicators', 'none+macd')
  await expect(page.getByRole('button', { name: 'MACD', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'MA', exact: true }).click()
  // The MA periods: a bad one is named, an emptied field drops its line, saved for every chart.
  await page.getByRole('button', { name: 'Indicator settings' }).click()
  const sheet = page.getByRole('dialog', { name: 'Indicator settings' })
  await sheet.getByLabel('Line 1').fill('1')
  await sheet.getByRole('button', { name: 'Save' }).click()
  await expect(sheet.getByText('Enter a whole number of bars from 2 to 200')).toBeVisible()
  await sheet.getByLabel('Line 1').fill('7')
  await sheet.getByLabel('Line 3').fill('')
  await sheet.getByRole('button', { name: 'Save' }).click()
  await expect(sheet).toHaveCount(0)
  await expect(card).toHaveAttribute('data-periods', '7,10')
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'))
  await expect.poll(async () => (await amberPixels(page)).main).toBeGreaterThan(50)
  await shot(page, 'kline-ma-macd-dark-390')
})

test('the 1D and 1M charts fill the plot with the history the server has', async ({ page }) => {
  // The replay serves 300 bars of each period from before its minutes (the loop read backwards); the 1M chart asked
  // from 2001 before, which the feed refuses, and showed the current month alone.
  for (const [period, tab] of [
    ['1mon', '1M'],
    ['1day', '1D'],
  ] as const) {
    await page.goto(`/kline?symbol=btcusdt&period=${period}`)
    await chartDrawn(page)
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true')
    // 1M: every month since July 2017, the earliest `from` the feed accepts (about 112); 1D: 300 days.
    await expect
      .poll(() => engineCandleCount(page, 'btcusdt', period), { message: `${tab}: candles` })
      .toBeGreaterThan(100)
    await expect
      .poll(leftmostCandle(page), { message: `${tab}: the first candle within the left third` })
      .toBeLessThan(0.34)
    await shot(page, `kline-${tab.toLowerCase()}-light-390`)
  }
})

/** Where the leftmost column holding a candle lies across the chart (0 = left edge, 1 = none). */
function leftmostCandle(page: Page) {
  return () =>
    // The leftmost column that holds a candle (8+ candle-coloured pixels: the dashed last-price line adds 1–2 per
    // column): in the left third of the chart, the bars are not squeezed against the price axis.
    page.evaluate(() => {
      let best = 1
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('.kline-chart canvas')) {
        const ctx = canvas.getContext('2d')
        if (!ctx || canvas.width === 0) continue
        const h = Math.floor(canvas.height * 0.7)
        const { data } = ctx.getImageData(0, 0, canvas.width, h)
        for (let x = 0; x < canvas.width; x++) {
          let n = 0
          for (let y = 0; y < h; y++) {
            const i = (y * canvas.width + x) * 4
            const up = Math.abs(data[i]! - 15) + Math.abs(data[i + 1]! - 169) + Math.abs(data[i + 2]! - 104) < 40
            const down = Math.abs(data[i]! - 229) + Math.abs(data[i + 1]! - 72) + Math.abs(data[i + 2]! - 77) < 40
            if ((up || down) && data[i + 3]! > 200) n++
          }
          if (n >= 8) {
            best = Math.min(best, x / canvas.width)
            break
          }
        }
      }
      return best
    })
}

test('the chart goes full screen and back', async ({ page }) => {
  await page.goto('/kline?symbol=btcusdt')
  await chartDrawn(page)
  const card = page.locator('.kline-chart-card')
  const chartHeight = () => page.locator('.kline-chart').evaluate((e) => e.getBoundingClientRect().height)
  expect(await chartHeight()).toBe(300)
  await page.getByRole('button', { name: 'Full screen' }).click()
  await expect(card).toHaveAttribute('data-full', 'true')
  // The card covers the viewport and the chart takes what the period switch and the indicators leave.
  const viewport = page.viewportSize()!
  await expect.poll(chartHeight).toBeGreaterThan(viewport.height - 120)
  const box = (await card.boundingBox())!
  expect(box.y).toBe(0)
  expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1)
  await chartDrawn(page)
  await shot(page, 'kline-full-screen-390')
  await page.getByRole('button', { name: 'Exit full screen' }).click()
  await expect(card).toHaveAttribute('data-full', 'false')
  await expect.poll(chartHeight).toBe(300)
})
