/**
 * The PostgreSQL side of `openDatabase` (client.ts), in its own module so that node-postgres and drizzle's driver
 * for it (~23 MB of RSS and ~150 ms to load, measured) are imported only by a server that has a DATABASE_URL.
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import * as schema from './schema'
import type { Database, Db } from './client'
import { POOL_CONNECT_TIMEOUT_MS, POOL_MAX, RecoveringPool } from './pool'

/**
 * Opens a pool on `databaseUrl` and migrates unless `isCurrent` says the schema is up to date.
 * @throws if PostgreSQL is unreachable or a migration fails (the pool is ended first).
 */
export async function openPostgres(
  databaseUrl: string,
  migrationsFolder: string,
  isCurrent: (db: Db) => Promise<boolean>,
): Promise<Database> {
  // Connections can end under us, idle or in the middle of a request (server restart, pg_terminate_backend): the
  // pool (./pool) discards them without crashing the process and opens new ones on demand.
  const pool = new RecoveringPool({
    connectionString: databaseUrl,
    max: POOL_MAX,
    connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS,
  })
  try {
    const db = drizzle({ client: pool, schema })
    if (!(await isCurrent(db))) await migrate(db, { migrationsFolder })
    return { db, kind: 'postgres', close: () => pool.end() }
  } catch (err) {
    await pool.end()
    throw err
  }
}
