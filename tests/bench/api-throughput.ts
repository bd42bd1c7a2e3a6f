/**
 * API throughput (issue 9 part 4): autocannon against GET common/config and currency/currency_list of the real
 * server (`npm start`'s entry, PGlite, its own process), and against a bare Fastify route serving a body of the same
 * size (its own process), in the same run. autocannon runs in its own process too, so the load generator does not
 * share an event loop with either server. Figures: req/s ratio to bare (target ≥ 0.5×) and p99 latency (≤ 20 ms),
 * each the median of ≥ 5 rounds; the rounds alternate the targets so drift of the shared machine hits all alike.
 *
 * The file is also the entry of the bare server child (`BENCH_ROLE=bare-server`).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startAppServer, freePort, type AppServer } from '../helpers/app-server'
import { MIN_RUNS, summarize } from './stats'
import type { BenchResult } from './types'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const AUTOCANNON = join(ROOT, 'node_modules/autocannon/autocannon.js')
/** Connections and seconds per autocannon run (no pipelining: each connection waits for its answer, as browsers do). */
const CONNECTIONS = 10
const DURATION_S = 4
const TARGET_RATIO = 0.5
const TARGET_P99_MS = 20
const PATHS = ['/api/common/config', '/api/currency/currency_list'] as const

interface Run {
  rps: number
  p99: number
  non2xx: number
}

/** One autocannon run in a child process; resolves with its mean req/s and p99 latency (ms). */
function autocannon(url: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(DURATION_S), '--json', url],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (b: Buffer) => (out += b.toString()))
    child.stderr.on('data', (b: Buffer) => (err += b.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`))
      const r = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number }
      resolve({ rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx })
    })
  })
}

/** Starts the bare Fastify server child serving `bodies` (path → exact JSON text); resolves with its origin. */
async function startBare(bodies: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const dir = mkdtempSync(join(tmpdir(), 'tc-bench-bare-'))
  const file = join(dir, 'bodies.json')
  writeFileSync(file, JSON.stringify(bodies))
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: ROOT,
    env: { ...process.env, BENCH_ROLE: 'bare-server', BARE_PORT: String(port), BARE_BODIES: file },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => {
      if (b.toString().includes('listening')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)))
  })
  return { url: `http://127.0.0.1:${port}`, child }
}

/** The bare server: one route per body, answering it as a string with the JSON content type (no hooks, no DB). */
async function runBareServer(): Promise<void> {
  const { default: Fastify } = await import('fastify')
  const { readFileSync } = await import('node:fs')
  const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES!, 'utf8')) as Record<string, string>
  const app = Fastify({ logger: false })
  for (const [path, body] of Object.entries(bodies)) {
    app.get(path, (_req, reply) => reply.type('application/json; charset=utf-8').send(body))
  }
  await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' })
  process.stdout.write('listening\n')
}

/** Runs the bench: the app and bare servers, then MIN_RUNS alternating rounds of autocannon on each path. */
export async function runApiThroughputBench(): Promise<BenchResult[]> {
  let server: AppServer | undefined
  let bare: { url: string; child: ChildProcess } | undefined
  try {
    server = await startAppServer({ env: { MARKET_SOURCE: 'sim' } })
    const bodies: Record<string, string> = {}
    for (const path of PATHS) bodies[path] = await (await fetch(server.url + path)).text()
    bare = await startBare(bodies)
    // Warm-up: JIT both servers and the answer cache before anything counts.
    for (const path of PATHS) {
      await autocannon(server.url + path)
      await autocannon(bare.url + path)
    }
    const samples = new Map<string, { app: Run[]; bare: Run[] }>(PATHS.map((p) => [p, { app: [], bare: [] }]))
    for (let round = 0; round < MIN_RUNS; round++) {
      for (const path of PATHS) {
        const s = samples.get(path)!
        s.app.push(await autocannon(server.url + path))
        s.bare.push(await autocannon(bare.url + path))
      }
    }
    return PATHS.flatMap((path) => results(path, bodies[path]!.length, samples.get(path)!))
  } finally {
    bare?.child.kill('SIGTERM')
    await server?.stop()
  }
}

function results(path: string, bytes: number, s: { app: Run[]; bare: Run[] }): BenchResult[] {
  const name = path.replace('/api/', '')
  const ratios = s.app.map((r, i) => r.rps / s.bare[i]!.rps)
  const ratio = summarize(ratios, '×', 3)
  const rps = summarize(
    s.app.map((r) => r.rps),
    'req/s',
    0,
  )
  const bareRps = summarize(
    s.bare.map((r) => r.rps),
    'req/s',
    0,
  )
  const p99 = summarize(
    s.app.map((r) => r.p99),
    'ms',
    1,
  )
  const bareP99 = summarize(
    s.bare.map((r) => r.p99),
    'ms',
    1,
  )
  const failed = s.app.reduce((n, r) => n + r.non2xx, 0)
  const load = `autocannon -c ${CONNECTIONS} -d ${DURATION_S} in its own process; body ${bytes} B`
  return [
    {
      name: `API ${name} req/s vs bare Fastify`,
      value: Number(ratio.median.toFixed(3)),
      unit: '×',
      target: `≥ ${TARGET_RATIO}×`,
      pass: ratio.median >= TARGET_RATIO && failed === 0,
      note: `${ratio.spread}; app ${rps.median.toFixed(0)} req/s (${rps.spread}), bare ${bareRps.median.toFixed(0)} req/s (${bareRps.spread}); ${load}${failed ? `; ${failed} non-2xx answers` : ''}`,
    },
    {
      name: `API ${name} p99 latency`,
      value: Number(p99.median.toFixed(1)),
      unit: 'ms',
      target: `≤ ${TARGET_P99_MS} ms`,
      pass: p99.median <= TARGET_P99_MS,
      note: `${p99.spread}; bare route p99 ${bareP99Text(bareP99.median)} (${bareP99.spread}); ${load}`,
    },
  ]
}

function bareP99Text(ms: number): string {
  return `${ms.toFixed(1)} ms`
}

if (process.env.BENCH_ROLE === 'bare-server') void runBareServer()
