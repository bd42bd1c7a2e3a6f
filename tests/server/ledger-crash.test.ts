/**
 * kill -9 during a stream of transfers (issue 10 "Done when", reliability.md L10). The real server runs as its own
 * process on a PostgreSQL test database; 8 clients stream `assets/transfer` calls (each with its own Idempotency-Key)
 * until a random number of them have been answered, then the server's process group gets SIGKILL with requests in
 * flight. After a restart:
 * - `npm run admin -- ledger check` exits 0: no half-applied transaction (every balance equals its entries, every
 *   currency sums to zero);
 * - every answered transfer replayed under its key gets the very same answer, and none is applied twice;
 * - every transfer cut off by the kill, replayed under its key, is applied exactly once (by the first try if it
 *   committed, else by the replay): in the end one transfer record and one ledger transaction per key, and the
 *   balances moved by exactly (number of keys) × the amount.
 * LEDGER_CRASH_ROUNDS sets the number of kills (default 3; the bench-sized run, `npm run bench -- crash`, 10).
 */
import { randomUUID } from 'node:crypto'
import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Database } from '../../server/db/client'
import { idempotencyKeys, ledgerTransactions, transfers } from '../../server/db/schema'
import { checkLedger } from '../../server/ledger/check'
import { bucketsOf, fromUnits, moneyUser, openChain, serviceCalls, toUnits } from '../helpers/ledger-ops'
import { ledgerCheckCli, startLedgerServer, type LedgerServer } from '../helpers/ledger-server'
import { databaseUrlOf, describePostgres } from '../helpers/server-db'
import { makeUser, type TestUser } from '../helpers/server-users'

const ROUNDS = Number(process.env.LEDGER_CRASH_ROUNDS ?? 3)
const WORKERS = 8
const FUNDS = '100000'
const AMOUNT = '0.5'
const units = (t: string) => toUnits(t, 6)

interface Call {
  key: string
  /** The answer, when one came back before the kill. */
  answer?: { status: number; body: unknown }
  /** Why none came back (the kill cut the connection). */
  failure?: string
}

/** POST assets/transfer of AMOUNT USDT spot → contract as `user` under `key`. */
async function transfer(url: string, user: TestUser, key: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}/api/assets/transfer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: user.token, 'idempotency-key': key, 'accept-language': 'en' },
    body: JSON.stringify({ currency: 'USDT', from: 'spot', to: 'contract', amount: AMOUNT }),
  })
  return { status: res.status, body: await res.json() }
}

/**
 * Streams transfers from WORKERS clients until `killAfter` have been answered, SIGKILLs the server, and returns every
 * call made (answered or cut off). Clients stop at their first call without an answer.
 */
async function streamAndKill(server: LedgerServer, user: TestUser, killAfter: number): Promise<Call[]> {
  const calls: Call[] = []
  let answered = 0
  let killed: Promise<void> | undefined
  const worker = async () => {
    for (;;) {
      const call: Call = { key: randomUUID() }
      calls.push(call)
      try {
        call.answer = await transfer(server.url, user, call.key)
      } catch (err) {
        call.failure = String((err as Error).cause ?? err)
        return
      }
      if (++answered >= killAfter) killed ??= server.kill9()
    }
  }
  await Promise.all(Array.from({ length: WORKERS }, worker))
  await killed
  return calls
}

await describePostgres('ledger crash', (open) => {
  let database: Database
  let url = ''
  const servers: LedgerServer[] = []

  beforeAll(async () => {
    database = await open()
    url = await databaseUrlOf(database)
    await openChain(database.db, 'USDT', { fee: '1', min: '2' })
  })
  afterAll(async () => {
    for (const s of servers) await s.stop()
    await database?.close()
  })

  it(`keeps the ledger whole and every transfer exactly once across ${ROUNDS} kill -9 of the server mid-stream`, async () => {
    const db = database.db
    for (let round = 0; round < ROUNDS; round++) {
      const user = await makeUser(db)
      const money = await moneyUser(db, user.id)
      await serviceCalls(db, new Map([[user.id, money]])).deposit(user.id, 'USDT', parseDecimal(FUNDS), randomUUID())
      const first = await startLedgerServer(url)
      servers.push(first)
      const killAfter = 20 + Math.floor(Math.random() * 200)
      const calls = await streamAndKill(first, user, killAfter)
      expect(first.alive()).toBe(false)
      const cut = calls.filter((c) => !c.answer)
      const what = `round ${round}: killed after ${killAfter} answers, ${cut.length} calls cut off`
      // The kill landed mid-stream: at least killAfter transfers were answered before it, and every client had one
      // in flight that it cut off (committed or not: that is what the replays below sort out).
      expect(calls.length - cut.length, `${what}: answered before the kill`).toBeGreaterThanOrEqual(killAfter)
      expect(cut, `${what}: one call in flight per client at the kill`).toHaveLength(WORKERS)

      // Straight after the crash, before anything is replayed: nothing half-applied.
      const check = await ledgerCheckCli(url)
      expect(check, what).toMatchObject({ status: 0, stdout: expect.stringContaining('ledger balanced') as unknown })

      // How many cut-off calls had committed before the kill (their answer was lost, not their effect).
      const [committed] = await db
        .select({ n: count() })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, user.id), inArray(idempotencyKeys.key, cut.map((c) => c.key).concat(''))))

      const second = await startLedgerServer(url)
      servers.push(second)
      for (const call of calls.filter((c) => c.answer)) {
        expect(call.answer, `${what}: an answered transfer`).toMatchObject({ status: 200, body: { code: 1 } })
        expect(await transfer(second.url, user, call.key), `${what}: replay of ${call.key}`).toEqual(call.answer)
      }
      for (const call of cut) {
        expect(await transfer(second.url, user, call.key), `${what}: replay of cut-off ${call.key}`).toMatchObject({
          status: 200,
          body: { code: 1, data: { id: expect.any(Number) as unknown } },
        })
      }
      await second.stop()

      const [records] = await db.select({ n: count() }).from(transfers).where(eq(transfers.userId, user.id))
      const [postings] = await db
        .select({ n: count() })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.userId, user.id), eq(ledgerTransactions.kind, 'transfer')))
      expect({ records: records!.n, postings: postings!.n }, what).toEqual({
        records: calls.length,
        postings: calls.length,
      })
      const moved = units(AMOUNT) * BigInt(calls.length)
      expect(await bucketsOf(db, user.id, 'USDT', 'contract'), what).toEqual({
        available: fromUnits(moved, 6),
        frozen: '0',
      })
      expect(await bucketsOf(db, user.id, 'USDT', 'spot'), what).toEqual({
        available: fromUnits(units(FUNDS) - moved, 6),
        frozen: '0',
      })
      expect((await checkLedger(db)).ok, what).toBe(true)
      console.log(`${what} (${committed!.n} of them committed before it); ${calls.length} transfers in all, each once`)
    }
  }, 600_000)
})
