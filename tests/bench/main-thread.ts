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

/** Resolves once `done()` holds, checking every 200 ms; rejects after `limitMs`. */
async function waitFor(done: () => boolean, limitMs: number): Promise<void> {
  const start = Date.now()
  while (!done()) {
    if (Date.now() - start > limitMs) throw new Error(`main-thread bench: condition not met in ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

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
    // Start-up work (route chunk, chart chunk, history) is not what we measure: wait until the chart is drawn and the
    // page has fetched what it needs.
    await page.locator('canvas').first().waitFor()
    await page.waitForLoadState('networkidle')
    const sentBefore = blaster.sent()
    await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []))
    // The measuring window ends when the blaster has pushed SECONDS worth of frames at its rate.
    await waitFor(() => blaster.sent() - sentBefore >= RATE * SECONDS, (SECONDS + 30) * 1000)
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
