/**
 * The engines' work split (issue 22 part 4): accounts and markets fall into PARTITIONS partitions, and each partition
 * is held by exactly one engine process at a time through a lease (lease.ts: a PostgreSQL advisory lock). An engine
 * checks the risk (TP/SL, liquidation) of the accounts of its partitions and matches the pending limit orders of the
 * markets of its partitions, so N engines share the work instead of each repeating all of it; the account lock in the
 * database still makes every decision happen once even while a partition changes hands.
 *
 * Sharing: every engine holds a member lease; each takes free partitions up to ⌈PARTITIONS / members⌉ and gives back
 * what it holds beyond that (after `beforeRelease` let its running actions on them finish), once per `intervalMs`.
 * An engine that dies loses its leases when PostgreSQL sees its connection end; the others take its partitions at
 * their next round: within `intervalMs` plus a query (issue 22: within 5 s). One engine alone holds all of them.
 */
import type { Db } from '../db/client'
import { LEASE_NS, openLeaseSession, type LeaseSession } from './lease'

/** How many partitions the accounts and markets fall into. */
export const PARTITIONS = 64

/** How often an engine rebalances and takes over free partitions, ms. */
export const PARTITION_ROUND_MS = 1000

/** The partition of a user's accounts (live and demo alike): the user id modulo PARTITIONS. */
export function accountPartition(userId: number): number {
  return ((userId % PARTITIONS) + PARTITIONS) % PARTITIONS
}

/** The partition of a market: FNV-1a (32 bit) of its symbol modulo PARTITIONS, the same in every process. */
export function symbolPartition(symbol: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < symbol.length; i++) {
    h ^= symbol.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h % PARTITIONS
}

/** The partitions an engine holds, and what it is told when they change. */
export interface PartitionLeases {
  /** This engine's member key; its lease connection is named `tc-engine-<member>` in pg_stat_activity. */
  readonly member: number
  /** The partitions held now. */
  held(): ReadonlySet<number>
  /** Whether partition `p` is held now. */
  owns(p: number): boolean
  /** Gives every partition back and closes the lease session. */
  stop(): Promise<void>
  /** Runs one round now (tests; the rounds also run every `intervalMs`). */
  round(): Promise<void>
}

/** What `startPartitionLeases` needs. */
export interface PartitionLeaseOptions {
  db: Db
  /** Rounds every ms (default PARTITION_ROUND_MS). */
  intervalMs?: number
  /** Called with the held partitions after each change (gained or given back). */
  onChange(held: ReadonlySet<number>): void | Promise<void>
  /**
   * Called before partitions are given back, with the partitions that stay: the engine stops deciding for the others
   * and waits for the actions it runs on them, so the next holder never acts while this one still does.
   */
  beforeRelease(keep: ReadonlySet<number>): Promise<void>
  log?: (line: string) => void
}

/**
 * Joins the engines sharing partitions on `opts.db` and takes its share at once (all of them when alone).
 * @throws when the database cannot be reached for the lease session.
 */
export async function startPartitionLeases(opts: PartitionLeaseOptions): Promise<PartitionLeases> {
  const log = opts.log ?? (() => {})
  const memberKey = 1 + Math.floor(Math.random() * 0x7ffffffe)
  let session: LeaseSession | undefined
  let held = new Set<number>()
  let stopped = false
  let running: Promise<void> | undefined
  /** The engine letting go of every partition after the session was lost. */
  let losing: Promise<void> = Promise.resolve()

  const setHeld = async (next: Set<number>) => {
    const changed = next.size !== held.size || [...next].some((p) => !held.has(p))
    held = next
    if (changed) await opts.onChange(held)
  }

  const openSession = async () => {
    const s = await openLeaseSession(opts.db, log, `tc-engine-${memberKey}`)
    s.onLost(() => {
      // The database dropped this process's leases: stop acting on every partition at once; the next round (which
      // waits for this) opens a new session and takes a share again.
      session = undefined
      held = new Set()
      losing = opts
        .beforeRelease(held)
        .catch((err: unknown) => log(`[engine] giving the partitions up failed: ${String(err)}`))
    })
    await s.tryAcquire(LEASE_NS.member, memberKey)
    return s
  }

  const roundOnce = async () => {
    if (stopped) return
    try {
      await losing
      session ??= await openSession()
      const s = session
      const members = Math.max(1, (await s.heldByAnyone(LEASE_NS.member)).size)
      const target = Math.ceil(PARTITIONS / members)
      if (held.size > target) {
        const keep = new Set([...held].sort((a, b) => a - b).slice(0, target))
        await opts.beforeRelease(keep)
        for (const p of held) if (!keep.has(p)) await s.release(LEASE_NS.partition, p)
        log(`[engine] partitions: gave back ${held.size - keep.size} (${members} engines), holds ${keep.size}`)
        await setHeld(keep)
        return
      }
      if (held.size === target) return
      const taken = await s.heldByAnyone(LEASE_NS.partition)
      const next = new Set(held)
      for (let p = 0; p < PARTITIONS && next.size < target; p++) {
        if (!taken.has(p) && (await s.tryAcquire(LEASE_NS.partition, p))) next.add(p)
      }
      if (next.size > held.size) log(`[engine] partitions: took ${next.size - held.size}, holds ${next.size}`)
      await setHeld(next)
    } catch (err) {
      log(`[engine] partition round failed: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  const round = () => (running ??= roundOnce().finally(() => (running = undefined)))

  await round()
  const timer = setInterval(() => void round(), opts.intervalMs ?? PARTITION_ROUND_MS)
  timer.unref()
  return {
    member: memberKey,
    held: () => held,
    owns: (p) => held.has(p),
    round,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
      held = new Set()
      await session?.close()
      session = undefined
    },
  }
}
