/**
 * Races on the financial products, on PostgreSQL, where transactions really overlap (PGlite runs one at a time):
 * - reliability.md L8: 50 parallel early redemptions of one subscription through HTTP → exactly one succeeds, the 49
 *   others say it is redeemed already; the principal comes back once, the fee is charged once; ledger Σ = 0;
 * - two accrual jobs, each on its own connection pool, on one database: 120 subscriptions three days old are credited
 *   three days each, exactly once (no posting twice, none missing), and 40 matured ones return their principal once;
 * - a job stopped mid-way and a new one started (a restart) pays what is left, and nothing twice.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { FinancialOrder } from '../../common/api/financial'
import { financialOrders, ledgerTransactions } from '../../server/db/schema'
import { startFinancialAccrual } from '../../server/trading/earn/accrual'
import { buyFinancial } from '../../server/trading/earn/buy'
import { earnClock } from '../../server/trading/earn/clock'
import { describePostgres } from '../helpers/server-db'
import {
  advanceDays,
  buy,
  expectBalancedLedger,
  investor,
  postingsOf,
  redeem,
  spot,
  suiteOn,
} from './financial-fixtures'

process.env.CLOCK_CONTROL = '1'

await describePostgres('financial races', (open) => {
  describe('financial races on PostgreSQL', () => {
    const s = suiteOn(open)

    it('redeems one subscription once out of 50 parallel early redemptions', async () => {
      const u = await investor(s, '1000')
      const o = (await buy(s, u, s.products[90].id, '800')).body.data
      await advanceDays(s, 1)
      await s.job.pass() // day 1: 800 × 0.0008 = 0.64
      const answers = await Promise.all(Array.from({ length: 50 }, () => redeem(s, u, o.id)))
      const ok = answers.filter((a) => a.status === 200 && a.body.code === 1)
      expect(ok).toHaveLength(1)
      const others = answers.filter((a) => a.body.code !== 1)
      expect(others.map((a) => `${a.status} ${a.body.msg}`)).toEqual(
        Array.from({ length: 49 }, () => `200 Subscription #${o.id} has already been redeemed`),
      )
      // Fee 800 × 1.5 % = 12: 200 + 0.64 + 788 = 988.64.
      expect(ok[0]!.body.data).toMatchObject({ redeem_fee: '12', returned: '788', income: '0.64' })
      expect(await spot(s, u.id)).toEqual({ available: '988.64', frozen: '0' })
      expect(await postingsOf(s, 'financial_redeem', o.id)).toBe(1)
      await expectBalancedLedger(s)
    })

    it('credits every day once with two accrual jobs on one database', async () => {
      const second = await open() // another pool: another process's connections
      const other = await startFinancialAccrual({ db: second.db, clockControl: true, intervalMs: 3_600_000 })
      try {
        const u = await investor(s, '10000')
        // Bought through the service (the HTTP path has its own tests): this one is about the jobs.
        const deps = { db: s.db, now: earnClock(s.db, true) }
        const bought: FinancialOrder[] = []
        for (let i = 0; i < 160; i++) {
          const who = { userId: u.id, book: 'live' as const, key: randomUUID() }
          const product_id = (i < 120 ? s.products[30] : s.products[7]).id
          bought.push(await buyFinancial(deps, who, 'en', { product_id, amount: parseDecimal('50') }))
        }
        await advanceDays(s, 3) // the 30-day ones: days 1–3
        const [a, b] = await Promise.all([s.job.pass(), other.pass()])
        expect(a + b).toBeGreaterThanOrEqual(120)
        await advanceDays(s, 5) // 8 days: the 7-day ones matured, the others at 8 days
        await Promise.all([s.job.pass(), other.pass(), s.job.pass(), other.pass()])
        const ids = bought.map((o) => o.id)
        const rows = await s.db.select().from(financialOrders).where(inArray(financialOrders.id, ids))
        expect(rows.filter((r) => r.cycleDays === 30).every((r) => r.daysPaid === 8)).toBe(true)
        expect(rows.filter((r) => r.cycleDays === 7).every((r) => r.status === 'redeemed' && r.daysPaid === 7)).toBe(
          true,
        )
        const income = await s.db
          .select({ reference: ledgerTransactions.reference })
          .from(ledgerTransactions)
          .where(and(eq(ledgerTransactions.kind, 'financial_income'), eq(ledgerTransactions.userId, u.id)))
        expect(income).toHaveLength(120 * 8 + 40 * 7)
        expect(new Set(income.map((r) => r.reference)).size).toBe(income.length)
        const redeemed = await s.db
          .select({ reference: ledgerTransactions.reference })
          .from(ledgerTransactions)
          .where(
            and(eq(ledgerTransactions.kind, 'financial_redeem'), like(ledgerTransactions.reference, 'financial:%')),
          )
        expect(redeemed.filter((r) => ids.includes(Number(r.reference.split(':')[1])))).toHaveLength(40)
        // 10000 − 160 × 50 + 120 × 8 × 0.03 + 40 × (7 × 0.025 + 50) = 2000 + 28.8 + 2007 = 4035.8.
        expect(await spot(s, u.id)).toEqual({ available: '4035.8', frozen: '6000' })
        expect(s.job.stats().failures + other.stats().failures).toBe(0)
        await expectBalancedLedger(s)
      } finally {
        await other.stop()
        await second.close()
      }
    }, 120_000)

    it('pays what is left after a job stops mid-way and another starts, nothing twice', async () => {
      const u = await investor(s, '2000')
      const o = (await buy(s, u, s.products[30].id, '1000')).body.data
      await advanceDays(s, 2)
      const first = await startFinancialAccrual({ db: s.db, clockControl: true, intervalMs: 3_600_000 })
      const running = first.pass()
      await first.stop() // waits for the pass it started, then no more
      await running
      await advanceDays(s, 2)
      const next = await startFinancialAccrual({ db: s.db, clockControl: true, intervalMs: 3_600_000 })
      try {
        await next.pass()
        await next.pass()
      } finally {
        await next.stop()
      }
      expect(await postingsOf(s, 'financial_income', o.id)).toBe(4)
      expect(await spot(s, u.id)).toEqual({ available: '1002.4', frozen: '1000' })
      await expectBalancedLedger(s)
    })
  })
})
