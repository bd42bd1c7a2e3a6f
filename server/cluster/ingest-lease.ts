/**
 * One active ingest and one standby (issue 22 part 4): only the holder of the ingest lease (lease.ts, namespace
 * LEASE_NS.ingest, key 0: a PostgreSQL advisory lock on a connection of its own) connects upstream and publishes the
 * market feed and the marks on NATS. A second ingest process waits as a standby, asking for the lease every
 * INGEST_LEASE_ROUND_MS, and starts its market source once it holds it: PostgreSQL drops the lock the moment the
 * active process's connection ends (exit, kill -9), so the standby takes over within a round plus its source's start.
 *
 * The standby is cold (its market source starts only after the takeover), not warm (source running, publishing
 * held back): tests/server/ingest-failover.test.ts measures kill -9 to the next mark at 2.4–3.7 s on a busy 2-core
 * machine with the simulator — 0.5–0.8 s to the lease, the rest the source's start and its next book — against a
 * target of 10 s. A warm standby would save only that start (for htx a websocket that answers within a second) at
 * the price of a second upstream connection per market held open for nothing, and a feed computed twice. Followers
 * re-sync to the new publisher either way (market-source.ts).
 *
 * While active, the lease's connection is checked every round (a query answered within INGEST_LEASE_CHECK_MS): a
 * connection that ends, fails or stops answering (a network cut the socket does not report) counts as the lease
 * lost, and `onLost` must stop publishing at once — launchRoles exits the process (`exitOnIngestLeaseLost`). The
 * check makes the active side give up long before PostgreSQL's own keepalive (hours by default) would let a standby
 * take the lock, so two ingests never publish at once.
 */
import type { Db } from '../db/client'
import { LEASE_NS, openLeaseSession, type LeaseSession } from './lease'

/** How often a standby asks for the ingest lease, and the active ingest checks its lease's connection, ms. */
export const INGEST_LEASE_ROUND_MS = 1000

/** How long the active ingest's check of its lease connection may take before the lease counts as lost, ms. */
export const INGEST_LEASE_CHECK_MS = 5000

/**
 * Exit code of an ingest process that lost its lease while active (75, EX_TEMPFAIL: "try again"); its supervisor
 * (deploy/: Restart=always) starts it again, and it comes back as the standby.
 */
export const INGEST_LEASE_LOST_EXIT_CODE = 75

/** `application_name` of the ingest lease connections (pg_stat_activity; the holder's shows in pg_locks). */
export const INGEST_LEASE_SESSION_NAME = 'tc-ingest'

/** The ingest lease, held. */
export interface IngestLease {
  /** Gives the lease back (its connection closes; the standby takes over at its next round). `onLost` is not called. */
  close(): Promise<void>
}

/** What `acquireIngestLease` needs. */
export interface IngestLeaseOptions {
  /** The process's database: the lease is a connection of its own with the pool's settings (PGlite: in-process). */
  db: Db
  /**
   * Called once when the lease is lost while held (its connection ended, failed or did not answer a check within
   * `checkMs`), with the reason. It must stop publishing at once: another ingest may take over within a round.
   */
  onLost(why: string): void
  log?: (line: string) => void
  /** Rounds every ms (default INGEST_LEASE_ROUND_MS). */
  roundMs?: number
  /** Time allowed to a check of the held lease, ms (default INGEST_LEASE_CHECK_MS). */
  checkMs?: number
  /** Stops waiting: the promise then rejects and nothing is held. */
  signal?: AbortSignal
}

/**
 * Takes the ingest lease, waiting as long as another process holds it: logs `[ingest] standby: …` once when it has
 * to wait, asks again every `roundMs` (a failed round — database unreachable — is logged and retried), and logs
 * `[ingest] active` once it holds the lease. Resolves with the held lease, which is checked every round from then on.
 * @throws Error when `signal` aborts before the lease is taken.
 */
export async function acquireIngestLease(opts: IngestLeaseOptions): Promise<IngestLease> {
  const log = opts.log ?? (() => {})
  const roundMs = opts.roundMs ?? INGEST_LEASE_ROUND_MS
  let session: LeaseSession | undefined
  let standby = false
  let failure: string | undefined
  for (;;) {
    if (opts.signal?.aborted) {
      await session?.close()
      throw new Error('stopped before the ingest lease was taken')
    }
    try {
      if (!session?.alive) session = await openLeaseSession(opts.db, log, INGEST_LEASE_SESSION_NAME)
      if (await session.tryAcquire(LEASE_NS.ingest, 0)) break
      if (!standby) log('[ingest] standby: another ingest is active; taking over when it stops')
      standby = true
      failure = undefined
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err)
      if (why !== failure) log(`[ingest] lease round failed (${why}); asking again every ${roundMs} ms`)
      failure = why
    }
    await pause(roundMs, opts.signal)
  }
  log('[ingest] active')
  return holdLease(session, opts, roundMs)
}

/** Checks the held lease every `roundMs` and reports its loss once. */
function holdLease(session: LeaseSession, opts: IngestLeaseOptions, roundMs: number): IngestLease {
  const checkMs = opts.checkMs ?? INGEST_LEASE_CHECK_MS
  let over = false
  let checking = false
  const lost = (why: string) => {
    if (over) return
    over = true
    clearInterval(timer)
    unlisten()
    opts.onLost(why)
  }
  const unlisten = session.onLost(lost)
  const check = async () => {
    if (checking || over) return
    checking = true
    const late = runningDeadline(checkMs)
    try {
      const held = await Promise.race([session.heldByAnyone(LEASE_NS.ingest), late.expired])
      if (!held.has(0) && !over) lost('the ingest lease is not held any more')
    } catch (err) {
      if (!over) lost(err instanceof Error ? err.message : String(err))
    } finally {
      late.cancel()
      checking = false
    }
  }
  const timer = setInterval(() => void check(), roundMs)
  timer.unref()
  return {
    async close() {
      over = true
      clearInterval(timer)
      unlisten()
      await session.close()
    },
  }
}

/** Ticks of `runningDeadline`, ms. */
const DEADLINE_TICK_MS = 100

/**
 * A deadline of `ms` counted in time this process ran: rejects (`expired`) with "the lease connection did not
 * answer within `ms` ms" once `ms` has passed, each tick counting at most 2 × DEADLINE_TICK_MS however late it
 * comes. A stalled event loop (the market source's synchronous start on a busy machine, a long GC pause) therefore
 * does not count as a silent database: after a stall of any length the answer that arrived meanwhile is read (I/O
 * runs before the next tick can add up) instead of losing to a plain timer that fired late. Only a connection that
 * stays silent while this process runs for `ms` counts as lost; on a starved machine that takes longer in wall time,
 * which only delays giving up a lease PostgreSQL still counts held (no standby can take it meanwhile).
 */
function runningDeadline(ms: number): { expired: Promise<never>; cancel(): void } {
  let ticker: NodeJS.Timeout | undefined
  const expired = new Promise<never>((_, reject) => {
    let ran = 0
    let last = performance.now()
    ticker = setInterval(() => {
      const now = performance.now()
      ran += Math.min(now - last, 2 * DEADLINE_TICK_MS)
      last = now
      if (ran < ms) return
      clearInterval(ticker)
      reject(new Error(`the lease connection did not answer within ${ms} ms`))
    }, DEADLINE_TICK_MS)
  })
  expired.catch(() => {}) // lost to the check's answer: nobody awaits it then
  return { expired, cancel: () => clearInterval(ticker) }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((done) => {
    const t = setTimeout(finish, ms)
    function finish() {
      clearTimeout(t)
      signal?.removeEventListener('abort', finish)
      done()
    }
    signal?.addEventListener('abort', finish, { once: true })
  })
}

/**
 * What an ingest process does when it loses its lease while active (launchRoles' default): one error line on stderr,
 * then exit with INGEST_LEASE_LOST_EXIT_CODE.
 *
 * Why exit instead of stopping the publisher and waiting as a standby again: exiting is immediate and total — nothing
 * publishes after the line is written (no source timer, mark listener or NATS callback runs again), there is no
 * half-stopped state to get wrong, and the standby may hold the lease within a round. The supervisor (systemd
 * Restart=always in deploy/) starts the process again; it then finds the lease held and waits as the standby. The
 * process's other roles, if any, restart with it (run ingest in a process of its own, as deploy/ does).
 */
export function exitOnIngestLeaseLost(why: string): never {
  // Synchronous on files and pipes (Linux), so the line is out before the exit.
  process.stderr.write(
    `[ingest] ERROR lost the ingest lease (${why}): stopping at once, exit ${INGEST_LEASE_LOST_EXIT_CODE}; ` +
      'restarted, this process waits as the standby\n',
  )
  process.exit(INGEST_LEASE_LOST_EXIT_CODE)
}
