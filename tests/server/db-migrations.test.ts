/**
 * Starting the server on a database: migrations and first-start data apply once however often it starts, on
 * PGlite (DATA_DIR) and PostgreSQL (DATABASE_URL); the embedded database is locked to one process; a failed start
 * closes what it opened; replayed symbols the table lacks are listed.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { parseConfig, type ServerConfig } from '../../server/config'
import { openDatabase, type Db } from '../../server/db/client'
import { announcements, currencies, markets, settings } from '../../server/db/schema'
import { launchServer } from '../../server/http/launch'
import { createPgTestDatabase, pgliteTemplateClient } from '../helpers/server-db'
import { CATALOG_LISTINGS, fakeStartMarket } from '../helpers/server-fake-market'

/** The migrations the journal lists (each applied once). */
const MIGRATIONS = (
  JSON.parse(readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[]
  }
).entries.length

const pg = await createPgTestDatabase()
if ('unavailable' in pg) console.warn(`PostgreSQL part skipped: ${pg.unavailable}`)
else afterAll(() => pg.drop())

const emptyDist = () => mkdtempSync(join(tmpdir(), 'tc-nodist-'))

function testConfig(env: Record<string, string>): ServerConfig {
  return parseConfig({ HOST: '127.0.0.1', PORT: '0', MARKET_PORT: '0', MARKET_SOURCE: 'sim', ...env })
}

async function counts(db: Db) {
  const n = async (table: typeof markets | typeof announcements | typeof settings | typeof currencies) =>
    (await db.select({ n: count() }).from(table))[0]?.n
  const migrations = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
  return {
    markets: await n(markets),
    announcements: await n(announcements),
    settings: await n(settings),
    currencies: await n(currencies),
    // Both drivers answer raw queries with `{ rows }`.
    migrations: (migrations as { rows: { n: number }[] }).rows[0]?.n,
  }
}

async function startTwice(config: ServerConfig) {
  const lines: string[] = []
  const fake = fakeStartMarket()
  const first = await launchServer(config, {
    startMarket: fake.startMarket,
    distDir: emptyDist(),
    log: (l) => lines.push(l),
  })
  const before = await counts(first.database.db)
  await first.close()
  const second = await launchServer(config, {
    startMarket: fake.startMarket,
    distDir: emptyDist(),
    log: (l) => lines.push(l),
  })
  const after = await counts(second.database.db)
  const answer = (await (await fetch(`${second.httpUrl}/api/common/get_announcement`)).json()) as {
    data: { total: number }
  }
  await second.close()
  return { before, after, answer, lines, fake }
}

describe('starting twice on the same database', () => {
  it('PGlite in DATA_DIR: migrations and seed apply once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tc-data-'))
    const { before, after, answer, lines, fake } = await startTwice(testConfig({ DATA_DIR: dataDir }))
    expect(before).toEqual({
      markets: CATALOG_LISTINGS.length,
      announcements: 1,
      // the four operator settings, seed_version, seed_stamp; financial_seeded, clock_control (issue 12)
      settings: 8,
      currencies: new Set(CATALOG_LISTINGS.map((l) => l.base)).size,
      migrations: MIGRATIONS,
    })
    expect(after).toEqual(before)
    expect(answer.data.total).toBe(1)
    expect(fake.markets.every((m) => m.closed)).toBe(true)
    expect(lines.find((l) => l.startsWith('TC Market:'))).toMatch(
      /^TC Market: http:\/\/127\.0\.0\.1:\d+ · feed ws:\/\/127\.0\.0\.1:18292 · market source sim .*database pglite$/,
    )
  }, 120_000) // two starts on a PGlite data directory: 12 s alone, 33 s beside a full test run (over the 30 s default)

  const pgIt = 'unavailable' in pg ? it.skip : it
  pgIt('PostgreSQL at DATABASE_URL: migrations and seed apply once', async () => {
    if ('unavailable' in pg) return
    const { before, after } = await startTwice(testConfig({ DATABASE_URL: pg.url }))
    expect(before).toMatchObject({ markets: CATALOG_LISTINGS.length, announcements: 1, migrations: MIGRATIONS })
    expect(after).toEqual(before)
  })
})

describe('embedded database ownership', () => {
  it('refuses a second opener of the same DATA_DIR while the server runs, naming the holder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tc-lock-'))
    const server = await launchServer(testConfig({ DATA_DIR: dataDir }), {
      startMarket: fakeStartMarket().startMarket,
      distDir: emptyDist(),
      log: () => {},
    })
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      `is in use by process ${process.pid} (PGlite allows one process)`,
    )
    // `npm run admin` meanwhile goes through the server's admin socket: tests/server/cli-admin-socket.test.ts.
    await server.close()
    const reopened = await openDatabase({ dataDir })
    await reopened.close()
  })

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tc-stale-'))
    const gone = spawnSync('true').pid
    for (const pid of [gone, process.pid]) {
      writeFileSync(join(dataDir, 'pg.lock'), String(pid))
      const database = await openDatabase({ dataDir })
      await database.close()
      expect(existsSync(join(dataDir, 'pg.lock'))).toBe(false)
    }
  })
})

describe('a failed start', () => {
  it('closes the market and the database it had opened, and reports the cause', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tc-fail-'))
    const holder = await launchServer(testConfig({}), {
      database: { pglite: await pgliteTemplateClient() },
      startMarket: fakeStartMarket().startMarket,
      distDir: emptyDist(),
      log: () => {},
    })
    const busyPort = String(new URL(holder.httpUrl).port)
    const fake = fakeStartMarket()
    await expect(
      launchServer(testConfig({ DATA_DIR: dataDir, PORT: busyPort }), {
        startMarket: fake.startMarket,
        distDir: emptyDist(),
        log: () => {},
      }),
    ).rejects.toThrow(/EADDRINUSE/)
    await holder.close()
    expect(fake.markets[0]?.closed).toBe(true)
    const again = await openDatabase({ dataDir }) // lock released
    await again.close()
  })
})

describe('listings of the running source', () => {
  it('adds replayed symbols the table lacks, so currency_list shows them', async () => {
    const fake = fakeStartMarket({
      source: 'replay',
      sourceDetail: 'replay of klines/',
      listings: [
        { symbol: 'btcusdt', category: 'spot', base: 'BTC', quote: 'USDT', price_precision: 2, amount_precision: 6 },
        { symbol: 'bnbusdt', category: 'spot', base: 'BNB', quote: 'USDT', price_precision: 3, amount_precision: 3 },
        {
          symbol: 'SUI-USDT',
          category: 'futures',
          base: 'SUI',
          quote: 'USDT',
          price_precision: 4,
          amount_precision: 1,
        },
      ],
    })
    const lines: string[] = []
    const server = await launchServer(testConfig({}), {
      database: { pglite: await pgliteTemplateClient() },
      startMarket: fake.startMarket,
      distDir: emptyDist(),
      log: (l) => lines.push(l),
    })
    const list = (await (await fetch(`${server.httpUrl}/api/currency/currency_list`)).json()) as {
      data: { symbol: string; category: string; price_precision: number; tradable: { spot: boolean } }[]
    }
    const config = (await (await fetch(`${server.httpUrl}/api/common/config`)).json()) as {
      data: Record<string, unknown>
    }
    await server.close()
    expect(list.data.map((m) => m.symbol)).toEqual(['btcusdt', 'bnbusdt', 'SUI-USDT'])
    expect(list.data[2]).toMatchObject({ category: 'futures', price_precision: 4, tradable: { spot: false } })
    expect(config.data).toMatchObject({
      market_source: 'replay',
      market_live: false,
      market_source_detail: 'replay of klines/',
    })
    expect(lines.join('\n')).toContain('bnbusdt, SUI-USDT')
    expect(fake.calls[0]).toMatchObject({ host: '127.0.0.1', port: 0, source: 'sim', replaySpeed: 1 })
  })
})
