/**
 * Change notices for the answer caches, across every process on one database (issue 9 scale note). A writer calls
 * `notifyChange(tx, topic)` inside its transaction: `pg_notify` is delivered when, and only if, the transaction
 * commits. Each app listens on the channel and drops the answers of that topic.
 *
 * - PostgreSQL: LISTEN on a dedicated `pg.Client` (a pooled connection would be handed to other queries and lose
 *   the LISTEN), with an error handler and reconnection with backoff. While it is not listening the cache stores
 *   nothing (every request reads the database), and it starts from empty once listening again, since notices sent
 *   meanwhile are lost.
 * - PGlite: one process owns the database; PGlite's own `listen()` delivers the NOTIFY of a committed transaction to
 *   this process's callbacks (no network, no reconnection).
 */
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import type { Db } from '../db/client'

/** What changed: operator settings (`common/config`) or the listed markets/currencies (`currency/currency_list`). */
export type ChangeTopic = 'settings' | 'markets'

const TOPICS: readonly ChangeTopic[] = ['settings', 'markets']

/** The NOTIFY channel; the payload is a ChangeTopic. */
export const CHANGE_CHANNEL = 'tc_answer_changes'

/** Backoff of the PostgreSQL listener's reconnection, ms: doubles from the first to the last. */
const RECONNECT_MS = { first: 250, last: 5000 } as const

/**
 * Announces a change of `topic` to every process listening on the database. Call it in the writer's transaction
 * (or right after a single-statement write): the notice goes out on commit and is dropped on rollback.
 */
export async function notifyChange(db: Db, topic: ChangeTopic): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${topic})`)
}

/** Callbacks of a change feed. */
export interface ChangeListener {
  /** A committed change of `topic`. */
  onChange(topic: ChangeTopic): void
  /**
   * Whether notices are being received. false: the caller must not trust what it cached (a notice may be missed);
   * true again: notices flow, but some may have been missed meanwhile.
   */
  onListening(listening: boolean): void
}

/** A running feed. */
export interface ChangeFeed {
  /** How notices arrive: `postgres` (LISTEN on a dedicated client), `pglite` (PGlite listen) or `none`. */
  kind: 'postgres' | 'pglite' | 'none'
  close(): Promise<void>
}

/**
 * Starts listening for `db`'s driver (drizzle's `$client`: a PGlite or a node-postgres pool). Resolves once the
 * first attempt finished; a PostgreSQL listener that could not connect keeps retrying in the background (the
 * listener stays `onListening(false)` until then). An unknown driver gives `kind: 'none'` and never listens.
 */
export async function openChangeFeed(db: Db, listener: ChangeListener, log = console.warn): Promise<ChangeFeed> {
  return listenChannel(
    db,
    CHANGE_CHANNEL,
    {
      onNotice: (payload) => {
        const topic = TOPICS.find((t) => t === payload)
        if (topic) listener.onChange(topic)
      },
      onListening: (listening) => listener.onListening(listening),
    },
    log,
  )
}

/** Callbacks of a channel listener. */
export interface ChannelListener {
  /** One committed NOTIFY on the channel, with its payload. */
  onNotice(payload: string | undefined): void
  /** As ChangeListener.onListening: false = notices may be missed; true again = flowing, some may have been missed. */
  onListening(listening: boolean): void
}

/**
 * Listens to NOTIFY `channel` (a plain identifier) on `db`'s driver, as openChangeFeed does for the answer caches:
 * PGlite's own listen, or a dedicated reconnecting PostgreSQL client. Used by every process-wide memory that must
 * follow committed changes of other processes (the answer caches, the futures risk book).
 */
export async function listenChannel(
  db: Db,
  channel: string,
  listener: ChannelListener,
  log = console.warn,
): Promise<ChangeFeed> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`)
  const client = (db as unknown as { $client?: unknown }).$client
  const deliver = (payload: string | undefined) => listener.onNotice(payload)
  if (isPglite(client)) {
    const unlisten = await client.listen(channel, deliver)
    listener.onListening(true)
    return {
      kind: 'pglite',
      close: async () => {
        if (!client.closed) await unlisten()
      },
    }
  }
  // pg is loaded by db/client.ts only for a PostgreSQL database; PGlite answered above without it.
  const { default: pgModule } = await import('pg')
  if (client instanceof pgModule.Pool) return listenPostgres(pgModule, client.options, channel, listener, deliver, log)
  listener.onListening(false)
  return { kind: 'none', close: async () => {} }
}

async function listenPostgres(
  pgModule: typeof pg,
  options: pg.PoolConfig,
  channel: string,
  listener: Pick<ChannelListener, 'onListening'>,
  deliver: (payload: string | undefined) => void,
  log: (line: string) => void,
): Promise<ChangeFeed> {
  let closed = false
  let current: pg.Client | undefined
  let timer: NodeJS.Timeout | undefined
  let delay: number = RECONNECT_MS.first
  const retry = () => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = undefined
      void connect()
    }, delay)
    delay = Math.min(delay * 2, RECONNECT_MS.last)
  }
  const lost = (client: pg.Client, why: string) => {
    if (current !== client) return
    current = undefined
    listener.onListening(false)
    if (!closed) log(`[db] listener of ${channel} lost (${why}); reconnecting`)
    client.end().catch(() => {})
    retry()
  }
  const connect = async () => {
    const client = new pgModule.Client({ ...options, keepAlive: true })
    // Without an 'error' listener a dropped connection would be an unhandled error event (process crash).
    client.on('error', (err) => lost(client, err.message))
    client.on('end', () => lost(client, 'connection ended'))
    client.on('notification', (msg) => {
      if (msg.channel === channel) deliver(msg.payload)
    })
    current = client
    try {
      await client.connect()
      await client.query(`LISTEN ${channel}`)
      if (closed) return void (await client.end().catch(() => {}))
      delay = RECONNECT_MS.first
      listener.onListening(true)
    } catch (err) {
      lost(client, err instanceof Error ? err.message : String(err))
    }
  }
  listener.onListening(false)
  await connect()
  return {
    kind: 'postgres',
    async close() {
      closed = true
      clearTimeout(timer)
      const client = current
      current = undefined
      await client?.end().catch(() => {})
    },
  }
}

/** PGlite without importing it (a server on PostgreSQL never loads PGlite, see db/client.ts). */
function isPglite(client: unknown): client is PGlite {
  return (
    typeof client === 'object' &&
    client !== null &&
    typeof (client as Partial<PGlite>).listen === 'function' &&
    typeof (client as Partial<PGlite>).dumpDataDir === 'function'
  )
}
