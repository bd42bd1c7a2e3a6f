/**
 * Lighthouse 12 mobile on /home (issue 9 part 4), the `lighthouse` npm package driving Debian Chromium: its default
 * config is the mobile preset (Moto G Power screen, simulated mobileSlow4G network and 4× CPU, "simulate"
 * throttling). Performance category only. Each figure is the median of 5 runs in one browser (Lighthouse clears the
 * HTTP cache, service workers and Cache Storage before each run, so every run is a cold load); the LCP element of
 * the median-LCP run is named in the note, so "LCP on real content, not a splash" can be read off the output.
 *
 * Targets (issue 9 table): performance score ≥ 0.85, LCP ≤ 2.5 s, TBT ≤ 300 ms. Then the trading screens
 * (lighthouse-trading.ts, issue 24 part 10).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import type { BenchResult } from './types'
import { summarize, MIN_RUNS } from './stats'
import { startAppServer } from '../helpers/app-server'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/browser'

/** One Lighthouse run's figures. */
export interface Run {
  score: number
  lcpMs: number
  tbtMs: number
  cls: number
  /** The LCP element as Lighthouse labels it: "selector — snippet". */
  lcpElement: string
  /** The run's longest main-thread tasks as Lighthouse lists them: "file duration ms" (simulated, or as they ran). */
  longTasks: string[]
}

interface NodeItem {
  node?: { selector?: string; snippet?: string; nodeLabel?: string }
}

/** Reads the LCP element out of the `largest-contentful-paint-element` audit (a list whose first table holds it). */
function lcpElementOf(details: unknown): string {
  const list = details as { items?: { items?: NodeItem[] }[] } | undefined
  const node = list?.items?.[0]?.items?.[0]?.node
  if (!node) return 'none reported'
  const snippet = (node.snippet ?? '').replace(/\s+/g, ' ').slice(0, 120)
  return `${node.selector ?? '?'} — ${snippet}${node.nodeLabel ? ` ("${node.nodeLabel.slice(0, 60)}")` : ''}`
}

/** The three longest tasks of the `long-tasks` audit: script file (or "other") and duration. */
function longTasksOf(details: unknown): string[] {
  const items = (details as { items?: { url?: string; duration?: number }[] } | undefined)?.items ?? []
  return [...items]
    .sort((x, y) => (y.duration ?? 0) - (x.duration ?? 0))
    .slice(0, 3)
    .map((t) => `${(t.url ?? '').split('/').pop() || 'other'} ${Math.round(t.duration ?? 0)} ms`)
}

/**
 * One Lighthouse run of `url` in the Chromium on `port`: a cold load (Lighthouse clears cache, workers and storage),
 * or with `warm` its storage reset left out (the page's worker, caches and session kept). `throttling` 'simulate'
 * (Lighthouse's default: an unthrottled load whose trace Lantern replays at mobileSlow4G and 4× CPU) or 'devtools'
 * (the page really loads under those throttles; its figures are what happened, not a model of it).
 */
export async function audit(
  url: string,
  port: number,
  warm = false,
  throttling: 'simulate' | 'devtools' = 'simulate',
): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: warm,
    throttlingMethod: throttling,
  })
  const lhr = result?.lhr
  if (!lhr) throw new Error('lighthouse returned no result')
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  // LIGHTHOUSE_DUMP=<dir> keeps every run's full report there (bootup-time, main-thread breakdown, long tasks).
  const dump = process.env.LIGHTHOUSE_DUMP
  if (dump) {
    await mkdir(dump, { recursive: true })
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${warm ? 'warm' : 'cold'}-${throttling}-${Date.now()}.json`
    await writeFile(join(dump, name), JSON.stringify(lhr))
    const trace = (result.artifacts as { Trace?: unknown }).Trace
    if (trace) await writeFile(join(dump, name.replace(/\.json$/, '.trace.json')), JSON.stringify(trace))
  }
  const a = lhr.audits
  return {
    score: lhr.categories.performance?.score ?? 0,
    lcpMs: a['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: a['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: a['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    lcpElement: lcpElementOf(a['largest-contentful-paint-element']?.details),
    longTasks: longTasksOf(a['long-tasks']?.details),
  }
}

export async function runLighthouseBench(): Promise<BenchResult[]> {
  const server = await startAppServer({ env: { MARKET_SOURCE: 'sim' } })
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  })
  try {
    const runs: Run[] = []
    for (let i = 0; i < MIN_RUNS; i++) runs.push(await audit(`${server.url}/home`, chrome.port))
    const score = summarize(
      runs.map((r) => r.score),
      '',
      2,
    )
    const lcp = summarize(
      runs.map((r) => r.lcpMs / 1000),
      's',
      2,
    )
    const tbt = summarize(
      runs.map((r) => r.tbtMs),
      'ms',
      0,
    )
    const byLcp = [...runs].sort((a, b) => a.lcpMs - b.lcpMs)
    const medianRun = byLcp[byLcp.length >> 1]!
    const elements = [...new Set(runs.map((r) => r.lcpElement))]
    const home: BenchResult[] = [
      {
        name: 'Lighthouse mobile /home: performance score',
        value: Math.round(score.median * 100) / 100,
        unit: '',
        target: '≥ 0.85',
        pass: score.median >= 0.85,
        note: `${score.spread}; Lighthouse 12 default (mobile) config, simulated throttling, Debian Chromium`,
      },
      {
        name: 'Lighthouse mobile /home: LCP',
        value: Math.round(lcp.median * 100) / 100,
        unit: 's',
        target: '≤ 2.5 s',
        pass: lcp.median <= 2.5,
        note:
          `${lcp.spread}; LCP element of the median run: ${medianRun.lcpElement}` +
          (elements.length > 1
            ? `; other runs: ${elements.filter((e) => e !== medianRun.lcpElement).join(' | ')}`
            : ''),
      },
      {
        name: 'Lighthouse mobile /home: TBT',
        value: Math.round(tbt.median),
        unit: 'ms',
        target: '≤ 300 ms',
        pass: tbt.median <= 300,
        note: tbt.spread,
      },
    ]
    return home
  } finally {
    chrome.kill()
    await server.stop()
  }
}
