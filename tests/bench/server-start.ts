/**
 * Server start (issue 9 part 4): time from spawning `npm start`'s entry (`server/cli/launch.js` under plain node, which
 * imports the compiled server bundle) to the first 200 on GET /api/common/config, with dist/ and the bundle already
 * built and an existing PGlite data dir (the default database; a first start's one-time initdb and a stale bundle's
 * compile happen in an untimed warm-up start). Then the server's
 * RSS after IDLE_MS without requests. Targets ≤ 3 s and ≤ 150 MB; medians of ≥ 5 starts. A second RSS row runs the
 * same starts on PostgreSQL (DATABASE_URL, a fresh database on PG_ADMIN_URL's server) so the report shows how much of
 * the first is PGlite's; it is SKIPPED, saying why, when PostgreSQL is unreachable.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildReason } from '../../server/cli/build-freshness'
import { freePorts } from '../helpers/app-server'
import { PG_ADMIN_URL, createPgTestDatabase } from '../helpers/server-db'
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

/** One start: spawn, poll common/config until 200, idle, read VmRSS, stop. `databaseUrl` unset = PGlite. */
async function startOnce(dataDir: string, databaseUrl?: string): Promise<Start> {
  // Both ports chosen here: a market on port 0 could be handed the HTTP port just released by freePorts.
  const [port, marketPort] = await freePorts(2)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    MARKET_PORT: String(marketPort),
  }
  env.DATA_DIR = dataDir
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  else delete env.DATABASE_URL
  const t0 = performance.now()
  const child = spawn(process.execPath, ['server/cli/launch.js'], {
    cwd: ROOT,
    env,
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
  const postgres = await postgresRssRow(source)
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
      note: `${rss.spread}; VmRSS of the server process (node running the compiled bundle); ${context}`,
    },
    postgres,
  ]
}

/** The RSS row on PostgreSQL: a fresh database, one untimed start (migrations, seed), then MIN_RUNS starts. */
async function postgresRssRow(source: string): Promise<BenchResult> {
  const name = `server RSS after ${IDLE_MS / 1000} s idle, PostgreSQL (DATABASE_URL)`
  const target = `≤ ${TARGET_RSS_MB} MB`
  let created: Awaited<ReturnType<typeof createPgTestDatabase>>
  try {
    created = await createPgTestDatabase()
  } catch (err) {
    created = { unavailable: (err as Error).message }
  }
  if ('unavailable' in created) {
    const note = `SKIPPED: PostgreSQL unreachable at ${PG_ADMIN_URL} (set TEST_PG_ADMIN_URL): ${created.unavailable}`
    return { name, value: 0, unit: 'MB', target, pass: false, skipped: true, note }
  }
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'tc-bench-start-pg-'))
    await startOnce(dataDir, created.url)
    const starts: Start[] = []
    for (let i = 0; i < MIN_RUNS; i++) starts.push(await startOnce(dataDir, created.url))
    const rss = summarize(
      starts.map((s) => s.rssMb),
      'MB',
      0,
    )
    const ms = summarize(
      starts.map((s) => s.ms),
      'ms',
      0,
    )
    return {
      name,
      value: Math.round(rss.median),
      unit: 'MB',
      target,
      pass: rss.median <= TARGET_RSS_MB,
      note: `${rss.spread}; same server and market source ${source} on PostgreSQL instead of PGlite (the difference to the row above is PGlite's); start to first common/config 200 ${Math.round(ms.median)} ms (${ms.spread})`,
    }
  } finally {
    await created.drop()
  }
}
