/** Home and Market as a phone user meets them: redirect, lists, badge, prices from the replayed files. */
import type { Step } from './harness'
import { check } from './harness'
import { assertNoSideScroll, displayedNumber, marketRows, shot, type E2E } from './context'
import { btcFirstBars, hasReplayData } from './replay-data'
import { feedRequest } from './feed-client'

export function marketSteps(e: () => E2E): Step[] {
  return [
    {
      name: '/ opens Home with the popular list, the gain list and the not-live badge',
      run: async () => {
        const { page, server, replay } = e()
        await page.goto(server.url + '/')
        await page.waitForURL(/\/home$/)
        await page.waitForSelector('.market-row .market-row__price:not(:empty)', { timeout: 20_000 })
        const badge = (await page.textContent('.source-badge'))?.trim()
        check(badge === (replay ? 'Replay' : 'Simulated'), `badge says ${badge}`)
        await page.waitForTimeout(6000) // every list ticker has arrived (5 s ticker frequency)
        const rows = await marketRows(page)
        check(rows.length >= 3, `only ${rows.length} rows on Home`)
        check(rows.every((r) => /\d/.test(r.price)), `a Home row has no price: ${JSON.stringify(rows)}`)
        await assertNoSideScroll(page)
        await shot(page, 'home-light-390')
      },
    },
    {
      name: 'Market lists the replayed symbols per tab with prices from the recorded files',
      skip: hasReplayData ? undefined : 'no recorded data in ../shared/data/market/klines',
      run: async () => {
        const { page } = e()
        await page.click('.tab-bar a[href="/market"]')
        await page.waitForURL(/\/market/)
        await page.waitForSelector('.market-row')
        await page.waitForTimeout(6000)
        const spot = await marketRows(page)
        const pairs = spot.map((r) => r.pair).sort()
        const expected = ['ADA/USDT', 'BTC/USDT', 'DOGE/USDT', 'ETH/USDT', 'LTC/USDT', 'SOL/USDT', 'XRP/USDT']
        check(JSON.stringify(pairs) === JSON.stringify(expected), `spot tab lists ${pairs.join(', ')}`)
        // The replay starts in the oldest BTC file (2023-04, ~28k): the shown price lies inside that file's range.
        const bars = btcFirstBars()
        const low = Math.min(...bars.map((b) => b[3]!))
        const high = Math.max(...bars.map((b) => b[2]!))
        const btc = displayedNumber(spot.find((r) => r.pair === 'BTC/USDT')!.price)
        check(btc >= low && btc <= high, `BTC shows ${btc}, outside the recording's ${low}–${high}`)
        await shot(page, 'market-spot-light-390')
        await page.getByRole('tab', { name: 'Futures' }).click()
        await page.waitForTimeout(1500)
        const futures = (await marketRows(page)).map((r) => r.pair).sort()
        check(futures.includes('LTC/USDT') && futures.includes('NEAR/USDT'), `futures tab lists ${futures.join(', ')}`)
        await page.getByRole('tab', { name: 'Spot' }).click()
      },
    },
    {
      name: 'the gateway serves the recorded 1min bars as history (req)',
      skip: hasReplayData ? undefined : 'no recorded data in ../shared/data/market/klines',
      run: async () => {
        const { server } = e()
        const url = `ws://127.0.0.1:${server.marketPort}/ws`
        const latest = await feedRequest<{ id: number }[]>(url, { req: 'market.btcusdt.kline.1min' })
        check(latest.length === 300, `latest req gave ${latest.length} bars`)
        // History starts 3 days (4,320 bars) before the play head, which has moved a few minutes since the start:
        // a window ending 4,100 bars back holds fewer than 300 bars, so the answer begins with the oldest bar.
        const head = latest[latest.length - 1]!.id
        const oldest = await feedRequest<{ id: number; open: number; high: number; low: number; close: number; amount: number }[]>(
          url,
          { req: 'market.btcusdt.kline.1min', from: head - 6000 * 60, to: head - 4100 * 60 },
        )
        check(oldest.length > 0 && oldest.length < 300, `history window gave ${oldest.length} bars`)
        const file = btcFirstBars()
        const first = oldest[0]!
        const row = file[0]!
        check(
          first.open === row[1] && first.high === row[2] && first.low === row[3] && first.close === row[4] && first.amount === row[5],
          `first served bar ${JSON.stringify(first)} is not the file's first row ${JSON.stringify(row)}`,
        )
      },
    },
    {
      name: 'the API names the bad field in its envelope (real server)',
      run: async () => {
        const { server } = e()
        const res = await fetch(`${server.url}/api/common/get_announcement?page=0`)
        const body = (await res.json()) as { code: number; data: { field: string } }
        check(res.status === 200 && body.code === 422 && body.data.field === 'page', `got ${res.status} ${JSON.stringify(body)}`)
      },
    },
  ]
}
