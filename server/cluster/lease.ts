/**
 * Leases between the processes of one database (issue 22 part 4): a lease is a PostgreSQL session-level advisory
 * lock (`pg_try_advisory_lock(ns, key)`) held on a connection of its own, so it is held by exactly one session at a
 * time and released by PostgreSQL itself the moment that session ends: a process that exits, is killed (kill -9
 * closes its sockets, the server sees the connection end at once) or loses its network loses its leases with no
 * expiry to wait for.
 *
 * Why advisory locks and not NATS KV: the leases guard decisions that are carried out in PostgreSQL (liquidations,
 * fills, settlements under the account lock), so holding them in the same PostgreSQL keeps one authority — a process
 * cut off from the database can neither act nor hold a lease, while a NATS KV lease (a key with a TTL, renewed by
 * heartbeats) could still be "held" by a process that lost the database, or be taken over while the old holder, paused
 * longer than the TTL, still acts. Membership (who is alive) is read from `pg_locks` the same way, without heartbeats.
 *
 * PGlite (one process owns the database) and tests without PostgreSQL get a process-local table with the same rules,
 * shared by every session opened on the same Db object.
 */
import type pg from 'pg'
import type { Db } from '../db/client'

/** Advisory-lock namespaces (the first int4 key) of the leases; the second key is the lease's number. */
export const LEASE_NS = {
  /** One per live process taking part in partitions (its key a random number): the member count. */
  member: 0x2201,
  /** The 64 partitions of accounts and markets (engine role, partitions.ts). */
  partition: 0x2202,
  /** The active ingest (key 0): the one upstream connection per market source. */
  ingest: 0x2203,
} as const

/** A connection holding leases. After it is lost (`alive` false) every lease it held is gone. */
export interface LeaseSession {
  readonly kind: 'postgres' | 'local'
  /** False once the connection is lost or closed: then no lease of it is held any more. */
  readonly alive: boolean
  /**
   * Takes lease (`ns`, `key`) unless another session holds it. @returns true when this session holds it now (also
   * when it already did). @throws when the connection fails (then `alive` is false).
   */
  tryAcquire(ns: number, key: number): Promise<boolean>
  /** Gives the lease back (nothing when not held). */
  release(ns: number, key: number): Promise<void>
  /** Keys of namespace `ns` held by any live session on this database, this one included. */
  heldByAnyone(ns: number): Promise<Set<number>>
  /** Called once when the connection is lost (not on `close()`). @returns a function that removes the callback. */
  onLost(cb: (why: string) => void): () => void
  /** Releases every lease and closes the connection. */
  close(): Promise<void>
}

/** The process-local lease tables, one per database object: key `ns:key` → the holding session. */
const localTables = new WeakMap<object, Map<string, object>>()

/**
 * Opens a lease session on `db`'s database: a dedicated PostgreSQL connection (with the pool's settings) for a
 * node-postgres pool, a process-local table otherwise (PGlite). `name` is the connection's `application_name`
 * (pg_stat_activity shows who holds what).
 * @throws when PostgreSQL cannot be reached.
 */
export async function openLeaseSession(
  db: Db,
  log: (line: string) => void = () => {},
  name = 'tc-lease',
): Promise<LeaseSession> {
  const client = (db as unknown as { $client?: unknown }).$client
  const { default: pgModule } = await import('pg')
  if (client instanceof pgModule.Pool) return openPostgresSession(pgModule, namedOptions(client.options, name), log)
  return localSession(db)
}

/**
 * The pool's settings with `application_name` = `name`. node-postgres lets a connection string's parameters win over
 * the options beside it, so an `application_name` in DATABASE_URL is taken out of the string first (else every lease
 * connection would carry the URL's name, and pg_stat_activity could not tell them apart).
 */
export function namedOptions(options: pg.PoolConfig, name: string): pg.PoolConfig {
  let connectionString = options.connectionString
  if (connectionString) {
    try {
      const url = new URL(connectionString)
      if (url.searchParams.has('application_name')) {
        url.searchParams.delete('application_name')
        connectionString = url.toString()
      }
    } catch {
      // Not a URL (node-postgres would refuse it anyway): left as it is.
    }
  }
  return { ...options, connectionString, application_name: name }
}

async function openPostgresSession(
  pgModule: typeof pg,
  options: pg.PoolConfig,
  log: (line: string) => void,
): Promise<LeaseSession> {
  const conn = new pgModule.Client({ ...options, keepAlive: true })
  let alive = false
  let closing = false
  const lostCallbacks = new Set<(why: string) => void>()
  /** Leases held, `ns:key`. */
  const mine = new Set<string>()
  const lost = (why: string) => {
    if (!alive) return
    alive = false
    mine.clear()
    if (closing) return
    log(`[lease] connection lost (${why}): every lease of this process is gone`)
    conn.end().catch(() => {})
    for (const cb of [...lostCallbacks]) cb(why)
  }
  // Without an 'error' listener a dropped connection would be an unhandled error event (process crash).
  conn.on('error', (err) => lost(err.message))
  conn.on('end', () => lost('connection ended'))
  await conn.connect()
  alive = true
  const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[]) => {
    if (!alive) throw new Error('lease session lost')
    try {
      return await conn.query<R>(text, values)
    } catch (err) {
      // A failed statement on a healthy connection (none expected here) or a broken one: either way the leases can
      // no longer be trusted to be held.
      lost(err instanceof Error ? err.message : String(err))
      throw err
    }
  }
  return {
    kind: 'postgres',
    get alive() {
      return alive
    },
    async tryAcquire(ns, key) {
      // A session-level lock taken twice is held twice (and needs two unlocks): ask PostgreSQL only once per lease.
      if (mine.has(`${ns}:${key}`)) return true
      const r = await query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as ok', [ns, key])
      const ok = r.rows[0]?.ok === true
      if (ok) mine.add(`${ns}:${key}`)
      return ok
    },
    async release(ns, key) {
      if (!mine.delete(`${ns}:${key}`)) return
      await query('select pg_advisory_unlock($1::int, $2::int)', [ns, key])
    },
    async heldByAnyone(ns) {
      const r = await query<{ key: number }>(
        `select objid::bigint::int as key from pg_locks
          where locktype = 'advisory' and granted and objsubid = 2 and classid = $1::int::oid
            and database = (select oid from pg_database where datname = current_database())`,
        [ns],
      )
      return new Set(r.rows.map((row) => Number(row.key)))
    },
    onLost(cb) {
      lostCallbacks.add(cb)
      return () => lostCallbacks.delete(cb)
    },
    async close() {
      closing = true
      alive = false
      // Ending the session releases its advisory locks.
      await conn.end().catch(() => {})
    },
  }
}

function localSession(db: Db): LeaseSession {
  let table = localTables.get(db)
  if (!table) localTables.set(db, (table = new Map<string, object>()))
  const leases = table
  const self = {}
  let alive = true
  const name = (ns: number, key: number) => `${ns}:${key}`
  const check = () => {
    if (!alive) throw new Error('lease session closed')
  }
  return {
    kind: 'local',
    get alive() {
      return alive
    },
    tryAcquire(ns, key) {
      check()
      const holder = leases.get(name(ns, key))
      if (holder === undefined) leases.set(name(ns, key), self)
      return Promise.resolve(holder === undefined || holder === self)
    },
    release(ns, key) {
      if (leases.get(name(ns, key)) === self) leases.delete(name(ns, key))
      return Promise.resolve()
    },
    heldByAnyone(ns) {
      check()
      const keys = new Set<number>()
      for (const k of leases.keys()) {
        const [n, key] = k.split(':').map(Number)
        if (n === ns) keys.add(key!)
      }
      return Promise.resolve(keys)
    },
    onLost: () => () => {},
    close() {
      alive = false
      for (const [k, holder] of [...leases]) if (holder === self) leases.delete(k)
      return Promise.resolve()
    },
  }
}
