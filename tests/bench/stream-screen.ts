/**
 * Commit → screen through the user stream (issue 22 part 2: "/trade current orders … update within 200 ms of the
 * commit (p95, measured)"): the real server (`npm start`'s entry on a fresh PostgreSQL database, simulated feed open
 * to live-book orders) and headless Chromium on /trade as the signed-in user. This process places a limit buy far
 * below the market through the API, then cancels it, SAMPLES times each; the page records (MutationObserver, wall
 * clock) when its current-orders list gains or loses the row. The commit's time comes from PostgreSQL itself: this
 * process LISTENs on the outbox's channel, whose NOTIFY the placing transaction sends and PostgreSQL delivers at its
 * commit (server/stream/events.ts). The page never polls while the stream is live: the row comes from the event.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { Page } from 'playwright-core'
import { USER_EVENTS_CHANNEL } from '../../server/stream/events'
import { createPgTestDatabase } from '../helpers/server-db'
import { startAppServer } from '../helpers/app-server'
import { launchPhone } from '../helpers/browser'
import { fundedUserIn } from '../helpers/ledger-ops'
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

async function post(server: { url: string }, path: string, body: unknown, token: string) {
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
  const database = await createPgTestDatabase()
  if ('unavailable' in database) throw new Error(database.unavailable)
  const app = await startAppServer({
    env: { MARKET_SOURCE: 'sim', LIVE_TRADING_ON_TEST_FEED: '1', DATABASE_URL: database.url },
  })
  const server = { url: app.url }
  const context = await launchPhone()
  // Commit times: one NOTIFY per committed transaction that wrote user events (received ~1 ms after the commit).
  const listener = new pg.Client({ connectionString: database.url })
  await listener.connect()
  const commits: number[] = []
  listener.on('notification', () => commits.push(Date.now()))
  await listener.query(`LISTEN ${USER_EVENTS_CHANNEL}`)
  try {
    // A user with a session and 100,000 USDT, made in the server's database (migrated by the server at start).
    const user = await fundedUserIn(database.url, '100000')
    await context.addInitScript((token) => localStorage.setItem('LOGIN_TOKEN', JSON.stringify(token)), user.token)
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${server.url}/trade`)
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector('[data-testid="trade-last-price"]')?.textContent ?? ''),
    )
    await streamLive(page)
    const last = Number((await page.getByTestId('trade-last-price').textContent())!.replace(/[^\d.]/g, ''))
    const price = (Math.floor(last * 0.5 * 100) / 100).toFixed(2)
    await page.evaluate(watchRows)
    const exact: number[] = []
    const upper: number[] = []
    const order = { symbol: 'btcusdt', side: 'buy', type: 'limit', price, amount: '0.001' }
    const measure = async (call: () => Promise<unknown>, rows: number) => {
      const sent = Date.now()
      const before = commits.length
      await call()
      const shown = await rowsAt(page, rows, sent)
      // The call's own commit: the first NOTIFY after it was sent (nothing else writes this user's events meanwhile).
      const committed = commits.slice(before).find((t) => t >= sent)
      if (committed === undefined) throw new Error('no commit notification for the call')
      exact.push(shown - committed)
      upper.push(shown - sent)
    }
    for (let i = 0; i < SAMPLES / 2; i++) {
      let id = 0
      await measure(async () => {
        id = (await post(server, 'trade/order_place', { ...order, client_oid: randomUUID() }, user.token)).id
      }, 1)
      await measure(() => post(server, 'trade/order_cancel', { id }, user.token), 0)
    }
    const up = [...upper].sort((a, b) => a - b)
    const ex = [...exact].sort((a, b) => a - b)
    const p95 = percentile(ex, 95)
    const s = summarize(exact, 'ms', 0)
    return [
      {
        name: 'user stream: commit → /trade row on screen, p95',
        value: p95,
        unit: 'ms',
        target: `≤ ${TARGET_P95_MS} ms`,
        pass: p95 <= TARGET_P95_MS,
        note:
          `${SAMPLES} placements and cancels by API, the row added or removed by the stream's event (no poll); ` +
          `commit (PostgreSQL NOTIFY) → screen p50 ${percentile(ex, 50)} / p95 ${p95} / p99 ${percentile(ex, 99)} ms ` +
          `(${s.spread}); request sent → screen p50 ${percentile(up, 50)} / p95 ${percentile(up, 95)} ms; ` +
          `PostgreSQL, Chromium headless`,
      },
    ]
  } finally {
    await listener.end()
    await context.close()
    await app.stop()
    await database.drop()
  }
}
