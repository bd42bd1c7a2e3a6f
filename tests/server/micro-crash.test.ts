/**
 * kill -9 during open second contracts, then restart, and two server processes on one PostgreSQL (issue 11 "Done
 * when"): the real server runs as its own process (sim feed) on a PostgreSQL test database; a user opens 40 five-second
 * contracts through the API over about 4 s, and the server's process group gets SIGKILL at a random moment while they
 * expire and settle. Then TWO server processes start on the same database and settle what is left. In the end:
 * - every contract is settled (or voided: no price the new processes saw within 10 s after its delivery), by exactly
 *   one ledger posting (`micro_settle`, `micro:<id>`), none twice;
 * - the user's options wallet is the funds less every stake and fee, plus stake + payout for each win, the stake for
 *   each draw and stake + fee for each voided one, nothing left frozen, and the ledger check holds.
 * MICRO_CRASH_ROUNDS sets the number of kills (default 2).
 */
import { randomUUID } from 'node:crypto'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { add, negate, parseDecimal, sign } from '../../common/amount'
import type { MicroOrder } from '../../common/api/micro'
import type { Database } from '../../server/db/client'
import { ledgerTransactions, microOrders } from '../../server/db/schema'
import { checkLedger } from '../../server/ledger/check'
import { saveProduct } from '../../server/trading/micro/products'
import { bucketsOf, moneyUser, openChain, serviceCalls } from '../helpers/ledger-ops'
import { startLedgerServer, type LedgerServer } from '../helpers/ledger-server'
import { databaseUrlOf, describePostgres } from '../helpers/server-db'
import { makeUser, type TestUser } from '../helpers/server-users'

const ROUNDS = Number(process.env.MICRO_CRASH_ROUNDS ?? 2)
const CONTRACTS = 40
const STAKE = '10'
const FUNDS = '1000'

async function placeMicro(url: string, user: TestUser, direction: 'up' | 'down'): Promise<MicroOrder> {
  const res = await fetch(`${url}/api/micro/order_place`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: user.token, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ symbol: 'btcusdt', direction, duration_s: 5, amount: STAKE, client_oid: randomUUID() }),
  })
  const body = (await res.json()) as { code: number; msg: string; data: MicroOrder }
  if (body.code !== 1) throw new Error(`micro/order_place refused: ${body.msg}`)
  return body.data
}

await describePostgres('second contracts across kill -9', (open) => {
  let database: Database
  let url = ''
  const servers: LedgerServer[] = []

  beforeAll(async () => {
    database = await open()
    url = await databaseUrlOf(database)
    await openChain(database.db, 'USDT', { fee: '1', min: '2' })
    await saveProduct(database.db, {
      symbol: 'btcusdt',
      duration_s: 5,
      payout_rate: parseDecimal('0.8'),
      min_amount: parseDecimal('1'),
      fee_rate: parseDecimal('0.01'),
      enabled: true,
    })
  })
  afterAll(async () => {
    for (const s of servers) await s.stop()
    await database?.close()
  })

  it(`settles every contract exactly once across ${ROUNDS} kill -9 and two processes after each`, async () => {
    const db = database.db
    for (let round = 0; round < ROUNDS; round++) {
      const user = await makeUser(db)
      const money = await moneyUser(db, user.id)
      const calls = serviceCalls(db, new Map([[user.id, money]]))
      await calls.deposit(user.id, 'USDT', parseDecimal(FUNDS), randomUUID())
      await calls.transfer(
        { userId: user.id, book: 'live', key: randomUUID() },
        { currency: 'USDT', from: 'spot', to: 'option', amount: parseDecimal(FUNDS) },
      )
      const first = await startLedgerServer(url)
      servers.push(first)
      // The sim feed's first prices: an order opens at the first one received after it is accepted.
      let placed: MicroOrder[] = []
      for (let tries = 0; placed.length === 0; tries++) {
        try {
          placed = [await placeMicro(first.url, user, 'up')]
        } catch (err) {
          if (tries > 100) throw err
          await new Promise((r) => setTimeout(r, 100))
        }
      }
      // Placed over about 4 s, so deliveries (5 s after each) spread over 4 s too; the kill falls among them.
      const started = Date.now()
      while (placed.length < CONTRACTS) {
        placed.push(await placeMicro(first.url, user, placed.length % 2 ? 'down' : 'up'))
        await new Promise((r) => setTimeout(r, 100))
      }
      // Killed once the first contracts are settled, up to 1 s later: the last delivery is about 4 s after the first,
      // so the kill lands among the settlements (checked below, not only logged).
      const ids = placed.map((p) => p.id)
      const firstDeadline = started + 30_000
      while ((await settledCount(database, ids)) === 0 && Date.now() < firstDeadline) {
        await new Promise((r) => setTimeout(r, 20))
      }
      await new Promise((r) => setTimeout(r, Math.random() * 1000))
      await first.kill9()
      expect(first.output(), 'no settlement failed').not.toMatch(/\[trading\].*failed/)
      const settledBefore = await settledCount(database, ids)
      const what = `round ${round}: killed with ${settledBefore} of ${CONTRACTS} settled`
      expect(settledBefore, `${what}: the kill landed after some settlements`).toBeGreaterThan(0)
      expect(settledBefore, `${what}: the kill landed before the last settlement`).toBeLessThan(CONTRACTS)

      const [a, b] = await Promise.all([startLedgerServer(url), startLedgerServer(url)])
      servers.push(a, b)
      const deadline = Date.now() + 60_000
      while ((await settledCount(database, ids)) < CONTRACTS && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200))
      }
      await Promise.all([a.stop(), b.stop()])

      const [postings] = await db
        .select({ n: count() })
        .from(ledgerTransactions)
        .where(and(eq(ledgerTransactions.kind, 'micro_settle'), eq(ledgerTransactions.userId, user.id)))
      expect(postings!.n, what).toBe(CONTRACTS)
      const rows = await db.select().from(microOrders).where(inArray(microOrders.id, ids))
      expect(
        rows.filter((r) => r.status === 'open'),
        what,
      ).toEqual([])
      let expected = parseDecimal(FUNDS)
      for (const r of rows) {
        expected = add(expected, negate(add(parseDecimal(r.amount), parseDecimal(r.fee))))
        // Voided (no price the new processes could see within 10 s after delivery): stake and fee back.
        if (r.status === 'voided') {
          expected = add(expected, add(parseDecimal(r.amount), parseDecimal(r.fee)))
          continue
        }
        if (r.status !== 'lost') expected = add(expected, parseDecimal(r.amount))
        if (r.status === 'won') expected = add(expected, parseDecimal(r.pnl!))
        expect(r.closeTs!.getTime(), `${what}: #${r.id} closes at or after delivery`).toBeGreaterThanOrEqual(
          r.deliveryAt.getTime(),
        )
      }
      const voided = rows.filter((r) => r.status === 'voided').length
      expect(await bucketsOf(db, user.id, 'USDT', 'option'), what).toEqual({ available: expected, frozen: '0' })
      expect(sign(expected)).toBeGreaterThan(0)
      expect((await checkLedger(db)).ok, what).toBe(true)
      console.log(`${what}; all ${CONTRACTS} settled (${voided} voided) once by the two processes that followed`)
    }
  }, 600_000)
})

async function settledCount(database: Database, ids: number[]): Promise<number> {
  const [r] = await database.db
    .select({ n: count() })
    .from(microOrders)
    .where(and(inArray(microOrders.id, ids), sql`${microOrders.status} <> 'open'`))
  return r!.n
}
