/**
 * The outbox relay (issue 22 parts 1 and 3, `jobs` role): reads committed, unpublished user events and hands them to
 * the bus, then marks them published — in one transaction that locks the rows it took (`FOR UPDATE SKIP LOCKED`), so
 * two relays never take the same rows, and rows of a relay that died are taken by the next run. Delivery is at least
 * once (a relay that published and died before its commit publishes again); subscribers deduplicate by sequence.
 *
 * Woken by the NOTIFY every emitting transaction sends on commit (`USER_EVENTS_CHANNEL`), and every `pollMs` anyway
 * (a NOTIFY sent while the listener reconnects is lost). Prunes published events older than `keepMs` and expired
 * stream tickets every `pruneEveryMs`.
 */
import { sql } from 'drizzle-orm'
import { USER_STREAM_RESUME_MS } from '../../common/api/stream'
import { listenChannel } from '../cache/change-feed'
import type { Db } from '../db/client'
import type { UserEventBus } from './bus'
import { EVENT_COLUMNS, eventOfRow, rowsOf, USER_EVENTS_CHANNEL, type UserEvent } from './events'

export interface RelayOptions {
  db: Db
  bus: UserEventBus
  log?: (line: string) => void
  /** Safety poll, ms (default 1000). */
  pollMs?: number
  /** Rows per transaction (default 500). */
  batch?: number
  /** Published events are kept this long, ms (default 2 × USER_STREAM_RESUME_MS). */
  keepMs?: number
  /** How often to prune, ms (default 10 min). */
  pruneEveryMs?: number
  /**
   * Called with each batch this relay published, after its commit (the push notifier, server/notify/notifier.ts):
   * each event reaches it from one relay only. Must not throw or block.
   */
  onPublished?: (events: readonly UserEvent[]) => void
}

/** A running relay. */
export interface Relay {
  /** Runs until nothing unpublished is left (tests, shutdown). */
  drain(): Promise<void>
  /** Events published since start. */
  published(): number
  stop(): Promise<void>
}

type Row = {
  user_id: number
  seq: string | number
  topic: string
  symbol: string | null
  data: unknown
  created_ms: string | number
} & Record<string, unknown>

/**
 * Publishes one batch of unpublished events; resolves with how many it published.
 */
export async function relayOnce(
  db: Db,
  bus: UserEventBus,
  batch = 500,
  onPublished?: (events: readonly UserEvent[]) => void,
): Promise<number> {
  let published: UserEvent[] = []
  const n = await db.transaction(async (tx) => {
    const result = await tx.execute<Row>(sql`
      select ${EVENT_COLUMNS} from user_events where published_at is null
      order by user_id, seq limit ${batch} for update skip locked`)
    const rows = rowsOf<Row>(result)
    if (rows.length === 0) return 0
    const events = rows.map((r) => eventOfRow(r as Parameters<typeof eventOfRow>[0]))
    await bus.publish(events)
    const keys = sql.join(
      events.map((e) => sql`(${e.userId}::int, ${e.seq}::bigint)`),
      sql`, `,
    )
    await tx.execute(sql`update user_events set published_at = now() where (user_id, seq) in (${keys})`)
    published = events
    return events.length
  })
  if (published.length > 0) onPublished?.(published)
  return n
}

/** Deletes published events older than `keepMs` and expired tickets. @returns events deleted */
export async function pruneUserEvents(db: Db, keepMs: number, now = Date.now()): Promise<number> {
  const before = new Date(now - keepMs).toISOString()
  const result = await db.execute<{ n: number }>(sql`
    with gone as (delete from user_events where published_at is not null and created_at < ${before}::timestamptz
      returning 1)
    select count(*)::int as n from gone`)
  await db.execute(sql`delete from ws_tickets where expires_at < ${new Date(now).toISOString()}::timestamptz`)
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0)
}

/** Starts the relay; resolves once it listens for commits (and has published what was waiting). */
export async function startUserEventRelay(opts: RelayOptions): Promise<Relay> {
  const log = opts.log ?? (() => {})
  const batch = opts.batch ?? 500
  let stopped = false
  let running: Promise<void> | undefined
  let again = false
  let count = 0

  const runLoop = async () => {
    do {
      again = false
      try {
        let n: number
        do {
          n = await relayOnce(opts.db, opts.bus, batch, opts.onPublished)
          count += n
        } while (n === batch && !stopped)
      } catch (err) {
        if (!stopped) log(`[stream] relay failed: ${(err as Error).message}; retrying on the next poll`)
        return
      }
    } while (again && !stopped)
  }
  /** One run at a time; a wake during a run makes it run once more. */
  const wake = (): Promise<void> => {
    if (stopped) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = runLoop().finally(() => {
      running = undefined
    })
    return running
  }

  const feed = await listenChannel(
    opts.db,
    USER_EVENTS_CHANNEL,
    { onNotice: () => void wake(), onListening: (on) => on && void wake() },
    log,
  )
  const poll = setInterval(() => void wake(), opts.pollMs ?? 1000)
  poll.unref()
  const keepMs = opts.keepMs ?? 2 * USER_STREAM_RESUME_MS
  const prune = setInterval(
    () => void pruneUserEvents(opts.db, keepMs).catch((err) => log(`[stream] prune failed: ${(err as Error).message}`)),
    opts.pruneEveryMs ?? 10 * 60_000,
  )
  prune.unref()
  await wake()

  return {
    drain: async () => {
      for (;;) {
        await wake()
        const result = await opts.db.execute<{ n: number }>(
          sql`select count(*)::int as n from user_events where published_at is null`,
        )
        if (Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) === 0 || stopped) return
      }
    },
    published: () => count,
    stop: async () => {
      stopped = true
      clearInterval(poll)
      clearInterval(prune)
      await feed.close()
      await running
    },
  }
}
