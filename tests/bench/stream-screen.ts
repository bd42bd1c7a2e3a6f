/**
 * Commit → screen through the user stream (issue 22 part 2: "/trade current orders … update within 200 ms of the
 * commit (p95, measured)"): the real server (`npm start`'s entry, PGlite, simulated feed open to live-book orders)
 * and headless Chromium on /trade as the signed-in user. This process places a limit buy far below the market through
 * the API, then cancels it, SAMPLES times each; the page records (MutationObserver, wall clock) when its current
 * orders list gains or loses the row. The commit lies between the request's send and its answer, so
 * `screen − send` is an upper bound of commit → screen (it includes the request) and `screen − answer` a lower one;
 * the figure is the upper bound's p95. The page never polls while the stream is live: the row comes from the event.
 */
import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { startAppServer } from '../helpers/app-server'
import { launchPhone } from '../helpers/browser'
import { fundUser, newUser } from '../e2e/sessions'
import type { E2EServer } from '../e2e/fixtures'
import { summarize } from './stats'
import type { BenchResult } from './types'

/** Placements and cancels measured (each one sample). */
const SAMPLES = 40
const TARGET_P95_MS = 200

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** In-page: records every change of the number of current-order rows with its wall-clock time. */
function watchRows(): void {
  const w = window as unknown as { __rows: { at: number; n: number }[] }
  w.__rows = []
  let last = -1
  new MutationObserver(() => {
    const n = document.querySelectorAll('[data-testid="trade-order"]').length
    if (n !== last) w.__rows.push({ at: Date.now(), n })
    last = n
  }).observe(document.body, { childList: true, subtree: true })
}

async function rowsAt(page: Page, n: number, after: number): Promise<number> {
  const handle = await page.waitForFunction(
    ([want, since]) =>
      (window as unknown as { __rows: { at: number; n: number }[] }).__rows.find((r) => r.n === want && r.at >= since)
        ?.at ?? false,
    [n, after] as const,
    { polling: 'raf', timeout: 10_000 },
  )
  return Number(await handle.jsonValue())
}

/** Resolves once the page's worker reports its user stream `live` (checked every 100 ms, at most 30 s). */
async function streamLive(page: Page): Promise<void> {
  const until = Date.now() + 30_000
  while (Date.now() < until) {
    for (const w of page.workers()) {
      const state = await w
        .evaluate(
          () => (self as unknown as { engine?: { user: { status: { state: string } } } }).engine?.user.status.state,
        )
        .catch(() => undefined)
      if (state === 'live') return
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the user stream did not go live within 30 s')
}

async function post(server: E2EServer, path: string, body: unknown, token: string) {
  const res = await fetch(`${server.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  })
  const env = (await res.json()) as { code: number; msg: string; data: { id: number } }
  if (env.code !== 1) throw new Error(`${path}: ${env.msg}`)
  return env.data
}

export async function runStreamScreenBench(): Promise<BenchResult[]> {
  const app = await startAppServer({ env: { MARKET_SOURCE: 'sim', LIVE_TRADING_ON_TEST_FEED: '1' } })
  const server: E2EServer = { url: app.url, marketPort: app.marketPort, dataDir: app.dataDir, replay: false }
  const context = await launchPhone()
  try {
    const user = await newUser(server, 'bench-stream')
    await fundUser(server, user.token, '100000')
    await context.addInitScript((s) => {
      localStorage.setItem('LOGIN_TOKEN', JSON.stringify(s.token))
      localStorage.setItem('USERINFO', JSON.stringify(s.user))
    }, user)
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${server.url}/trade`)
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="trade-last-price"]')?.textContent ?? ''),
    )
    await streamLive(page)
    const last = Number((await page.getByTestId('trade-last-price').textContent())!.replace(/[^\d.]/g, ''))
    const price = (Math.floor(last * 0.5 * 100) / 100).toFixed(2)
    await page.evaluate(watchRows)
    const upper: number[] = []
    const lower: number[] = []
    const order = { symbol: 'btcusdt', side: 'buy', type: 'limit', price, amount: '0.001' }
    const measure = async (call: () => Promise<unknown>, rows: number) => {
      const sent = Date.now()
      await call()
      const answered = Date.now()
      const shown = await rowsAt(page, rows, sent)
      upper.push(shown - sent)
      lower.push(Math.max(0, shown - answered))
    }
    for (let i = 0; i < SAMPLES / 2; i++) {
      let id = 0
      await measure(async () => {
        id = (await post(server, 'trade/order_place', { ...order, client_oid: randomUUID() }, user.token)).id
      }, 1)
      await measure(() => post(server, 'trade/order_cancel', { id }, user.token), 0)
    }
    const up = [...upper].sort((a, b) => a - b)
    const low = [...lower].sort((a, b) => a - b)
    const p95 = percentile(up, 95)
    const s = summarize(upper, 'ms', 0)
    return [
      {
        name: 'user stream: commit → /trade row, p95 (upper bound)',
        value: p95,
        unit: 'ms',
        target: `≤ ${TARGET_P95_MS} ms`,
        pass: p95 <= TARGET_P95_MS,
        note:
          `${SAMPLES} placements and cancels by API, the row added or removed on the page by the stream's event (no poll); ` +
          `send → screen p50 ${percentile(up, 50)} / p95 ${p95} / p99 ${percentile(up, 99)} ms (${s.spread}); ` +
          `answer → screen p50 ${percentile(low, 50)} / p95 ${percentile(low, 95)} ms; PGlite, Chromium headless`,
      },
    ]
  } finally {
    await context.close()
    await app.stop()
  }
}
