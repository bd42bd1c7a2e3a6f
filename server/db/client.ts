/**
 * Opens the database and applies the migrations: embedded PGlite under `<dataDir>/pg` by default, PostgreSQL
 * (node-postgres pool) when a URL is given. Both run the same SQL migrations from ./migrations.
 */
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import * as schema from './schema'
import { acquireDirLock } from './dir-lock'

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

// '../db/' rather than './': the same path holds in `npm start`'s bundle, which sits in server/.bundle/.
const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url))

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters. `shared_buffers` 128 MB
 * (the PostgreSQL default PGlite keeps) is sized for a server with many connections; PGlite has one connection and
 * a small database, and those buffers live in the WebAssembly heap, which only grows: at 8 MB the idle server's RSS
 * is ~100 MB smaller (measured: 327 → 224 MB after opening the same data dir). The OS page cache still holds the
 * files, so reads that miss the buffers do not go to disk.
 */
export const PGLITE_SETTINGS: readonly string[] = ['-c', 'shared_buffers=8MB', '-c', 'wal_buffers=256kB']

/** `when` of the newest migration in the journal (drizzle records it as `created_at` once applied). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(...journal.entries.map((e) => e.when))
}

/**
 * True when the newest migration is already applied: one indexed read instead of drizzle's schema and table
 * creation and its reading of every migration file. False when the bookkeeping table does not exist yet.
 */
async function schemaIsCurrent(db: Db): Promise<boolean> {
  try {
    const result = (await db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`)) as {
      rows: { at: string | null }[]
    }
    return Number(result.rows[0]?.at) === newestMigrationMillis()
  } catch {
    return false
  }
}

/**
 * Opens the database and brings its schema up to date (idempotent: a database at the newest migration costs one
 * read, and drizzle skips applied migrations otherwise).
 * @throws if PostgreSQL is unreachable, the PGlite dir is held by another process, or a migration fails.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.pglite) return openPglite(opts.pglite, async () => {})
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./open-postgres')
    return openPostgres(opts.databaseUrl, migrationsFolder, schemaIsCurrent)
  }
  if (!opts.dataDir) throw new Error('openDatabase: give dataDir, databaseUrl or pglite')
  // PGlite fails with ENOENT unless the parent exists (toolchain.md gotcha 7).
  mkdirSync(opts.dataDir, { recursive: true })
  const release = acquireDirLock(join(opts.dataDir, 'pg.lock'), 'the PGlite database in ' + opts.dataDir)
  try {
    // Loaded only for the embedded database: importing PGlite alone adds ~44 MB of RSS (measured 77 → 121 MB), which
    // a server on PostgreSQL has no use for.
    const { PGlite } = await import('@electric-sql/pglite')
    const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS]
    const client = await PGlite.create(join(opts.dataDir, 'pg'), { startParams })
    return await openPglite(client, async () => release())
  } catch (err) {
    release()
    throw err
  }
}

async function openPglite(client: PGlite, onClose: () => Promise<void>): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  const db = drizzlePglite({ client, schema })
  if (!(await schemaIsCurrent(db))) await migratePglite(db, { migrationsFolder })
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close()
      await onClose()
    },
  }
}
