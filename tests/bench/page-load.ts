/**
 * Throttled page loads as a mid-range phone on a mobile network sees them (issue 9 part 4): headless Chromium with
 * 4× CPU slowdown and Fast 3G, time from navigation start to the first price on /home and to the first drawn candle
 * on /kline?symbol=btcusdt.
 * - cold: a fresh profile (empty HTTP cache, no service worker);
 * - warm: the same profile loaded again once the service worker controls the page (its precache serves the shell).
 * Each figure is the median of 5 runs, each run in its own fresh profile.
 *
 * Throttling figures are Lighthouse 12's DevTools ("devtools" throttling method) preset for its mobile run, the one
 * it labels mobileSlow4G and describes as WebPageTest's "Fast 3G": 150 ms RTT × 3.75 = 562.5 ms request latency,
 * 1.6 Mbps × 0.9 down, 750 Kbps × 0.9 up, 4× CPU (Lantern `simulation/Constants.js` in @paulirish/trace_engine, read
 * by lighthouse `core/config/constants.js`; Kbps → bytes/s as lighthouse `core/lib/emulation.js`: × 1024 / 8).
 * What CDP throttling leaves out: WebSocket frames and requests of the service worker are not slowed.
 */
import type { CDPSession, Page } from 'playwright-core'
import type { BenchResult } from './types'
import { summarize, MIN_RUNS } from './stats'
import { startAppServer } from '../helpers/app-server'
import { launchPhone } from '../helpers/browser'

/** Lighthouse's mobileSlow4G ("Fast 3G") as CDP Network.emulateNetworkConditions parameters. */
export const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: Math.floor((1.6 * 1024 * 0.9 * 1024) / 8),
  uploadThroughput: Math.floor((750 * 0.9 * 1024) / 8),
} as const

/** Lighthouse's mobile CPU slowdown. */
export const CPU_SLOWDOWN = 4

/** In-page: performance.now() once a market row shows a price, else false (self-contained: it runs in the page). */
function firstPriceAt(): number | false {
  const priced = [...document.querySelectorAll('.market-row__price')].some((el) => /\d/.test(el.textContent ?? ''))
  return priced ? performance.now() : false
}

/**
 * In-page: performance.now() once a candle is drawn — the largest canvas has more colours than a background and a
 * grid (as the e2e `chartDrawn`) — else false.
 */
function firstCandleAt(): number | false {
  const big = [...document.querySelectorAll('canvas')].sort((a, b) => b.width * b.height - a.width * a.height)[0]
  const ctx = big?.getContext('2d')
  if (!big || !ctx || big.width === 0 || big.height === 0) return false
  const { data } = ctx.getImageData(0, 0, big.width, big.height)
  const seen = new Set<number>()
  for (let i = 0; i < data.length && seen.size <= 6; i += 64)
    seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!)
  return seen.size > 6 ? performance.now() : false
}

interface Target {
  label: string
  path: string
  /** Runs in the page: the time (performance.now(), ms) once the user sees what we time, else false. */
  shownAt: () => number | false
  /** Poll interval in ms ('raf' for cheap checks; reading canvas pixels every frame would slow the page itself). */
  polling: number | 'raf'
  coldTarget: number
  warmTarget: number
}

const TARGETS: Target[] = [
  { label: 'first price on /home', path: '/home', shownAt: firstPriceAt, polling: 'raf', coldTarget: 5, warmTarget: 2 },
  {
    label: 'first candle on /kline',
    path: '/kline?symbol=btcusdt',
    shownAt: firstCandleAt,
    polling: 100,
    coldTarget: 6,
    warmTarget: 2.5,
  },
]

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', FAST_3G)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  return cdp
}

/** Navigates to `url` and answers the seconds from navigation start until `target.shownAt()` holds. */
async function secondsUntilShown(page: Page, url: string, target: Target): Promise<number> {
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 })
  const handle = await page.waitForFunction(target.shownAt, undefined, { polling: target.polling, timeout: 120_000 })
  // waitForFunction resolves on a truthy value only: the time, never `false`.
  return Number(await handle.jsonValue()) / 1000
}

/** One cold load and one warm (service-worker) load of `target` in a fresh profile. */
async function coldThenWarm(origin: string, target: Target): Promise<{ cold: number; warm: number }> {
  const context = await launchPhone()
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await throttle(page)
    const cold = await secondsUntilShown(page, origin + target.path, target)
    // Warm means the service worker has installed its precache and controls the page (clientsClaim).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 })
    const warm = await secondsUntilShown(page, origin + target.path, target)
    return { cold, warm }
  } finally {
    await context.close()
  }
}

export async function runPageLoadBench(): Promise<BenchResult[]> {
  const server = await startAppServer({ env: { MARKET_SOURCE: 'sim' } })
  try {
    const results: BenchResult[] = []
    for (const target of TARGETS) {
      const cold: number[] = []
      const warm: number[] = []
      for (let i = 0; i < MIN_RUNS; i++) {
        const run = await coldThenWarm(server.url, target)
        cold.push(run.cold)
        warm.push(run.warm)
      }
      for (const [kind, samples, limit] of [
        ['cold', cold, target.coldTarget],
        ['warm', warm, target.warmTarget],
      ] as const) {
        const s = summarize(samples, 's', 2)
        results.push({
          name: `${kind} load, 4× CPU + Fast 3G: ${target.label}`,
          value: Math.round(s.median * 100) / 100,
          unit: 's',
          target: `≤ ${limit} s`,
          pass: s.median <= limit,
          note:
            `${s.spread}; from navigation start, ${kind === 'cold' ? 'fresh profile' : 'second load through the service worker'}` +
            (target.polling === 'raf' ? '' : `; checked every ${target.polling} ms`),
        })
      }
    }
    return results
  } finally {
    await server.stop()
  }
}
