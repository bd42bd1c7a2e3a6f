/**
 * The node-postgres pool, made safe against connections that die while checked out (`pg_terminate_backend`, a
 * server restart, a network cut). pg emits `error` on the client itself then; pg-pool listens only while the client
 * is idle, so without this module one terminated backend in the middle of a transaction ended the whole process
 * (unhandled 'error' event, SQLSTATE 57P01). Here every checked-out client carries a listener that logs the loss and
 * hands the client back as broken, so the pool discards it and opens a fresh one on demand.
 */
import pg from 'pg'

/** Most connections one server process opens (PostgreSQL's default max_connections is 100). */
export const POOL_MAX = 10
/** How long a request waits for a connection, ms; past it the request fails as retryable instead of hanging. */
export const POOL_CONNECT_TIMEOUT_MS = 5000

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void

/**
 * A pg.Pool whose checked-out clients survive their connection's death. drizzle's node-postgres driver accepts it as
 * a pool (it is one: `instanceof pg.Pool`), checks clients out for transactions and uses `query` otherwise.
 *
 * Why `release` is also made idempotent: drizzle sends `begin` outside its try/finally, so a transaction whose
 * `begin` fails never releases its client; after POOL_MAX such losses every request would wait forever. Releasing
 * on the error (with the error, so pg-pool discards the client) frees the slot; the caller's own later `release()`
 * is then a no-op instead of pg-pool's "Release called on client which has already been released" throw.
 */
export class RecoveringPool extends pg.Pool {
  readonly #log: (line: string) => void

  /** @param log receives one line per lost connection (default console.warn) */
  constructor(config: pg.PoolConfig, log: (line: string) => void = (line) => console.warn(line)) {
    super(config)
    this.#log = log
    // Idle clients: pg-pool removes the client and re-emits here; without a listener that too is a crash.
    this.on('error', (err) => log(`[db] idle PostgreSQL connection lost: ${err.message}`))
  }

  override connect(): Promise<pg.PoolClient>
  override connect(callback: ConnectCallback): void
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (!callback) {
      return new Promise((resolve, reject) =>
        this.connect((err, client) => (client ? resolve(client) : reject(err ?? new Error('no client')))),
      )
    }
    super.connect((err, client, done) => {
      if (err || !client) return callback(err, client, done)
      const release = guardCheckedOut(client, this.#log)
      callback(undefined, client, release)
    })
  }
}

/**
 * Until its release, `client` answers its own `error` event by going back to the pool as broken. Returns the
 * idempotent release, also installed as `client.release`.
 */
function guardCheckedOut(client: pg.PoolClient, log: (line: string) => void): (err?: Error | boolean) => void {
  const release = client.release.bind(client)
  let released = false
  const onError = (err: Error) => {
    log(`[db] PostgreSQL connection lost during a request: ${err.message}`)
    client.removeListener('error', onError) // from here on pg-pool's own listener of discarded clients answers
    released = true
    release(err)
  }
  client.on('error', onError)
  const releaseOnce = (err?: Error | boolean) => {
    client.removeListener('error', onError)
    if (released) return
    released = true
    release(err)
  }
  client.release = releaseOnce
  return releaseOnce
}
