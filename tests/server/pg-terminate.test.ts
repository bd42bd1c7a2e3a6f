/**
 * Issue 8 part 1.3: an operator (or a failover) terminating the app's PostgreSQL backends in the middle of requests.
 * The real server runs as its own process on a fresh database while a write burst (feedback submissions, one
 * transaction each) meets repeated `pg_terminate_backend` over every backend of that database. Before the fix the
 * first backend killed inside a transaction ended the process with an unhandled 'error' event (57P01).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { API_TIMEOUT_MS, CODE_OK, CODE_RETRY_LATER } from '../../common/constants'
import { serverMessage } from '../../server/content/server-messages'
import { freePort } from '../helpers/app-server'
import { describePostgres, PG_ADMIN_URL } from '../helpers/server-db'
import { makeUser, type TestUser } from '../helpers/server-users'

/** Users sharing the burst: feedback allows 10 an hour per user, and no user comes near it. */
const USERS = 50
const BURST = 300
const CONCURRENCY = 12
/** Requests answered between two termination rounds, so some transactions finish and others are cut. */
const ANSWERS_PER_ROUND = 3
const RETRY_MSG = serverMessage('en', 'retryLater')
/**
 * Terminates every backend of database $1 and returns their pids. The targets are materialized first: with the
 * filter and pg_terminate_backend in one WHERE the planner may call the function on other databases' backends.
 */
const TERMINATE_SQL = `with targets as materialized (
    select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()
  ) select pid from targets where pg_terminate_backend(pid)`

interface Outcome {
  i: number
  status: number
  code?: number
  msg?: string
  id?: number
  retryAfter?: string | null
  failure?: string
}

await describePostgres('backends terminated during a write burst', (open) => {
  let dbName = ''
  const users: TestUser[] = []
  let server: ChildServer

  beforeAll(async () => {
    const database = await open()
    const result: unknown = await database.db.execute(sql`select current_database() as name`)
    dbName = (result as { rows: { name: string }[] }).rows[0]!.name
    for (let n = 0; n < USERS; n++) users.push(await makeUser(database.db))
    await database.close()
    server = await startChild(dbUrl(dbName))
  }, 120_000)
  afterAll(() => server?.stop())

  it('keeps serving, answers each request with success or the retry envelope, and keeps every acknowledged write', async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
    await admin.connect()
    const answered = counter()
    const terminated = new Set<number>()
    let bursting = true
    const killer = (async () => {
      while (bursting) {
        const { rows } = await admin.query<{ pid: number }>(TERMINATE_SQL, [dbName])
        for (const r of rows) terminated.add(r.pid)
        await answered.reach(answered.value + ANSWERS_PER_ROUND)
      }
    })()

    const outcomes: Outcome[] = []
    let next = 0
    let broken = false // a wrong answer ends the burst early: the test fails on it either way
    const worker = async () => {
      while (next < BURST && !broken) {
        const i = next++
        const outcome = await submit(server.url, users[i % USERS]!, i)
        outcomes.push(outcome)
        broken ||= !isSuccess(outcome) && !isRetry(outcome)
        answered.bump()
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker))
    bursting = false
    answered.close()
    await killer

    expect(server.alive(), server.output()).toBe(true)
    expect(server.output()).not.toMatch(/unhandled|uncaught/i)
    const bad = outcomes.filter((o) => !isSuccess(o) && !isRetry(o))
    expect(bad, 'neither success nor the retry envelope').toEqual([])
    expect(terminated.size, 'backends terminated').toBeGreaterThan(0)
    expect(outcomes.filter(isRetry).length, 'requests cut by a termination').toBeGreaterThan(0)
    expect(outcomes.filter(isSuccess).length, 'requests that went through').toBeGreaterThan(0)

    // Once the terminations stop the pool has replaced its connections by itself: every request succeeds.
    await waitUntilGone(admin, [...terminated])
    await admin.end()
    for (let i = BURST; i < BURST + 20; i++) {
      const o = await submit(server.url, users[i % USERS]!, i)
      expect(o, 'request after the terminations stopped').toMatchObject({ status: 200, code: CODE_OK })
      outcomes.push(o)
    }

    const acknowledged = outcomes.filter(isSuccess)
    const check = new pg.Client({ connectionString: dbUrl(dbName) })
    await check.connect()
    const { rows } = await check.query<{ id: number; title: string }>('select id, title from feedback')
    await check.end()
    const stored = new Map(rows.map((r) => [r.id, r.title]))
    const lost = acknowledged.filter((o) => stored.get(o.id!) !== `burst-${o.i}`)
    expect(lost, 'acknowledged writes missing from the database').toEqual([])
  }, 180_000)
})

function isSuccess(o: Outcome): boolean {
  return o.status === 200 && o.code === CODE_OK && typeof o.id === 'number'
}

function isRetry(o: Outcome): boolean {
  return o.status === 503 && o.code === CODE_RETRY_LATER && o.msg === RETRY_MSG && o.retryAfter === '1'
}

async function submit(url: string, user: TestUser, i: number): Promise<Outcome> {
  try {
    const res = await fetch(`${url}/api/feedback/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: user.token, 'accept-language': 'en' },
      body: JSON.stringify({ type: 'other', title: `burst-${i}`, content: 'terminated backends' }),
      signal: AbortSignal.timeout(API_TIMEOUT_MS), // the app gives up then too
    })
    const body = (await res.json()) as { code: number; msg: string; data: { id?: number } | null }
    return {
      i,
      status: res.status,
      code: body.code,
      msg: body.msg,
      id: body.data?.id,
      retryAfter: res.headers.get('retry-after'),
    }
  } catch (err) {
    return { i, status: 0, failure: String(err) }
  }
}

function dbUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return url.toString()
}

/** A count that can be awaited: `reach(n)` resolves once `bump()` has brought it to n, or once `close()` ran. */
function counter() {
  let value = 0
  let closed = false
  let waiters: { n: number; resolve: () => void }[] = []
  return {
    get value() {
      return value
    },
    bump() {
      value++
      const due = waiters.filter((w) => w.n <= value)
      waiters = waiters.filter((w) => w.n > value)
      for (const w of due) w.resolve()
    },
    close() {
      closed = true
      for (const w of waiters.splice(0)) w.resolve()
    },
    reach(n: number): Promise<void> {
      return closed || n <= value ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))
    },
  }
}

/** Waits until none of `pids` is a live backend any more (termination is asynchronous on the server). */
async function waitUntilGone(admin: pg.Client, pids: number[]): Promise<void> {
  for (;;) {
    const { rows } = await admin.query('select 1 from pg_stat_activity where pid = any($1::int[])', [pids])
    if (rows.length === 0) return
    await new Promise((r) => setImmediate(r))
  }
}

interface ChildServer {
  url: string
  alive(): boolean
  output(): string
  stop(): Promise<void>
}

/**
 * The real server process (server/main.ts, no PWA build: only /api is exercised) on `databaseUrl`, resolved once
 * `common/config` answers. Its own process group, so stop() takes npx and tsx down too.
 */
async function startChild(databaseUrl: string): Promise<ChildServer> {
  const port = await freePort()
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    MARKET_PORT: String(await freePort()),
    MARKET_SOURCE: 'sim',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tc-pgterm-')),
    DATABASE_URL: databaseUrl,
  }
  const child: ChildProcess = spawn('npx', ['tsx', 'server/main.ts'], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()))
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const alive = () => child.exitCode === null && child.signalCode === null
  const url = `http://127.0.0.1:${port}`
  const signal = (name: NodeJS.Signals) => {
    if (alive() && child.pid !== undefined) process.kill(-child.pid, name)
  }
  const stop = async () => {
    signal('SIGTERM')
    const late = setTimeout(() => signal('SIGKILL'), 5000)
    await exited
    clearTimeout(late)
  }
  const deadline = Date.now() + 100_000
  for (;;) {
    if (!alive()) throw new Error(`server exited:\n${out}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`server did not answer:\n${out}`)
    }
    const up = await fetch(`${url}/api/common/config`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return { url, alive, output: () => out, stop }
    await new Promise((r) => setTimeout(r, 200))
  }
}
