/** Home and Market as a phone user meets them: redirect, lists, badge, prices from the replayed files. */
import { feedRequest } from './feed-client'
import { assertNoSideScroll, displayedNumber, marketRows, pricedRows, shot } from './context'
import { expect, test } from './fixtures'
import { recordedBarAt } from '../helpers/market-klines'
import { btcRecording, NO_REPLAY_DATA } from './replay-data'

test('/ opens Home with the popular list, the gain list and the not-live badge', async ({ page, server }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.locator('.source-badge').first()).toHaveText(server.replay ? 'Replay' : 'Simulated')
  // Every row gets its price once its ticker has arrived (the list subscribes at a 5 s ticker frequency).
  await pricedRows(page, 3)
  await assertNoSideScroll(page)
  await shot(page, 'home-light-390')
})

test('Market lists the replayed symbols per tab (spot, futures, forex) with prices from the recorded files', async ({
  page,
  server,
}) => {
  test.skip(!server.replay, NO_REPLAY_DATA)
  await page.goto('/home')
  await page.locator('.tab-bar a[href="/market"]').click()
  await expect(page).toHaveURL(/\/market/)
  const expected = ['ADA/USDT', 'BTC/USDT', 'DOGE/USDT', 'ETH/USDT', 'LTC/USDT', 'SOL/USDT', 'XRP/USDT']
  await expect.poll(async () => (await marketRows(page)).map((r) => r.pair).sort()).toEqual(expected)
  await pricedRows(page, expected.length)
  // The replay plays the recorded bar the wall clock maps to: the shown price lies in the range of the bars of the
  // last few minutes (the list's ticker may be up to 5 s old and the minute may have turned).
  const btc = displayedNumber((await marketRows(page)).find((r) => r.pair === 'BTC/USDT')!.price)
  const minute = Math.floor(Date.now() / 60_000) * 60
  const recording = await btcRecording()
  const bars = [-120, -60, 0, 60].map((d) => recordedBarAt(recording, minute + d))
  const low = Math.min(...bars.map((b) => Number(b.low)))
  const high = Math.max(...bars.map((b) => Number(b.high)))
  expect(btc, `BTC's price lies in the recorded bars' ${low}–${high}`).toBeGreaterThanOrEqual(low)
  expect(btc).toBeLessThanOrEqual(high)
  await shot(page, 'market-spot-light-390')
  // Futures: exactly the perpetuals the venue trades (every spot pair above, issue 24 part 1), not the feed's own
  // swap listings (LINK, DOT, AVAX, NEAR: "Futures trading of … is not open"), each with a mark and a funding rate.
  await page.getByRole('tab', { name: 'Futures' }).click()
  const perps = page.getByTestId('perpetual-list').locator('.market-row')
  await expect.poll(async () => (await marketRows(page)).map((r) => r.pair).sort()).toEqual(expected)
  await pricedRows(page, expected.length)
  await expect(perps.first().getByTestId('perpetual-funding')).toHaveText(/^-?\d\.\d{4}%$/)
  await expect(perps.first().getByText('Perp')).toBeVisible()
  await shot(page, 'market-futures-light-390')
  // Forex from the recorded Oanda and FXCM minute bars.
  await page.getByRole('tab', { name: 'Forex' }).click()
  const forex = ['EUR/USD', 'GBP/USD', 'USD/JPY', 'XAU/USD']
  await expect.poll(async () => (await marketRows(page)).map((r) => r.pair).sort()).toEqual(forex)
  await pricedRows(page, forex.length)
  await shot(page, 'market-forex-light-390')
})

test('every perpetual on Market → Futures opens the futures screen on its pair, with the order form', async ({
  page,
}) => {
  await page.goto('/market?category=futures')
  const rows = page.getByTestId('perpetual-list').locator('.market-row')
  await pricedRows(page, 2)
  const pairs = (await marketRows(page)).map((r) => r.pair)
  for (const [i, pair] of pairs.entries()) {
    await rows.nth(i).click()
    await expect(page).toHaveURL(/\/lever/)
    await expect(page.getByRole('button', { name: `Trading pair ${pair}, change` })).toBeVisible()
    // The order form, not "Futures trading of … is not open".
    await expect(page.getByRole('button', { name: 'Log in to trade' })).toBeVisible()
    await expect(page.getByText(/is not open/)).toHaveCount(0)
    await page.goBack()
    await expect(rows).toHaveCount(pairs.length)
  }
})

test('the gateway serves the recorded 1min bars as history (req)', async ({ server }) => {
  test.skip(!server.replay, NO_REPLAY_DATA)
  const url = `ws://127.0.0.1:${server.marketPort}/ws`
  const latest = await feedRequest<{ id: number }[]>(url, { req: 'market.btcusdt.kline.1min' })
  expect(latest).toHaveLength(300)
  // History starts 3 days (4,320 bars) before the play head, which has moved a few minutes since the start:
  // a window ending 4,100 bars back holds fewer than 300 bars, so the answer begins with the oldest bar, which is the
  // recorded bar of its minute.
  const head = latest[latest.length - 1]!.id
  const oldest = await feedRequest<
    { id: number; open: number; high: number; low: number; close: number; amount: number }[]
  >(url, {
    req: 'market.btcusdt.kline.1min',
    from: head - 6000 * 60,
    to: head - 4100 * 60,
  })
  expect(oldest.length).toBeGreaterThan(0)
  expect(oldest.length).toBeLessThan(300)
  const f = recordedBarAt(await btcRecording(), oldest[0]!.id)
  expect(oldest[0], 'the first served bar is the recorded one').toMatchObject({
    open: Number(f.open),
    high: Number(f.high),
    low: Number(f.low),
    close: Number(f.close),
    amount: Number(f.volume),
  })
})

test('common/config says what of each replayed feed is recorded and what derived', async ({ server }) => {
  test.skip(!server.replay, NO_REPLAY_DATA)
  const res = await fetch(`${server.url}/api/common/config`)
  const { data } = (await res.json()) as {
    data: { market_feed: { symbol: string; recorded: string[]; derived: string[] }[] }
  }
  const of = (symbol: string) => data.market_feed.find((m) => m.symbol === symbol)
  expect(of('btcusdt')).toEqual({
    symbol: 'btcusdt',
    recorded: ['candles', 'trades', 'book'],
    derived: ['ticker', 'trades', 'book'],
  })
  expect(of('xauusd')).toEqual({ symbol: 'xauusd', recorded: ['candles'], derived: ['ticker', 'book'] })
})

test('the API names the bad field in its envelope (real server)', async ({ server }) => {
  const res = await fetch(`${server.url}/api/common/get_announcement?page=0`)
  expect(res.status).toBe(200)
  expect(await res.json()).toMatchObject({ code: 422, data: { field: 'page' } })
})
