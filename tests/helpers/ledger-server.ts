/**
 * The real server as a child process on a PostgreSQL database, for the ledger's crash test and bench: started with
 * tsx on server/cli/role-process.ts (`runMain`, stopping when the test process ends; no PWA build: only /api is used; simulated market), in its own process group so `kill9()`
 * takes it down at once like a power cut (SIGKILL: no shutdown hooks, open transactions cut mid-way) and `stop()`
 * ends it cleanly. Also the admin CLI's `ledger check` on the same database.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort } from './app-server'

const TSX = resolve('node_modules/.bin/tsx')

/** A running server process. */
export interface LedgerServer {
  url: string
  /** The process has not exited. */
  alive(): boolean
  /** Everything it printed. */
  output(): string
  /** SIGKILL to the whole process group; resolves once the server process is gone. */
  kill9(): Promise<void>
  /** SIGTERM (SIGKILL after 5 s); resolves once it exited. */
  stop(): Promise<void>
}

/**
 * Starts the server on `databaseUrl` (fresh free ports, a fresh DATA_DIR) and resolves once `common/config` answers.
 * @throws when it exits first or does not answer within `timeoutMs`.
 */
export async function startLedgerServer(databaseUrl: string, timeoutMs = 120_000): Promise<LedgerServer> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'tc-ledger-'))
  const child: ChildProcess = spawn(TSX, [resolve('server/cli/role-process.ts')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      MARKET_PORT: String(await freePort()),
      MARKET_SOURCE: 'sim',
      // A test venue: live-book orders on the simulated feed (refused without it, issue 21 part 7).
      LIVE_TRADING_ON_TEST_FEED: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
    },
    detached: true,
    // stdin a pipe from this process (role-process.ts stops when it closes): never outlives the test run.
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdin?.on('error', () => {})
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()))
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()))
  // The data folder goes with the process (a restart gets a new one).
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      rmSync(dataDir, { recursive: true, force: true })
      done()
    }),
  )
  const alive = () => child.exitCode === null && child.signalCode === null
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, name)
    } catch {
      // the group is gone already
    }
  }
  const url = `http://127.0.0.1:${port}`
  const server: LedgerServer = {
    url,
    alive,
    output: () => out,
    async kill9() {
      signal('SIGKILL')
      await exited
    },
    async stop() {
      if (!alive()) return signal('SIGKILL') // leftovers of the group, if any
      signal('SIGTERM')
      const late = setTimeout(() => signal('SIGKILL'), 5000)
      await exited
      clearTimeout(late)
    },
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (!alive()) throw new Error(`server exited:\n${out}`)
    if (Date.now() > deadline) {
      await server.stop()
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${out}`)
    }
    const up = await fetch(`${url}/api/common/config`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return server
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** `npm run admin -- ledger check` on `databaseUrl`: its exit status and output. */
export function ledgerCheckCli(
  databaseUrl: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tc-ledger-cli-'))
  return new Promise((done) => {
    const child = spawn(TSX, [resolve('server/cli/admin.ts'), 'ledger', 'check'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('close', (status) => {
      rmSync(dataDir, { recursive: true, force: true })
      done({ status, stdout, stderr })
    })
  })
}
