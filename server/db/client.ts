/**
 * Opens the database and applies the migrations: embedded PGlite under `<dataDir>/pg` by default, PostgreSQL
 * (node-postgres pool) when a URL is given. Both run the same SQL migrations from ./migrations.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema'
import { acquireDirLock } from './dir-lock'
import { POOL_CONNECT_TIMEOUT_MS, POOL_MAX, RecoveringPool } from './pool'

/** Drizzle database over either driver (also accepted: a transaction of it). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** An open database; `close()` ends the pool or PGlite and releases the data-dir lock. */
export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

/** Where the database lives. `pglite` (tests) takes precedence, then `databaseUrl`, then `dataDir`. */
export interface DatabaseOptions {
  dataDir?: string
  databaseUrl?: string | undefined
  /** A ready PGlite instance (test fixtures load a pre-migrated data dir for speed). */
  pglite?: PGlite
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * Opens the database and brings its schema up to date (idempotent: applied migrations are skipped).
 * @throws if PostgreSQL is unreachable, the PGlite dir is held by another process, or a migration fails.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.pglite) return openPglite(opts.pglite, async () => {})
  if (opts.databaseUrl) {
    // Connections can end under us, idle or in the middle of a request (server restart, pg_terminate_backend): the
    // pool (./pool) discards them without crashing the process and opens new ones on demand.
    const pool = new RecoveringPool({
      connectionString: opts.databaseUrl,
      max: POOL_MAX,
      connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
    })
    try {
      const db = drizzlePg({ client: pool, schema })
      await migratePg(db, { migrationsFolder })
      return { db, kind: 'postgres', close: () => pool.end() }
    } catch (err) {
      await pool.end()
      throw err
    }
  }
  if (!opts.dataDir) throw new Error('openDatabase: give dataDir, databaseUrl or pglite')
  // PGlite fails with ENOENT unless the parent exists (toolchain.md gotcha 7).
  mkdirSync(opts.dataDir, { recursive: true })
  const release = acquireDirLock(join(opts.dataDir, 'pg.lock'), 'the PGlite database in ' + opts.dataDir)
  try {
    const client = await PGlite.create(join(opts.dataDir, 'pg'))
    return await openPglite(client, async () => release())
  } catch (err) {
    release()
    throw err
  }
}

async function openPglite(client: PGlite, onClose: () => Promise<void>): Promise<Database> {
  const db = drizzlePglite({ client, schema })
  await migratePglite(db, { migrationsFolder })
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close()
      await onClose()
    },
  }
}
