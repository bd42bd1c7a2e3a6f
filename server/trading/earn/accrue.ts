/**
 * Crediting what has fallen due on subscriptions whose rows the caller holds FOR UPDATE: one UPDATE of all the orders
 * (days paid, income so far, next due time, and `redeemed` for those that matured) and their ledger postings in bulk
 * (post-many.ts), inside the caller's transaction. The accrual job (accrual.ts) and an early redemption (redeem.ts,
 * which first pays the days already due) both go through here.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { financialOrders } from '../../db/schema'
import { postTransactions } from '../../ledger/post-many'
import { accrualOf, type Accrual, type OrderRow } from './income'
import { accrualPostings } from './postings'

/** A PostgreSQL array literal (`{1,2,NULL}`); elements must not need quoting (numbers, ISO times, plain words). */
const arrayOf = (values: readonly (string | number | null)[]) => `{${values.map((v) => v ?? 'NULL').join(',')}}`

/**
 * Applies `accruals` in `tx` at `now` (the time recorded as redeemed for orders that matured).
 * @throws Error when an order was not in progress at the days the accrual starts from (the caller's lock should make
 *   that impossible; the transaction then rolls back); a unique violation should a posting exist already.
 */
export async function applyAccruals(tx: Db, accruals: readonly Accrual[], now: Date): Promise<void> {
  if (accruals.length === 0) return
  const changed = await tx.execute(sql`
    update ${financialOrders} as o
    set days_paid = v.days, income = o.income + v.income, next_income_at = v.next,
        status = case when v.matured then 'redeemed' else 'in_progress' end,
        redeemed_at = case when v.matured then ${now.toISOString()}::timestamptz else null end
    from unnest(${arrayOf(accruals.map((a) => a.order.id))}::int[],
                ${arrayOf(accruals.map((a) => a.order.daysPaid))}::int[],
                ${arrayOf(accruals.map((a) => a.toDay))}::int[],
                ${arrayOf(accruals.map((a) => a.income))}::numeric[],
                ${arrayOf(accruals.map((a) => a.next?.toISOString() ?? null))}::timestamptz[],
                ${arrayOf(accruals.map((a) => String(a.matured)))}::boolean[])
      as v(id, was, days, income, next, matured)
    where o.id = v.id and o.status = 'in_progress' and o.days_paid = v.was
    returning o.id`)
  const rows = (changed as { rows: unknown[] }).rows
  if (rows.length !== accruals.length) {
    throw new Error(`financial: ${accruals.length - rows.length} order(s) changed under their lock`)
  }
  await postTransactions(tx, accruals.flatMap(accrualPostings))
}

/** Credits what is due by `now` on `order` (held FOR UPDATE by the caller); answers the accrual, null if none. */
export async function accrueLocked(tx: Db, order: OrderRow, now: Date): Promise<Accrual | null> {
  const accrual = accrualOf(order, now)
  if (accrual) await applyAccruals(tx, [accrual], now)
  return accrual
}
