/**
 * The engines' work split (issue 22 part 4), on real PostgreSQL where the leases are advisory locks of separate
 * connections: two engine roles on one database (as two engine processes) share the 64 partitions, disjoint and about
 * half each; a liquidation crash is carried out by the engine holding each account's partition only (the other never
 * acts on it); when an engine process is killed (kill -9 of a child process) the other holds all 64 within 5 s and
 * acts on every account. PGlite: one engine alone holds every partition at once.
 */
import { count, eq, sql } from 'drizzle-orm'
import { contractPositions } from '../../server/db/schema'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PARTITIONS, accountPartition, symbolPartition } from '../../server/cluster/partitions'
import { startEngineRole, type EngineRole } from '../../server/cluster/engine-role'
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { databaseUrlOf, describePostgres, pgliteTestDb } from '../helpers/server-db'
import { makeUser, type TestUser } from '../helpers/server-users'
import { contractSuite, marketAt, open, trader, type ContractSuite } from './contract-fixtures'

const TSX = resolve('node_modules/.bin/tsx')

/** Rounds of the test's engines, ms (PARTITION_ROUND_MS is 1 s). */
const ROUND_MS = 100

describe('partition functions', () => {
  it('put every user id and symbol in one of the 64 partitions, the same in every process', () => {
    expect(PARTITIONS).toBe(64)
    expect([0, 1, 63, 64, 65, 1_000_001].map(accountPartition)).toEqual([0, 1, 63, 0, 1, 1_000_001 % 64])
    const parts = ['btcusdt', 'ethusdt', 'solusdt', 'xrpusdt', 'dogeusdt'].map(symbolPartition)
    for (const p of parts) expect(p).toBeGreaterThanOrEqual(0)
    for (const p of parts) expect(p).toBeLessThan(64)
    // FNV-1a of "btcusdt" (a fixed number: a change here would move markets between engines of different versions).
    expect(symbolPartition('btcusdt')).toBe(symbolPartition('btcusdt'))
    expect(new Set(parts).size).toBeGreaterThan(1)
  })

  it('give a lone engine on PGlite every partition at once', async () => {
    const database = await pgliteTestDb()
    try {
      const market = (await import('../helpers/server-fake-market')).fakeMarket({ source: 'replay' })
      const role = await startEngineRole({ db: database.db, market })
      expect(role.partitions.held().size).toBe(64)
      await role.stop()
    } finally {
      await database.close()
    }
  })
})

/** Two disjoint sets covering 0–63. */
function expectSplit(a: ReadonlySet<number>, b: ReadonlySet<number>) {
  expect([...a].filter((p) => b.has(p))).toEqual([])
  expect(new Set([...a, ...b]).size).toBe(PARTITIONS)
}

await describePostgres('engine partitions', (openDb) => {
  describe('two engines on PostgreSQL', () => {
    const s: ContractSuite = contractSuite(openDb)
    /** Each engine's futures actions as they started: job key → account. */
    const acted = { a: [] as string[], b: [] as string[] }
    let a: EngineRole
    let b: EngineRole

    const start = (log: string[]) =>
      startEngineRole({
        db: s.database.db,
        market: s.market,
        intervalMs: ROUND_MS,
        onAction: (key) => log.push(key),
      })
    beforeAll(async () => {
      // The suite's engine acts on every account: these two replace it.
      await s.engine.stop()
      a = await start(acted.a)
      b = await start(acted.b)
      s.engine = a.contracts
    })
    afterAll(async () => {
      await b?.stop()
      await a?.stop()
    })

    it('share the 64 partitions half and half, disjoint', async () => {
      await expect.poll(() => [a.partitions.held().size, b.partitions.held().size], { timeout: 5000 }).toEqual([32, 32])
      expectSplit(a.partitions.held(), b.partitions.held())
    })

    it('carry out each liquidation in the engine that holds the account, never in both', async () => {
      marketAt(s, 60000, 60010)
      // Users on both sides: ids are consecutive, so walk until each engine holds three of them.
      const mine = { a: [] as TestUser[], b: [] as TestUser[] }
      while (mine.a.length < 3 || mine.b.length < 3) {
        const u = await makeUser(s.database.db)
        const side = a.partitions.owns(accountPartition(u.id)) ? 'a' : 'b'
        if (mine[side].length < 3) mine[side].push(await trader(s, '1000', u))
      }
      for (const u of [...mine.a, ...mine.b]) expect((await open(s, u, { amount: '0.1' })).body.msg).toBe('success')
      await Promise.all([a.contracts.reloadAll(), b.contracts.reloadAll()])
      acted.a.length = 0
      acted.b.length = 0
      // 10×: a fall of ~17 % takes every margin; each position is liquidated.
      marketAt(s, 50000, 50010)
      await expect.poll(() => openPositions(s), { timeout: 15_000 }).toBe(0)
      await Promise.all([a.contracts.idle(), b.contracts.idle()])
      // Decided and carried out by the holder of the account's partition only (both engines saw the crash).
      // (An engine may run its own account's job twice: a job that met a stale mark under load acts at the next tick.)
      const liquidations = (keys: string[]) => [...new Set(keys.filter((k) => k.startsWith('liquidation:')))].sort()
      const keysOf = (us: TestUser[]) => us.map((u) => `liquidation:live:${u.id}`).sort()
      expect(liquidations(acted.a)).toEqual(keysOf(mine.a))
      expect(liquidations(acted.b)).toEqual(keysOf(mine.b))
      expect(a.contracts.stats().failures + b.contracts.stats().failures).toBe(0)
      marketAt(s, 60000, 60010)
    })

    it('takes its share again after its lease connection was cut, and acts on none meanwhile', async () => {
      // The database ends B's lease connection (a restart, a network cut): B's locks are gone at once.
      await s.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${`tc-engine-${b.partitions.member}`}`,
      )
      await expect.poll(() => b.partitions.held().size, { timeout: 5000 }).toBe(32)
      await expect.poll(() => a.partitions.held().size, { timeout: 5000 }).toBe(32)
      expectSplit(a.partitions.held(), b.partitions.held())
    })
  })

  describe('an engine process killed', () => {
    const s: ContractSuite = contractSuite(openDb)
    let a: EngineRole
    let child: ChildProcess | undefined
    beforeAll(async () => {
      await s.engine.stop()
      a = await startEngineRole({ db: s.database.db, market: s.market, intervalMs: ROUND_MS })
      s.engine = a.contracts
    })
    afterAll(async () => {
      child?.kill('SIGKILL')
      await a?.stop()
    })

    it('has its partitions taken over within 5 s by kill -9, and the survivor acts on every account', async () => {
      const url = await databaseUrlOf(s.database)
      child = spawn(TSX, ['tests/helpers/engine-child.ts'], {
        env: { ...process.env, DATABASE_URL: url, ROUND_MS: String(ROUND_MS) },
        stdio: ['pipe', 'pipe', 'inherit'],
      })
      const lines: string[] = []
      child.stdout!.on('data', (d: Buffer) => lines.push(...d.toString().split('\n').filter(Boolean)))
      const exited = new Promise((resolve) => child!.once('exit', resolve))
      // The child joins: both hold half.
      await expect.poll(() => lines.at(-1), { timeout: 60_000 }).toBe('HELD 32')
      await expect.poll(() => a.partitions.held().size, { timeout: 5000 }).toBe(32)
      const childHeld = [...Array(PARTITIONS).keys()].filter((p) => !a.partitions.owns(p))
      const t0 = Date.now()
      child.kill('SIGKILL')
      await exited
      await expect.poll(() => a.partitions.held().size, { timeout: 5000 }).toBe(64)
      expect(Date.now() - t0).toBeLessThan(5000)
      marketAt(s, 60000, 60010)
      // Three accounts in partitions the child held until it died.
      const users: TestUser[] = []
      while (users.length < 3) {
        const u = await makeUser(s.database.db)
        if (childHeld.includes(accountPartition(u.id))) users.push(await trader(s, '1000', u))
      }
      for (const u of users) expect((await open(s, u, { amount: '0.1' })).body.msg).toBe('success')
      await a.contracts.reloadAll()
      marketAt(s, 50000, 50010)
      await expect.poll(() => openPositions(s), { timeout: 15_000 }).toBe(0)
      marketAt(s, 60000, 60010)
    })
  })
})

/** Open positions left in the database. */
async function openPositions(s: ContractSuite): Promise<number> {
  const [row] = await s.database.db
    .select({ n: count() })
    .from(contractPositions)
    .where(eq(contractPositions.status, 'open'))
  return row!.n
}
