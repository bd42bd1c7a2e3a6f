/**
 * kill -9 while daily income is being credited, then two server processes on one PostgreSQL (issue 12 part 2 "Done
 * when": accrual exactly once across restarts and two processes). 400 subscriptions are bought (300 of 30 days, 100
 * of 7 days), the financial clock is moved 20 days on (CLOCK_CONTROL=1, as the operator's `clock advance` does), and
 * the real server starts as its own process; once its first batch is committed, its process group gets SIGKILL (the
 * test checks the kill landed mid-way: some credits made, not all). Then TWO
 * server processes start on the same database and credit what is left. In the end every 30-day subscription has been
 * paid days 1–20 and every 7-day one days 1–7 and its principal, each by exactly one ledger posting; the balances are
 * exactly that, and the ledger check holds.
 */
import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Database } from '../../server/db/client'
import { financialOrders, financialProducts, ledgerTransactions } from '../../server/db/schema'
import { checkLedger } from '../../server/ledger/check'
import { buyFinancial } from '../../server/trading/earn/buy'
import { advanceClock, DAY_MS, markClockControl } from '../../server/trading/earn/clock'
import { bucketsOf, moneyUser, openChain, serviceCalls } from '../helpers/ledger-ops'
import { startLedgerServer, type LedgerServer } from '../helpers/ledger-server'
import { databaseUrlOf, describePostgres } from '../helpers/server-db'
import { makeUser } from '../helpers/server-users'

// The server processes inherit it: they honour the clock offset.
process.env.CLOCK_CONTROL = '1'

const LONG = 300
const SHORT = 100
const DAYS = 20

await describePostgres('financial income across kill -9', (open) => {
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

  it('credits every day once across a kill -9 and two processes after it', async () => {
    const db = database.db
    const user = await makeUser(db)
    const money = await moneyUser(db, user.id)
    await serviceCalls(db, new Map([[user.id, money]])).deposit(user.id, 'USDT', parseDecimal('20000'), randomUUID())
    const products = await db.select().from(financialProducts)
    const of = (days: number) => products.find((p) => p.cycleDays === days)!.id
    const deps = { db, now: () => new Date() }
    for (let i = 0; i < LONG + SHORT; i++) {
      const who = { userId: user.id, book: 'live' as const, key: randomUUID() }
      await buyFinancial(deps, who, 'en', { product_id: of(i < LONG ? 30 : 7), amount: parseDecimal('50') })
    }
    await markClockControl(db, true)
    await advanceClock(db, DAYS * DAY_MS + 60_000)

    const first = await startLedgerServer(url)
    servers.push(first)
    const deadline = Date.now() + 60_000
    while ((await incomeCount(database, user.id)) === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5))
    }
    // Crediting goes in batches of PASS_LIMIT orders, one transaction each: killed as soon as the first committed,
    // the process is in the middle of the next one.
    await first.kill9()
    const atKill = await incomeCount(database, user.id)
    const total = LONG * DAYS + SHORT * 7
    const what = `killed with ${atKill} of ${total} daily credits made`
    expect(atKill, `${what}: the kill landed after some credits`).toBeGreaterThan(0)
    expect(atKill, `${what}: the kill landed before the last credit`).toBeLessThan(total)
    console.log(what)

    const [a, b] = await Promise.all([startLedgerServer(url), startLedgerServer(url)])
    servers.push(a, b)
    const done = Date.now() + 120_000
    while ((await unfinished(database, user.id)) > 0 && Date.now() < done) {
      await new Promise((r) => setTimeout(r, 200))
    }
    await Promise.all([a.stop(), b.stop()])
    for (const s of [a, b]) expect(s.output(), 'no crediting failed').not.toMatch(/\[financial\].*failed/)

    expect(await incomeCount(database, user.id)).toBe(total)
    const refs = await db
      .select({ reference: ledgerTransactions.reference })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.userId, user.id), eq(ledgerTransactions.kind, 'financial_redeem')))
    expect(refs).toHaveLength(SHORT)
    expect(await unfinished(database, user.id)).toBe(0)
    // 20000 − 400 × 50 + 300 × 20 × 0.03 + 100 × (7 × 0.025 + 50) = 180 + 5017.5.
    expect(await bucketsOf(db, user.id, 'USDT')).toEqual({ available: '5197.5', frozen: '15000' })
    expect((await checkLedger(db)).ok).toBe(true)
  }, 600_000)
})

/** Daily credits posted for `userId`'s subscriptions (each has a unique reference, so none can be counted twice). */
async function incomeCount(database: Database, userId: number): Promise<number> {
  const [r] = await database.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.userId, userId), eq(ledgerTransactions.kind, 'financial_income')))
  return r!.n
}

/** `userId`'s subscriptions not yet paid what 20 days owe them (30-day ones short of day 20, 7-day ones in progress). */
async function unfinished(database: Database, userId: number): Promise<number> {
  const rows = await database.db
    .select({ days: financialOrders.daysPaid, cycle: financialOrders.cycleDays, status: financialOrders.status })
    .from(financialOrders)
    .where(eq(financialOrders.userId, userId))
  return rows.filter((r) => (r.cycle === 30 ? r.days < DAYS : r.status !== 'redeemed')).length
}
