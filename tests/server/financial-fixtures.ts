/**
 * The financial products' server suites: an app over a test database with USDT open, an operator, users funded in the
 * live spot wallet, the calls (keyed POSTs), the financial clock moved the way an operator moves it (the
 * `clock_offset_ms` row, honoured because these suites run with CLOCK_CONTROL=1), an accrual job on that clock that
 * only runs when a test asks for a pass, and readings of balances, orders and ledger postings.
 */
import { randomUUID } from 'node:crypto'
import { and, count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, expect } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { FinancialOrder, FinancialProduct } from '../../common/api/financial'
import type { Book } from '../../common/api/user-info'
import type { Database, Db } from '../../server/db/client'
import { ledgerAccounts, ledgerTransactions } from '../../server/db/schema'
import { startFinancialAccrual, type FinancialAccrual } from '../../server/trading/earn/accrual'
import { advanceClock, DAY_MS, markClockControl } from '../../server/trading/earn/clock'
import { moneyUser, openChain, serviceCalls } from '../helpers/ledger-ops'
import { moneyCall } from '../helpers/money-calls'
import { testApp, type TestApp } from '../helpers/server-app'
import { makeUser, type TestUser } from '../helpers/server-users'

/** What a suite holds. */
export interface Suite {
  database: Database
  db: Db
  t: TestApp
  operator: TestUser
  /** The accrual job on the financial clock (passes only when called). */
  job: FinancialAccrual
  /** The seeded products by cycle: 7, 30, 90 days. */
  products: Record<7 | 30 | 90, FinancialProduct>
}

/** Registers beforeAll/afterAll for a suite on the database `open` gives. */
export function suiteOn(open: () => Promise<Database>): Suite {
  const s = {} as Suite
  beforeAll(async () => {
    s.database = await open()
    s.db = s.database.db
    s.t = await testApp({ db: s.db })
    await openChain(s.db, 'USDT', { fee: '1', min: '2' })
    s.operator = await makeUser(s.db, 'operator')
    await markClockControl(s.db, true)
    s.job = await startFinancialAccrual({ db: s.db, clockControl: true, intervalMs: 3_600_000 })
    const list = (await moneyCall<FinancialProduct[]>(s.t.app, '', 'GET', 'financial/products')).body.data
    const by = (days: number) => list.find((p) => p.cycle_days === days)!
    s.products = { 7: by(7), 30: by(30), 90: by(90) }
  })
  afterAll(async () => {
    await s.job?.stop()
    await s.t?.app.close()
    await s.database?.close()
  })
  return s
}

/** Moves the financial clock forward by `days` (fractions allowed). */
export const advanceDays = (s: Suite, days: number) => advanceClock(s.db, Math.round(days * DAY_MS))

/** A user with `usdt` USDT available in the live spot wallet (a deposit claimed and approved). */
export async function investor(s: Suite, usdt: string): Promise<TestUser> {
  const user = await makeUser(s.db)
  const money = await moneyUser(s.db, user.id)
  await serviceCalls(s.db, new Map([[user.id, money]])).deposit(user.id, 'USDT', parseDecimal(usdt), randomUUID())
  return user
}

/** POST financial/buy as `u`. */
export const buy = (s: Suite, u: TestUser, product_id: number, amount: string, opts: { key?: string | null } = {}) =>
  moneyCall<FinancialOrder>(s.t.app, u.token, 'POST', 'financial/buy', { product_id, amount }, opts)

/** POST financial/redeem as `u`. */
export const redeem = (s: Suite, u: TestUser, id: number, opts: { key?: string; lang?: string } = {}) =>
  moneyCall<FinancialOrder>(s.t.app, u.token, 'POST', 'financial/redeem', { id }, opts)

/** `u`'s subscription `id` as GET financial/orders lists it. */
export async function orderOf(s: Suite, u: TestUser, id: number): Promise<FinancialOrder | undefined> {
  const r = await moneyCall<{ list: FinancialOrder[] }>(s.t.app, u.token, 'GET', 'financial/orders', { limit: '50' })
  return r.body.data.list.find((o) => o.id === id)
}

/** `userId`'s spot USDT of `book`: available and frozen. */
export async function spot(s: Suite, userId: number, book: Book = 'live') {
  const [row] = await s.db
    .select({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.owner, `user:${userId}`),
        eq(ledgerAccounts.book, book),
        eq(ledgerAccounts.wallet, 'spot'),
        eq(ledgerAccounts.currency, 'USDT'),
      ),
    )
  return { available: parseDecimal(row?.available ?? '0'), frozen: parseDecimal(row?.frozen ?? '0') }
}

/** How many ledger transactions of `kind` carry a reference of order `id` (`financial:<id>` and below). */
export async function postingsOf(
  s: Suite,
  kind: 'financial_buy' | 'financial_income' | 'financial_redeem',
  id: number,
) {
  const [r] = await s.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, kind),
        kind === 'financial_buy'
          ? eq(ledgerTransactions.reference, `financial:${id}`)
          : like(ledgerTransactions.reference, `financial:${id}:%`),
      ),
    )
  return r!.n
}

/** The ledger check (admin/ledger_check) holds. */
export async function expectBalancedLedger(s: Suite): Promise<void> {
  const check = await moneyCall<{ ok: boolean }>(s.t.app, s.operator.token, 'GET', 'admin/ledger_check')
  expect(check.body.data).toMatchObject({ ok: true, mismatches: [] })
}
