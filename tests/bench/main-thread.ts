/**
 * Main-thread long tasks while the market worker takes 3,000 frames/s for 60 s (issue 2 target: 0). The real app is
 * served by the real server; its `market_port` points the worker at a stand-in feed (feed-blaster.ts) that pushes
 * ticker, depth (150 levels), trades and klines for the K-line page's topics at the fixed rate.
 */
import type { BenchResult } from './types'
import { startBlaster } from './feed-blaster'
import { freePort, startAppServer } from '../helpers/app-server'
import { launchPhone } from '../helpers/browser'

const RATE = 3000
const SECONDS = Number(process.env.BENCH_LONGTASK_SECONDS ?? 60)

export async function runMainThreadBench(): Promise<BenchResult[]> {
  const blasterPort = await freePort()
  const blaster = await startBlaster(blasterPort, RATE)
  const server = await startAppServer({ env: { MARKET_SOURCE: 'sim', MARKET_PUBLIC_PORT: String(blasterPort) } })
  const context = await launchPhone()
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[] }
      w.__longTasks = []
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration)
      }).observe({ type: 'longtask', buffered: true })
    })
    await page.goto(`${server.url}/kline?symbol=btcusdt`, { waitUntil: 'load' })
    await page.waitForTimeout(5000) // start-up work (route chunk, chart chunk, history) is not what we measure
    const sentBefore = blaster.sent()
    await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []))
    await page.waitForTimeout(SECONDS * 1000)
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)
    const rate = (blaster.sent() - sentBefore) / SECONDS
    const worst = tasks.length ? Math.max(...tasks).toFixed(0) : '0'
    return [
      {
        name: 'main-thread long tasks, worker at 3,000 frames/s',
        value: tasks.length,
        unit: 'count',
        target: '0',
        pass: tasks.length === 0,
        note: `${SECONDS} s on /kline?symbol=btcusdt at 390×844; feed delivered ${rate.toFixed(0)} frames/s; longest task ${worst} ms`,
      },
    ]
  } finally {
    await context.close()
    await server.stop()
    await blaster.close()
  }
}
