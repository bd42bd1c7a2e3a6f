/**
 * `npm run cluster -- --api 2 --gateway 2 --engine 2` (issue 22 part 5): the roles of the venue as processes on one
 * machine, against PostgreSQL (DATABASE_URL) and NATS (NATS_URL). Flags, ports and lines: server/cli/cluster-plan.ts
 * (CLUSTER_HELP). Runs from the server bundle (`node server/cli/launch.js --cluster`, which compiled it when stale);
 * each role process is `node server/cli/launch.js --cluster-child` on that same bundle (server/cli/role-process.ts):
 * plain node, no compiler or TypeScript loader in the children.
 *
 * Ingest starts first and the others once it printed its start line (they ask it for the market snapshot at start),
 * all together. Every process is its own process group, so a Ctrl-C at the terminal reaches only this process, which
 * then stops them: SIGTERM to each group, SIGKILL after 5 s, and exits 0 once every one has exited; so it does when
 * its parent process is gone. A process that exits on its own, or does not start, stops the whole cluster with exit 1
 * (no restarts: simple and predictable).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { buildReason } from './build-freshness'
import {
  CLUSTER_HELP,
  ClusterUsageError,
  isStandbyLine,
  isStartLine,
  parseClusterArgs,
  planCluster,
  upLine,
  type ClusterPlan,
  type ClusterProcess,
} from './cluster-plan'

const root = fileURLToPath(new URL('../..', import.meta.url))
const LAUNCH = join(root, 'server', 'cli', 'launch.js')
/** ms a process may take to print its start line (migrations, seeding, the market's history). */
const START_TIMEOUT_MS = 120_000
/** ms from SIGTERM to SIGKILL when stopping. */
const KILL_AFTER_MS = 5000
/** Lines of a process's output shown again when it fails to start. */
const TAIL_LINES = 20

/** A started role process. */
interface Member {
  proc: ClusterProcess
  child: ChildProcess
  /** Its last TAIL_LINES lines of output. */
  tail: string[]
  /** Set once it printed its start line (or, an ingest, that it is the standby). */
  up: boolean
  /** An ingest waiting as the standby: its start line comes when it takes over. */
  standby?: boolean
  /** Resolves once it printed its start line (never rejects: failures go through `Supervisor.fail`). */
  ready: Promise<void>
  /** Set once it exited and its output ended: `exit code 1` or `signal SIGKILL`. */
  exit?: string
  /** Resolves with `exit` once it exited and its output ended. */
  closed: Promise<string>
}

/** Starts, watches and stops the processes of one plan. */
class Supervisor {
  private readonly members: Member[] = []
  private ending = false
  private endWith!: (code: number) => void
  /** Resolves with the exit code once every process has exited. */
  readonly ended = new Promise<number>((resolve) => (this.endWith = resolve))
  private readonly timers = new Set<NodeJS.Timeout>()

  /** Starts `plan.first`, then once it is up the rest; resolves with the exit code once the cluster stopped. */
  async run(plan: ClusterPlan): Promise<number> {
    const first = this.start(plan.first)
    await Promise.race([first.ready, this.ended])
    if (!this.ending) {
      const rest = plan.rest.map((proc) => this.start(proc))
      await Promise.race([Promise.all(rest.map((m) => m.ready)), this.ended])
      if (!this.ending) say(`cluster: ${this.members.length} processes up; Ctrl-C stops them all`)
    }
    return this.ended
  }

  /**
   * SIGINT/SIGTERM (`why`): stops every process, exit 0. Signals while stopping change nothing (npm forwards the
   * terminal's Ctrl-C, which reached this process already); SIGKILL follows SIGTERM after KILL_AFTER_MS anyway.
   */
  stop(why: string): void {
    if (this.ending) return
    say(`cluster: ${why}: stopping ${this.members.filter((m) => !m.exit).length} processes`)
    void this.shutdown(0)
  }

  private start(proc: ClusterProcess): Member {
    // Its name as an argument too, so `ps` tells the processes apart (launch.js reads only the first).
    const child = spawn(process.execPath, [LAUNCH, '--cluster-child', proc.name], {
      cwd: root,
      env: { ...process.env, ...proc.env },
      // Its own process group: the terminal's Ctrl-C reaches the cluster only, which stops the processes in turn.
      detached: true,
      // stdin stays open as long as this process lives: role-process.ts stops when it closes.
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let markReady!: () => void
    const member: Member = {
      proc,
      child,
      tail: [],
      up: false,
      ready: new Promise((resolve) => (markReady = resolve)),
      closed: new Promise((resolve) =>
        child.once('close', (code, signal) =>
          resolve((member.exit = signal ? `signal ${signal}` : `exit code ${code}`)),
        ),
      ),
    }
    this.members.push(member)
    const onLine = (line: string, write: (text: string) => void) => {
      write(`[${proc.name}] ${line}\n`)
      member.tail.push(line)
      if (member.tail.length > TAIL_LINES) member.tail.shift()
      if (!member.up && (isStartLine(line) || isStandbyLine(line))) {
        member.up = true
        member.standby = isStandbyLine(line)
        say(`${upLine(proc, child.pid ?? 0, line)}${member.standby ? ' standby' : ''}`)
        markReady()
      } else if (member.standby && isStartLine(line)) {
        member.standby = false
        say(`${proc.name} pid ${child.pid ?? 0} active (took over as ingest)`)
      }
    }
    createInterface({ input: child.stdout }).on('line', (l) => onLine(l, say))
    createInterface({ input: child.stderr }).on('line', (l) => onLine(l, (t) => process.stderr.write(t)))
    child.stdin.on('error', () => {}) // a process that exited closes its end; nothing is ever written to it
    child.once('error', (err) => void this.fail(member, `could not be started: ${err.message}`))
    void member.closed.then((exit) => {
      // The ingest standby takes over from a dead active ingest (its lease): the cluster goes on.
      const standby = this.members.find((m) => m !== member && m.proc.role === 'ingest' && !m.exit && m.up)
      if (member.up && proc.role === 'ingest' && standby && !this.ending) {
        say(`cluster: ${proc.name} pid ${child.pid ?? '-'} exited (${exit}); ${standby.proc.name} takes over`)
        return
      }
      void this.fail(member, member.up ? `exited (${exit})` : `failed to start (${exit})`)
    })
    const timer = setTimeout(() => {
      if (!member.up) void this.fail(member, `did not start within ${START_TIMEOUT_MS / 1000} s`)
    }, START_TIMEOUT_MS)
    this.timers.add(timer)
    void member.ready.then(() => clearTimeout(timer))
    return member
  }

  /** A process died or did not start: names it (with its last output if it never came up), stops all, exit 1. */
  private async fail(member: Member, what: string): Promise<void> {
    if (this.ending) return
    const { proc, child } = member
    process.stderr.write(`cluster: ${proc.name} pid ${child.pid ?? '-'} ${what}; stopping the cluster\n`)
    if (!member.up && member.tail.length > 0) {
      process.stderr.write(`cluster: the last lines of ${proc.name}:\n`)
      for (const line of member.tail) process.stderr.write(`  ${line}\n`)
    }
    await this.shutdown(1)
  }

  /** SIGTERM to every group, SIGKILL after KILL_AFTER_MS; resolves `ended` with `code` once all have exited. */
  private async shutdown(code: number): Promise<void> {
    if (this.ending) return
    this.ending = true
    for (const timer of this.timers) clearTimeout(timer)
    const running = this.members.filter((m) => !m.exit)
    for (const m of running) signalGroup(m, 'SIGTERM')
    const late = setTimeout(() => {
      for (const m of this.members.filter((x) => !x.exit)) {
        say(`cluster: ${m.proc.name} pid ${m.child.pid} still running after ${KILL_AFTER_MS / 1000} s: SIGKILL`)
        signalGroup(m, 'SIGKILL')
      }
    }, KILL_AFTER_MS)
    await Promise.all(this.members.flatMap((m) => (m.child.pid === undefined ? [] : [m.closed])))
    clearTimeout(late)
    // Anything a process left in its group (it started none of its own; this is the guarantee).
    for (const m of this.members) signalGroup(m, 'SIGKILL')
    say(`cluster: stopped ${running.length} processes`)
    this.endWith(code)
  }
}

/** Signals the process group of `m` (its pid); a group that is gone is fine. */
function signalGroup(m: Member, signal: NodeJS.Signals): void {
  if (m.child.pid === undefined) return
  try {
    process.kill(-m.child.pid, signal)
  } catch {
    // gone already
  }
}

function say(line: string): void {
  process.stdout.write(line.endsWith('\n') ? line : `${line}\n`)
}

/** One line when the api processes will not serve a current PWA (the cluster does not build it). */
function checkPwaBuild(): void {
  const reason = buildReason(root)
  if (reason === undefined) return
  say(
    reason.startsWith('no finished build')
      ? 'cluster: no PWA build in dist/ (npm run build): the api processes answer /api, and / says the app is not built'
      : `cluster: dist/ is older than its sources (${reason}): the api processes serve it until npm run build`,
  )
}

/**
 * Runs `npm run cluster` with `argv` (its flags) in this process's environment.
 * @returns the exit code: 0 stopped by SIGINT/SIGTERM (or --help), 1 a process died or failed to start, 2 a bad
 *   flag or environment (one line `cluster: <flag or variable>: …` on stderr).
 */
export async function runCluster(argv: readonly string[]): Promise<number> {
  let plan: ClusterPlan
  try {
    const counts = parseClusterArgs(argv)
    if (counts === 'help') {
      process.stdout.write(CLUSTER_HELP)
      return 0
    }
    plan = planCluster(counts, process.env)
  } catch (err) {
    if (!(err instanceof ClusterUsageError)) throw err
    process.stderr.write(`cluster: ${err.message}\n`)
    return 2
  }
  checkPwaBuild()
  const supervisor = new Supervisor()
  process.on('SIGINT', () => supervisor.stop('SIGINT'))
  process.on('SIGTERM', () => supervisor.stop('SIGTERM'))
  // The process that started this one is gone (npm killed, or the shell between npm and node, which dies of the
  // SIGTERM npm forwards): stop as on SIGTERM rather than run on unseen.
  const parent = process.ppid
  const orphaned = setInterval(() => {
    if (process.ppid !== parent) supervisor.stop(`the parent process ${parent} is gone`)
  }, 1000)
  orphaned.unref()
  return supervisor.run(plan)
}

// launch.js runs this file's bundle as `node server/cli/launch.js --cluster <flags>`.
const at = process.argv.indexOf('--cluster')
process.exit(await runCluster(process.argv.slice(at === -1 ? 2 : at + 1)))
