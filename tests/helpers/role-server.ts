/**
 * A server process with some roles (issue 22 part 3: ROLES, NATS_URL) on a PostgreSQL database, as a child process
 * started with tsx on server/cli/role-process.ts (`runMain`, stopping when the test process ends; no PWA build: only /api and the websockets are used). In its own process group,
 * so `stop()` takes the whole process down (SIGTERM, SIGKILL after 5 s) and nothing outlives the test.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const TSX = resolve('node_modules/.bin/tsx')

/** A running role process. */
export interface RoleServer {
  /** The process id, also its process group's (`process.kill(-pid, 'SIGKILL')` is kill -9 of the whole group). */
  pid: number
  /** Everything it printed so far. */
  output(): string
  /** The line it was awaited for: its start line (`TC Market: … · roles … · pid …`) unless `readyLine` said another. */
  startLine: string
  /**
   * The first line printed so far or within `timeoutMs` (default 120,000) that matches `pattern`.
   * @throws when the process exits first or the time runs out (its output in the message).
   */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>
  /** Resolves with its exit code (null when a signal ended it) once it exited. */
  exited: Promise<number | null>
  /** SIGTERM to the process group (SIGKILL after 5 s); resolves once it exited. Safe to call twice. */
  stop(): Promise<void>
  /** SIGKILL to the process group at once (a power cut: no shutdown hooks); resolves once it exited. */
  kill9(): Promise<void>
  /** SIGSTOP to the process group: it freezes (its sockets stay open, nothing is sent) until killed or stopped. */
  freeze(): void
  /** SIGCONT to the process group: a frozen process goes on. */
  thaw(): void
}

/** What a role process is started with. */
export interface RoleServerOptions {
  /** ROLES, e.g. `ingest,engine,jobs`. */
  roles: string
  databaseUrl: string
  natsUrl: string
  natsPrefix: string
  /** HTTP port (api role); default 0. */
  port?: number
  /** Market gateway port (gateway role); default 0. */
  marketPort?: number
  /** Its PostgreSQL connections' `application_name` (pg_stat_activity shows what each process is doing). */
  name?: string
  /** ms to wait for the start line (default 120,000). */
  timeoutMs?: number
  /** The line to resolve on instead of the start line (a standby ingest prints its start line only once active). */
  readyLine?: RegExp
}

/**
 * Starts the server (`runMain`) with `opts.roles` on the simulated market and resolves once it printed its start line (or
 * `opts.readyLine`).
 * @throws when it exits first or does not start within `timeoutMs` (its output in the message).
 */
export async function startRoleServer(opts: RoleServerOptions): Promise<RoleServer> {
  const child: ChildProcess = spawn(TSX, [resolve('server/cli/role-process.ts')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(opts.port ?? 0),
      MARKET_PORT: String(opts.marketPort ?? 0),
      MARKET_SOURCE: 'sim',
      LIVE_TRADING_ON_TEST_FEED: '1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tc-roles-')),
      DATABASE_URL: opts.name ? withAppName(opts.databaseUrl, opts.name) : opts.databaseUrl,
      ROLES: opts.roles,
      NATS_URL: opts.natsUrl,
      NATS_PREFIX: opts.natsPrefix,
    },
    detached: true,
    // stdin a pipe from this process (role-process.ts stops when it closes): never outlives the test run.
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let out = ''
  const waiters = new Set<() => void>()
  const heard = (b: Buffer) => {
    out += b.toString()
    for (const w of waiters) w()
  }
  child.stdin?.on('error', () => {})
  child.stdout?.on('data', heard)
  child.stderr?.on('data', heard)
  // 'close': exited and its output read to the end (an error line printed just before the exit is in `output()`).
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)))
  const alive = () => child.exitCode === null && child.signalCode === null
  let closed = false
  void exited.then(() => (closed = true))
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name)
    } catch {
      // the group is gone already
    }
  }
  const stop = async () => {
    if (!alive()) return signal('SIGKILL') // leftovers of the group, if any
    signal('SIGTERM')
    const late = setTimeout(() => signal('SIGKILL'), 5000)
    await exited
    clearTimeout(late)
  }
  const waitForLine = async (pattern: RegExp, timeoutMs = 120_000) => {
    const find = () => out.split('\n').find((l) => pattern.test(l))
    const found = await new Promise<string | undefined>((done) => {
      const timer = setTimeout(() => done(undefined), timeoutMs)
      const check = () => {
        const line = find()
        if (line !== undefined || closed) {
          clearTimeout(timer)
          waiters.delete(check)
          done(line)
        }
      }
      waiters.add(check)
      void exited.then(check)
      check()
    })
    if (found === undefined) throw new Error(`ROLES=${opts.roles} printed no line matching ${String(pattern)}:\n${out}`)
    return found
  }
  let startLine: string
  try {
    startLine = await waitForLine(opts.readyLine ?? /^TC Market:/, opts.timeoutMs)
  } catch (err) {
    await stop()
    throw err
  }
  const kill9 = async () => {
    signal('SIGKILL')
    await exited
  }
  return {
    pid: child.pid!,
    output: () => out,
    startLine,
    waitForLine,
    exited,
    stop,
    kill9,
    freeze: () => signal('SIGSTOP'),
    thaw: () => signal('SIGCONT'),
  }
}

/** `url` with `application_name=name` among its parameters. */
function withAppName(url: string, name: string): string {
  const u = new URL(url)
  u.searchParams.set('application_name', name)
  return u.toString()
}
