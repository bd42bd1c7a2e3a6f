/**
 * Server start (issue 9 part 4): time from spawning `npm start`'s entry (`server/cli/start.ts` under tsx, one node
 * process) to the first 200 on GET /api/common/config, with dist/ already built and an existing PGlite data dir
 * (the default database; a first start's one-time initdb is done in an untimed warm-up start). Then the server's
 * RSS after IDLE_MS without requests. Targets ≤ 3 s and ≤ 150 MB; medians of ≥ 5 starts.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildReason } from '../../server/cli/build-freshness'
import { freePort } from '../helpers/app-server'
import { MIN_RUNS, summarize } from './stats'
import type { BenchResult } from './types'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const TARGET_START_MS = 3000
const TARGET_RSS_MB = 150
/** How long the server sits without requests before its RSS is read, ms. */
const IDLE_MS = 5000
/** Interval of the readiness probe, ms (bounds the start figure's resolution). */
const POLL_MS = 25

interface Start {
  ms: number
  rssMb: number
  output: string
}

/** One start: spawn, poll common/config until 200, idle, read VmRSS, stop. */
async function startOnce(dataDir: string): Promise<Start> {
  const port = await freePort()
  const t0 = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), MARKET_PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (b: Buffer) => (output += b.toString()))
  child.stderr.on('data', (b: Buffer) => (output += b.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    let ms = 0
    while (!ms) {
      if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${output}`)
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/common/config`)).status === 200) ms = performance.now() - t0
      } catch {
        // not listening yet
      }
      if (!ms) await new Promise((r) => setTimeout(r, POLL_MS))
    }
    await new Promise((r) => setTimeout(r, IDLE_MS))
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
    return { ms, rssMb: rssKb / 1024, output }
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

/** Runs the bench: builds dist/ first if stale (untimed), one warm-up start, then MIN_RUNS timed starts. */
export async function runServerStartBench(): Promise<BenchResult[]> {
  if (buildReason(ROOT)) {
    const build = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'ignore' })
    if (build.status !== 0) throw new Error('vite build failed')
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tc-bench-start-'))
  const first = await startOnce(dataDir)
  const starts: Start[] = []
  for (let i = 0; i < MIN_RUNS; i++) starts.push(await startOnce(dataDir))
  const time = summarize(
    starts.map((s) => s.ms),
    'ms',
    0,
  )
  const rss = summarize(
    starts.map((s) => s.rssMb),
    'MB',
    0,
  )
  const source = /market source (\S+)/.exec(starts[0]!.output)?.[1] ?? '?'
  const context = `PGlite in DATA_DIR, market source ${source} (MARKET_SOURCE default auto)`
  return [
    {
      name: 'server start to first common/config 200',
      value: Math.round(time.median),
      unit: 'ms',
      target: `≤ ${TARGET_START_MS} ms`,
      pass: time.median <= TARGET_START_MS,
      note: `${time.spread}; dist built, existing data dir (first start with initdb: ${Math.round(first.ms)} ms, untimed); ${context}`,
    },
    {
      name: `server RSS after ${IDLE_MS / 1000} s idle`,
      value: Math.round(rss.median),
      unit: 'MB',
      target: `≤ ${TARGET_RSS_MB} MB`,
      pass: rss.median <= TARGET_RSS_MB,
      note: `${rss.spread}; VmRSS of the server process (node + tsx loader); ${context}`,
    },
  ]
}
