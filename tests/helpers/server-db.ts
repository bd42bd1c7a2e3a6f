/**
 * Test databases. PGlite: a migrated data dir is dumped once to the temp folder (keyed by the migrations' content)
 * and every test loads a copy, which skips initdb (toolchain.md gotcha 8: ~0.5 s instead of ~4 s). PostgreSQL: a
 * fresh database per test file on the machine's server, dropped afterwards; `undefined` when it is unreachable.
 */
import { sql } from 'drizzle-orm'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterAll, describe, it } from 'vitest'
import { openDatabase, type Database } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { MissingPrerequisite, skipReason } from './prerequisites'

const migrationsDir = fileURLToPath(new URL('../../server/db/migrations', import.meta.url))

function migrationsHash(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else hash.update(entry.name).update(readFileSync(path))
    }
  }
  walk(migrationsDir)
  return hash.digest('hex').slice(0, 16)
}

async function templateDump(): Promise<Buffer> {
  const file = join(tmpdir(), `tc-pglite-template-${migrationsHash()}.tar`)
  if (existsSync(file)) return readFileSync(file)
  const client = await PGlite.create()
  const db = await openDatabase({ pglite: client })
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer())
  await db.close()
  // Parallel test files may race here: write aside, then rename atomically.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  writeFileSync(tmp, dump)
  renameSync(tmp, file)
  return dump
}

/** An in-memory PGlite with the migrations applied (not seeded), e.g. for `launchServer`'s database override. */
export async function pgliteTemplateClient(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: new Blob([new Uint8Array(await templateDump())]) })
}

/** A migrated and seeded in-memory PGlite database. */
export async function pgliteTestDb(opts: { seed?: boolean } = {}): Promise<Database> {
  const database = await openDatabase({ pglite: await pgliteTemplateClient() })
  if (opts.seed !== false) await seedDatabase(database.db)
  return database
}

/** Server URL used to create and drop per-file test databases. */
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** A fresh, empty PostgreSQL database; `drop()` removes it. */
export interface PgTestDatabase {
  url: string
  drop: () => Promise<void>
}

/**
 * Creates `tc_test_<random>` on PG_ADMIN_URL, or answers `{ unavailable }` (the reason) when PG is unreachable.
 * @throws MissingPrerequisite when PG is unreachable under CI=true: CI must really run the PostgreSQL suites.
 */
export async function createPgTestDatabase(): Promise<PgTestDatabase | { unavailable: string }> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 })
  try {
    await admin.connect()
  } catch (err) {
    // Locally the PostgreSQL suites skip with this reason; under CI=true it throws and their file fails.
    return { unavailable: skipReason(`PostgreSQL unreachable at ${PG_ADMIN_URL}: ${(err as Error).message}`) }
  }
  const name = `tc_test_${randomBytes(6).toString('hex')}`
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL })
      await c.connect()
      try {
        // pg-pool's end() resolves before its clients have finished closing; dropping WITH (FORCE) at that moment
        // makes a closing client emit an unhandled FATAL 57P01. Wait (≤ 2 s) until the server lists none of them.
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          )
          if (rows[0]!.n === 0) break
          await new Promise((r) => setTimeout(r, 20))
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await c.end()
      }
    },
  }
}

/** Opens a migrated and seeded database for one suite. */
export type OpenDatabase = () => Promise<Database>

/**
 * Registers `suite` on a fresh seeded PostgreSQL database of this test file (dropped after it), or, when PostgreSQL
 * is unreachable, one skipped test `"<title> on PostgreSQL"` that says why — under CI=true one failing test instead.
 * Call with top-level await.
 */
export async function describePostgres(title: string, suite: (open: OpenDatabase) => void): Promise<void> {
  let database: Awaited<ReturnType<typeof createPgTestDatabase>>
  try {
    database = await createPgTestDatabase()
  } catch (err) {
    if (!(err instanceof MissingPrerequisite)) throw err
    describe(`${title} on PostgreSQL`, () => {
      it('runs on PostgreSQL', () => {
        throw err
      })
    })
    return
  }
  if ('unavailable' in database) {
    describe(`${title} on PostgreSQL`, () => {
      it.skip(`skipped: ${database.unavailable}`, () => {})
    })
    return
  }
  afterAll(() => database.drop())
  suite(async () => {
    const opened = await openDatabase({ databaseUrl: database.url })
    await seedDatabase(opened.db)
    return opened
  })
}

/** The URL of the PostgreSQL database `database` is open on (for a server process started on the same one). */
export async function databaseUrlOf(database: Database): Promise<string> {
  const result = (await database.db.execute<{ name: string }>(sql`select current_database() as name`)) as {
    rows: { name: string }[]
  }
  const u = new URL(PG_ADMIN_URL)
  u.pathname = `/${result.rows[0]!.name}`
  return u.toString()
}
