/**
 * The worker engine under a fast feed, in Chromium (issue 9 parts 3–4): a stand-in HTX feed in its own process
 * (feed-blaster-child.ts, bounded pacing) pushes ticker, 150-level depth, trade and kline frames round robin to the
 * real market-engine worker on a bench page (engine-page/feed-page.ts) subscribed like the K-line page. Figures:
 * - the highest rate at which the worker really received ≥ 90% of the offered frames while the page's snapshot lag
 *   (now − feed `ts` of the snapshot's newest data) stayed at p95 ≤ 100 ms and the book kept ≥ 5 snapshots/s;
 * - under 2× that rate, the snapshots/s each subscription still got (target ≥ 5 Hz), with what was conflated.
 * Received frames are read from the worker's own counters (`EngineApi.stats()`), not from what the blaster sent.
 * Medians of ≥ 5 runs with spread (stats.ts). `startBlaster` is also the feed of main-thread.ts.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import type { EngineStats } from '../../common/engine-api'
import { launchPhone } from '../helpers/browser'
import { buildEnginePages } from './engine-page/build'
import { MIN_RUNS, percentile, summarize } from './stats'
import type { BenchResult } from './types'

export interface BlasterCounts {
  sent: number
  /** Frames the pacing could not send in time (it never catches up in one loop). */
  skipped: number
  /** Frames not sent because the client's socket had too much unsent data. */
  heldBack: number
  clients: number
}

export interface Blaster {
  port: number
  /** Frames sent so far (refreshed every 100 ms from the child). */
  sent(): number
  /** Fresh counts from the child. */
  counts(): Promise<BlasterCounts>
  /** Sets the total rate, frames/s, per connected client. */
  setRate(framesPerSecond: number): void
  close(): Promise<void>
}

const CHILD = fileURLToPath(new URL('./feed-blaster-child.ts', import.meta.url))

/** Starts the feed in a child process on `port` (0: a free one) at `framesPerSecond`. */
export async function startBlaster(port: number, framesPerSecond: number): Promise<Blaster> {
  const child: ChildProcess = fork(CHILD, [String(port), String(framesPerSecond)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let latest: BlasterCounts = { sent: 0, skipped: 0, heldBack: 0, clients: 0 }
  const waiting = new Map<number, (c: BlasterCounts) => void>()
  let nextId = 0
  const ready = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`feed blaster exited with ${code}`)))
    child.on('message', (m: Partial<BlasterCounts> & { ready?: number; id?: number }) => {
      if (typeof m.ready === 'number') return resolve(m.ready)
      latest = { sent: m.sent ?? 0, skipped: m.skipped ?? 0, heldBack: m.heldBack ?? 0, clients: m.clients ?? 0 }
      if (m.id !== undefined) waiting.get(m.id)?.(latest)
    })
  })
  const actualPort = await ready
  return {
    port: actualPort,
    sent: () => latest.sent,
    counts: () =>
      new Promise((resolve) => {
        const id = ++nextId
        waiting.set(id, (c) => {
          waiting.delete(id)
          resolve(c)
        })
        child.send({ stats: id })
      }),
    setRate: (rate) => void child.send({ rate }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** Rates tried, frames/s, lowest first; a run stops at the first rate that fails. */
const LADDER = [500, 1000, 1500, 2000, 3000, 4000, 5000, 6000, 8000, 10_000, 12_000, 15_000]
const WARM_MS = 1000
const WINDOW_MS = 2000
const OVERLOAD_WINDOW_MS = 3000
const TARGET_FPS = 5000
const TARGET_LAG_MS = 100
const TARGET_HZ = 5

interface Step {
  offered: number
  received: number
  decoded: number
  sent: number
  skipped: number
  heldBack: number
  lagP95: number
  /** Snapshots per second per subscription kind. */
  hz: Record<string, number>
  conflated: number
  dropped: number
  /** The worker kept up: lag p95 and book rate within target, and it received ≥ 90% of what was sent. */
  ok: boolean
  /** The feed process could not send ≥ 90% of the offered rate (CPU-starved), so higher rates cannot be tried. */
  feedLimited: boolean
}

type FeedPage = {
  feed: {
    start(url: string): Promise<void>
    mark(): Promise<EngineStats>
    read(): Promise<{ lags: number[]; counts: Record<string, number>; stats: EngineStats }>
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
const conflatedOf = (s: EngineStats) => s.conflated.ticker + s.conflated.depth + s.conflated.kline
const droppedOf = (s: EngineStats) => s.dropped.trades + s.dropped.overflow

/** One measuring window at `rate`: warm up, then count what the worker and the page saw. */
async function step(page: Page, blaster: Blaster, rate: number, windowMs: number): Promise<Step> {
  blaster.setRate(rate)
  await pause(WARM_MS)
  const s0 = await page.evaluate(() => (window as unknown as FeedPage).feed.mark())
  const b0 = await blaster.counts()
  const t0 = Date.now()
  await pause(windowMs)
  const r = await page.evaluate(() => (window as unknown as FeedPage).feed.read())
  const b1 = await blaster.counts()
  const sec = (Date.now() - t0) / 1000
  const per = (n: number) => n / sec
  const hz = Object.fromEntries(Object.entries(r.counts).map(([k, n]) => [k, per(n)]))
  const lagP95 = r.lags.length ? percentile(r.lags, 95) : Infinity
  const received = per(r.stats.frames - s0.frames)
  return {
    offered: rate,
    received,
    decoded: per(r.stats.decoded - s0.decoded),
    sent: per(b1.sent - b0.sent),
    skipped: per(b1.skipped - b0.skipped),
    heldBack: per(b1.heldBack - b0.heldBack),
    lagP95,
    hz,
    conflated: conflatedOf(r.stats) - conflatedOf(s0),
    dropped: droppedOf(r.stats) - droppedOf(s0),
    ok: lagP95 <= TARGET_LAG_MS && received >= 0.9 * per(b1.sent - b0.sent) && (hz.book ?? 0) >= TARGET_HZ,
    feedLimited: per(b1.sent - b0.sent) < 0.9 * rate,
  }
}

/** Stops the feed and waits until the worker has worked off its queue, so runs do not inherit a backlog. */
async function settle(page: Page, blaster: Blaster): Promise<void> {
  blaster.setRate(0)
  const start = Date.now()
  while (Date.now() - start < 30_000) {
    const s = await page.evaluate(() => (window as unknown as FeedPage).feed.mark())
    if (s.queued === 0) return
    await pause(100)
  }
}

const fmt = (s: Step) =>
  `offered ${s.offered}/s: sent ${s.sent.toFixed(0)}, received ${s.received.toFixed(0)}, decoded ${s.decoded.toFixed(0)}/s, lag p95 ${s.lagP95.toFixed(0)} ms, book ${(s.hz.book ?? 0).toFixed(1)} Hz, conflated ${s.conflated}, dropped ${s.dropped}${s.skipped + s.heldBack > 0 ? `, blaster short ${(s.skipped + s.heldBack).toFixed(0)}/s` : ''}`

export async function runFeedBlasterBench(): Promise<BenchResult[]> {
  const pages = await buildEnginePages()
  const blaster = await startBlaster(0, 0)
  const context = await launchPhone()
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${pages.url}feed.html`)
    await page.waitForFunction(() => 'feed' in window)
    await page.evaluate((url) => (window as unknown as FeedPage).feed.start(url), `ws://127.0.0.1:${blaster.port}/ws`)
    // Ready when the subscriptions are on the feed: a book snapshot arrives at a low rate.
    blaster.setRate(200)
    await page.evaluate(async () => {
      const f = (window as unknown as FeedPage).feed
      await f.mark()
      for (;;) {
        const r = await f.read()
        if ((r.counts.book ?? 0) > 0) return
        await new Promise((res) => setTimeout(res, 50))
      }
    })

    const maxes: number[] = []
    const runNotes: string[] = []
    let feedLimitedRuns = 0
    for (let run = 0; run < MIN_RUNS; run++) {
      let best: Step | undefined
      let stop: Step | undefined
      for (const rate of LADDER) {
        const s = await step(page, blaster, rate, WINDOW_MS)
        if (s.ok && (!best || s.received > best.received)) best = s
        if (!s.ok || s.feedLimited) {
          stop = s
          break
        }
      }
      await settle(page, blaster)
      maxes.push(best ? best.received : 0)
      if (stop?.feedLimited) feedLimitedRuns++
      const why = stop
        ? `; stopped at ${fmt(stop)}${stop.feedLimited ? ' (feed could not send the offered rate)' : ''}`
        : ''
      runNotes.push(`run ${run + 1}: ${best ? fmt(best) : 'no rate kept up'}${why}`)
    }
    const max = summarize(maxes, 'frames/s', 0)

    // 2× what the engine sustained here (at least 2× the lowest rate tried, so the row measures an overload).
    const overloadRate = Math.round(2 * Math.max(max.median, LADDER[0]!))
    const over: Step[] = []
    for (let run = 0; run < MIN_RUNS; run++) {
      over.push(await step(page, blaster, overloadRate, OVERLOAD_WINDOW_MS))
      await settle(page, blaster)
    }
    const minHz = (s: Step) => Math.min(s.hz.book ?? 0, s.hz.ticker ?? 0, s.hz.trades ?? 0)
    const hz = summarize(over.map(minHz), 'Hz', 1)
    // An overload the feed could not produce proves nothing: the row passes only if the worker received ≥ 1.8× the
    // sustained rate.
    const received = summarize(
      over.map((s) => s.received),
      'frames/s',
      0,
    )
    const reached = received.median >= 1.8 * Math.max(max.median, LADDER[0]!)
    const lag = summarize(
      over.map((s) => s.lagP95),
      'ms',
      0,
    )
    const mix = 'round robin of ticker, depth.step0 (150 levels), trade.detail, kline.1min for btcusdt'
    return [
      {
        name: `engine max frames/s, snapshot lag p95 ≤ ${TARGET_LAG_MS} ms (Chromium)`,
        value: Math.round(max.median),
        unit: 'frames/s',
        target: `≥ ${TARGET_FPS}`,
        pass: max.median >= TARGET_FPS,
        note: `${max.spread} (frames the worker received); ${mix}; ladder ${LADDER.join('/')}${feedLimitedRuns ? `; ${feedLimitedRuns} of ${MIN_RUNS} runs limited by the feed process, not the worker (machine CPU-starved)` : ''}; ${runNotes.join(' | ')}`,
      },
      {
        name: 'engine under 2× overload: snapshots/s per subscription (min)',
        value: Math.round(hz.median * 10) / 10,
        unit: 'Hz',
        target: `≥ ${TARGET_HZ} Hz`,
        pass: hz.median >= TARGET_HZ && reached,
        note: `${reached ? '' : `OVERLOAD NOT REACHED (worker received ${received.spread} of ${overloadRate} offered); `}${hz.spread}; lag p95 ${lag.spread}; ${over.map(fmt).join(' | ')}`,
      },
    ]
  } finally {
    await context.close()
    await blaster.close()
    pages.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runFeedBlasterBench())
    console.log(`${r.name}: ${r.value} ${r.unit} (target ${r.target}) — ${r.note}`)
}
