/**
 * The ingest lease (server/cluster/ingest-lease.ts) in-process, on real PostgreSQL where it is an advisory lock on a
 * connection of its own: one holder, a second waiting as the standby and taking over within a round of the first
 * giving it back (its connection named for pg_stat_activity even when DATABASE_URL names the application); a held
 * lease whose connection the server terminates, or that stops answering, is reported lost once (launchRoles then
 * exits the process), but not for a stalled event loop; a standby stops waiting when aborted. On PGlite (one process) it is taken at once.
 */
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../server/db/client'
import { acquireIngestLease, INGEST_LEASE_SESSION_NAME, type IngestLease } from '../../server/cluster/ingest-lease'
import { databaseUrlOf, describePostgres, pgliteTestDb } from '../helpers/server-db'
import { TcpProxy } from '../helpers/tcp-proxy'

/** Rounds of the test's leases, ms (INGEST_LEASE_ROUND_MS is 1 s). */
const ROUND_MS = 100
const STANDBY = '[ingest] standby: another ingest is active; taking over when it stops'

/** Takes the lease on `database`, its lines and losses in the arrays given. */
function acquire(database: Database, lines: string[], lost: string[] = [], signal?: AbortSignal): Promise<IngestLease> {
  return acquireIngestLease({
    db: database.db,
    roundMs: ROUND_MS,
    log: (l) => lines.push(l),
    onLost: (why) => lost.push(why),
    ...(signal ? { signal } : {}),
  })
}

describe('ingest lease on PGlite', () => {
  it('is taken at once by the one process', async () => {
    const database = await pgliteTestDb({ seed: false })
    try {
      const lines: string[] = []
      const lease = await acquire(database, lines)
      expect(lines).toEqual(['[ingest] active'])
      await lease.close()
    } finally {
      await database.close()
    }
  })
})

await describePostgres('ingest lease', (openDb) => {
  let database: Database
  const held: IngestLease[] = []
  beforeAll(async () => {
    database = await openDb()
  })
  afterAll(async () => {
    for (const lease of held) await lease.close()
    await database?.close()
  })

  it('has one holder; a second waits as the standby, saying so, and takes over within a round of its release', async () => {
    const a: string[] = []
    const first = await acquire(database, a)
    expect(a).toEqual(['[ingest] active'])
    const b: string[] = []
    const second = acquire(database, b)
    await expect.poll(() => b).toEqual([STANDBY])
    const released = Date.now()
    await first.close()
    held.push(await second)
    expect(Date.now() - released).toBeLessThan(ROUND_MS + 1000)
    expect(b).toEqual([STANDBY, '[ingest] active'])
  })

  it('reports the held lease lost once when the server terminates its connection; another takes it at once', async () => {
    await Promise.all(held.splice(0).map((l) => l.close()))
    const lost: string[] = []
    const lines: string[] = []
    held.push(await acquire(database, lines, lost))
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = ${INGEST_LEASE_SESSION_NAME} and datname = current_database()`,
    )
    await expect.poll(() => lost).toHaveLength(1)
    expect(lost[0]).toMatch(/terminating connection/)
    expect(lines).toContain(`[lease] connection lost (${lost[0]}): every lease of this process is gone`)
    const next: string[] = []
    held.push(await acquire(database, next))
    expect(next).toEqual(['[ingest] active'])
    expect(lost).toHaveLength(1)
  })

  it('counts the held lease lost when its connection stops answering (a silent network cut), before the server drops it', async () => {
    await Promise.all(held.splice(0).map((l) => l.close()))
    const url = new URL(await databaseUrlOf(database))
    const proxy = await TcpProxy.start(url.toString())
    url.host = `127.0.0.1:${proxy.port}`
    // A database object as openDatabase makes for PostgreSQL: the lease connects with its pool's settings.
    const pool = new pg.Pool({ connectionString: url.toString() })
    const lost: string[] = []
    try {
      const lease = await acquireIngestLease({
        db: { $client: pool } as unknown as Db,
        roundMs: ROUND_MS,
        checkMs: 300,
        onLost: (why) => lost.push(why),
      })
      held.push(lease)
      proxy.freeze()
      await expect.poll(() => lost).toEqual(['the lease connection did not answer within 300 ms'])
      // The server still counts the lock held (its connection looks alive): no other ingest could publish yet.
      const other: string[] = []
      const stop = new AbortController()
      const waiting = acquire(database, other, [], stop.signal)
      await expect.poll(() => other).toEqual([STANDBY])
      // Once the server sees the connection end, the standby takes over.
      await proxy.stop()
      held.push(await waiting)
      expect(other).toEqual([STANDBY, '[ingest] active'])
    } finally {
      await proxy.stop()
      await pool.end()
    }
  })

  it('keeps the lease through event-loop stalls longer than its check time (a busy machine), the database answering', async () => {
    await Promise.all(held.splice(0).map((l) => l.close()))
    const lost: string[] = []
    const lease = await acquireIngestLease({
      db: database.db,
      roundMs: ROUND_MS,
      checkMs: 300,
      onLost: (why) => lost.push(why),
    })
    held.push(lease)
    // Five synchronous stalls of 3 × checkMs, the loop turning once between them: each round's check is sent
    // between two stalls, and its answer waits for the next stall to end (a plain timer fired first there).
    for (let i = 0; i < 5; i++) {
      const until = performance.now() + 900
      while (performance.now() < until) {
        // the market source's synchronous start on a busy machine
      }
      await new Promise((resolve) => setImmediate(resolve))
    }
    // Rounds go on, answered, after the stalls: the lease's connection starts a check only once the one before was
    // answered and judged, and a loss ends the rounds. So two checks started after the stalls (pg_stat_activity's
    // query_start on the server's clock) mean the one cut by the last stall and the first one after it both held.
    const now = await database.db.execute<{ after: string }>(sql`select clock_timestamp()::text as after`)
    const { after } = (now as { rows: { after: string }[] }).rows[0]!
    const started = new Set<string>()
    await expect
      .poll(
        async () => {
          const checks = await database.db.execute<{ at: string }>(
            sql`select query_start::text as at from pg_stat_activity
                 where datname = current_database() and application_name = ${INGEST_LEASE_SESSION_NAME}
                   and query_start > ${after}::timestamptz`,
          )
          for (const r of (checks as { rows: { at: string }[] }).rows) started.add(r.at)
          return lost.length > 0 || started.size >= 2
        },
        { timeout: 10_000 },
      )
      .toBe(true)
    expect(lost).toEqual([])
  })

  it("names its connection tc-ingest-lease even when DATABASE_URL names the application (the URL's name would win)", async () => {
    await Promise.all(held.splice(0).map((l) => l.close()))
    const url = new URL(await databaseUrlOf(database))
    url.searchParams.set('application_name', 'from-the-url')
    const pool = new pg.Pool({ connectionString: url.toString() })
    try {
      const lease = await acquireIngestLease({
        db: { $client: pool } as unknown as Db,
        roundMs: ROUND_MS,
        onLost: () => {},
      })
      held.push(lease)
      const names = await database.db.execute<{ name: string }>(
        sql`select application_name as name from pg_stat_activity
             where datname = current_database() and application_name in (${INGEST_LEASE_SESSION_NAME}, 'from-the-url')`,
      )
      expect((names as { rows: { name: string }[] }).rows.map((r) => r.name)).toEqual([INGEST_LEASE_SESSION_NAME])
    } finally {
      // The lease stays held (its own connection, not the pool's) for the next test's standby.
      await pool.end()
    }
  })

  it('stops a standby waiting when aborted', async () => {
    const lines: string[] = []
    const stop = new AbortController()
    const waiting = acquire(database, lines, [], stop.signal)
    await expect.poll(() => lines).toEqual([STANDBY])
    stop.abort()
    await expect(waiting).rejects.toThrow('stopped before the ingest lease was taken')
  })
})
