/**
 * `npm run cluster` (server/cli/cluster.ts) as a child process of a test: package.json's "cluster" command run with
 * plain node (no npm and shell in between, so a signal sent to it is the cluster's own), in its own process group.
 * It keeps the output, reads the cluster's one line per process, waits for lines or the exit, and `kill()` leaves
 * nothing behind whatever state the cluster is in, even when the cluster misreports its processes: each inherits a
 * marker variable of this run, by which `kill()` finds them in /proc.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

/** One `<role>#<n> pid <pid> [url]` line of the cluster. */
export interface UpLine {
  /** e.g. `api#1` */
  name: string
  pid: number
  /** The api's http:// or the gateway's ws:// URL; undefined for the other roles. */
  url?: string
}

/** A running `npm run cluster`. */
export interface ClusterCommand {
  pid: number
  /** What it printed so far on stdout / stderr. */
  stdout(): string
  stderr(): string
  /** Its per-process lines so far, in the order printed. */
  upLines(): UpLine[]
  /** Resolves with the first stdout line matching `re`. @throws when it exits first or after `timeoutMs`. */
  waitForLine(re: RegExp, timeoutMs: number): Promise<string>
  /** Pids of it and the processes it started that still run (found by the marker, whatever the cluster printed). */
  running(): number[]
  /** Its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /**
   * Unless it exited: SIGTERM (it stops its processes), SIGKILL to its group after 10 s; waits for its exit. Then
   * SIGKILL to any process it started that still runs. Safe to call in any state, twice too.
   */
  kill(): Promise<void>
}

/** Environment variable every process of a test's cluster inherits (value: random, one per cluster). */
const MARKER = 'TC_TEST_CLUSTER'

/** Pids of this user's processes whose environment holds `entry` (`NAME=value`). */
function processesWith(entry: string): number[] {
  return readdirSync('/proc').flatMap((name) => {
    if (!/^\d+$/.test(name)) return []
    try {
      return readFileSync(`/proc/${name}/environ`, 'utf8').split('\0').includes(entry) ? [Number(name)] : []
    } catch {
      return [] // gone, or not ours
    }
  })
}

const UP_LINE = /^((?:ingest|api|gateway|engine|jobs)#\d+) pid (\d+)(?: (\S+))?(?: standby)?$/

/**
 * The arguments to node of package.json's "cluster" script (`exec node server/cli/launch.js --cluster`: the shell
 * npm runs it in makes way for node, so the signals npm forwards reach the cluster).
 */
function clusterScript(): string[] {
  const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { scripts: Record<string, string> }
  const [program, ...args] = pkg.scripts.cluster!.replace(/^exec /, '').split(' ')
  if (program !== 'node') throw new Error(`the cluster script does not start with node: ${pkg.scripts.cluster}`)
  return args
}

/** Starts `npm run cluster -- <flags>` with `env` over this process's environment. */
export function runClusterCommand(flags: string[], env: Record<string, string>): ClusterCommand {
  const mark = randomBytes(6).toString('hex')
  const child = spawn(process.execPath, [...clusterScript(), ...flags], {
    env: { ...process.env, ...env, [MARKER]: mark },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  const waiters = new Set<() => void>()
  const heard = () => {
    for (const w of waiters) w()
  }
  child.stdout.on('data', (b: Buffer) => {
    out += b.toString()
    heard()
  })
  child.stderr.on('data', (b: Buffer) => (err += b.toString()))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  )
  let over = false
  void exited.then(() => {
    over = true
    heard()
  })
  const lines = () => out.split('\n')
  const upLines = () =>
    lines().flatMap((l) => {
      const m = UP_LINE.exec(l)
      return m ? [{ name: m[1]!, pid: Number(m[2]), ...(m[3] ? { url: m[3] } : {}) }] : []
    })
  const waitForLine = (re: RegExp, timeoutMs: number) =>
    new Promise<string>((done, fail) => {
      const timer = setTimeout(() => finish(undefined), timeoutMs)
      const finish = (line: string | undefined) => {
        clearTimeout(timer)
        waiters.delete(check)
        if (line !== undefined) done(line)
        else fail(new Error(`no line ${re} (${over ? 'the cluster exited' : 'timeout'}):\n${out}\n${err}`))
      }
      const check = () => {
        const line = lines().find((l) => re.test(l))
        if (line !== undefined || over) finish(line)
      }
      waiters.add(check)
      check()
    })
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name)
    } catch {
      // gone already
    }
  }
  const running = () => processesWith(`${MARKER}=${mark}`).filter((pid) => !processEnded(pid))
  const kill = async () => {
    if (!over) {
      signal(child.pid!, 'SIGTERM')
      const late = setTimeout(() => signal(-child.pid!, 'SIGKILL'), 10_000)
      await exited
      clearTimeout(late)
    }
    for (const pid of running()) signal(pid, 'SIGKILL')
  }
  return { pid: child.pid!, stdout: () => out, stderr: () => err, upLines, waitForLine, running, exited, kill }
}

/**
 * Whether process `pid` has ended: no such process (ESRCH), or a zombie. An orphan's zombie stays listed on a
 * machine whose init does not reap (this one's), though nothing of it runs.
 */
export function processEnded(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH'
  }
  try {
    return /^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return true
  }
}
