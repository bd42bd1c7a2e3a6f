/**
 * Starts the real server (`npm start`'s entry: build if needed, then serve) as a child process on free ports, for
 * the end-to-end tests and benchmarks. The child is its own process group so `stop()` (or a crash of the test run)
 * takes the whole server down; `kill()` stops it abruptly, as a lost connection would look to the app.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface AppServer {
  url: string
  port: number
  marketPort: number
  dataDir: string
  /** Everything the server printed so far. */
  output(): string
  stop(): Promise<void>
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!
}

/**
 * `n` different free TCP ports on 127.0.0.1: all held open at once before any is released, so two calls in a row
 * cannot answer the same port (the kernel hands a just-released port out again).
 */
export async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const srv = createServer()
          srv.once('error', reject)
          srv.listen(0, '127.0.0.1', () => resolve(srv))
        }),
    ),
  )
  const ports = servers.map((srv) => {
    const addr = srv.address()
    return typeof addr === 'object' && addr ? addr.port : 0
  })
  await Promise.all(servers.map((srv) => new Promise<void>((resolve) => srv.close(() => resolve()))))
  return ports
}

/**
 * A base port such that it and the `n - 1` ports after it are all free on 127.0.0.1 (held open together, then
 * released), for servers on consecutive ports (`npm run cluster`: PORT, PORT+1, …). Drawn below Linux's ephemeral
 * range (32768+), where outgoing connections take their local ports.
 * @throws after 50 draws without such a range
 */
export async function freePortRange(n: number): Promise<number> {
  const listen = (port: number) =>
    new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
      const srv = createServer()
      srv.once('error', reject)
      srv.listen(port, '127.0.0.1', () => resolve(srv))
    })
  for (let draw = 0; draw < 50; draw++) {
    const base = 20_000 + Math.floor(Math.random() * (12_000 - n))
    const held = await Promise.allSettled(Array.from({ length: n }, (_, i) => listen(base + i)))
    const servers = held.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    await Promise.all(servers.map((srv) => new Promise<void>((resolve) => srv.close(() => resolve()))))
    if (servers.length === n) return base
  }
  throw new Error(`no ${n} consecutive free ports found`)
}

export interface StartOptions {
  env?: Record<string, string>
  dataDir?: string
  port?: number
  marketPort?: number
  /** ms to wait for `common/config` to answer (includes a build). */
  timeoutMs?: number
}

/** Starts `npm start`'s entry (`server/cli/launch.js`: compiles the server bundle and builds dist/ when stale) and resolves once `/api/common/config` answers code 1. */
export async function startAppServer(opts: StartOptions = {}): Promise<AppServer> {
  const [freeHttp, freeMarket] = await freePorts(2)
  const port = opts.port ?? freeHttp!
  const marketPort = opts.marketPort ?? freeMarket!
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'tc-e2e-'))
  let out = ''
  const child: ChildProcess = spawn(process.execPath, ['server/cli/launch.js'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      MARKET_PORT: String(marketPort),
      DATA_DIR: dataDir,
      // The financial products' clock may be moved (`admin clock advance 1d`): the e2e journey waits a "day" in seconds.
      CLOCK_CONTROL: '1',
      ...opts.env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()))
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()))
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = () => stopGroup(child, exited)
  const deadline = Date.now() + (opts.timeoutMs ?? 240_000)
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`)
    try {
      const res = await fetch(`${url}/api/common/config`)
      const body = (await res.json()) as { code: number }
      if (body.code === 1) return { url, port, marketPort, dataDir, output: () => out, stop }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  await stop()
  throw new Error(`server did not answer within the timeout:\n${out}`)
}

/**
 * SIGTERM to the server's process group, SIGKILL after 5 s. Resolves once the child has exited, also when it had
 * already (a second `stop()`), so no caller waits on an `exit` event that fired long ago.
 */
async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal)
    } catch {
      // the group is gone already
    }
  }
  if (child.exitCode !== null || child.signalCode !== null) {
    signalGroup('SIGKILL') // leftovers of the group, if any
    return
  }
  signalGroup('SIGTERM')
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      signalGroup('SIGKILL')
      resolve()
    }, 5000)
  })
  await Promise.race([exited, late])
  clearTimeout(timer)
}
