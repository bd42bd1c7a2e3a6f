/**
 * The insurance fund as the public sees it (issue 21 part 5; Binance and OKX publish theirs): the live book's
 * `system:insurance` ledger account in one currency, and its balance at the end of each UTC day, rebuilt from the
 * account's ledger entries (the ledger is the only record of balances; no snapshot table to drift from it).
 */
import { sql } from 'drizzle-orm'
import { add, parseDecimal, type DecimalString } from '../../../common/amount'
import type { Insurance } from '../../../common/api/contract'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { knownCurrency } from '../../money/amounts'

/** Days of history answered (the last ones, today included). */
export const INSURANCE_HISTORY_DAYS = 90
const DAY_MS = 86_400_000

/** `YYYY-MM-DD` of a UTC day. */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The insurance fund of `currency` in `book` (default live): its balance now and at the end of each UTC day of the
 * last INSURANCE_HISTORY_DAYS days up to `now` (oldest first; from its first entry when younger; empty without any).
 * @throws DomainError bad_input `currencyUnknown` naming `currency`.
 */
export async function insuranceFund(
  db: Db,
  currency: string,
  now = new Date(),
  book: Book = 'live',
): Promise<Insurance> {
  const code = knownCurrency(currency.toUpperCase())
  const result = (await db.execute(sql`
    select to_char(date_trunc('day', e.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
      sum(e.amount)::text as change
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.owner = 'system:insurance' and a.book = ${book} and a.currency = ${code} and e.bucket = 'available'
    group by 1 order by 1`)) as { rows: { day: string; change: string }[] }
  const changes = new Map(result.rows.map((r) => [r.day, parseDecimal(r.change)]))
  const first = result.rows[0]?.day
  let balance = parseDecimal('0')
  const history: { date: string; balance: DecimalString }[] = []
  if (first !== undefined) {
    const today = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`)
    const from = Math.max(Date.parse(`${first}T00:00:00Z`), today - (INSURANCE_HISTORY_DAYS - 1) * DAY_MS)
    // Days before the window count toward the balance it opens with.
    for (const [day, change] of changes) if (day < dayOf(from)) balance = add(balance, change)
    for (let t = from; t <= today; t += DAY_MS) {
      const date = dayOf(t)
      balance = add(balance, changes.get(date) ?? parseDecimal('0'))
      history.push({ date, balance })
    }
    // Entries dated after `now` (a clock ahead of the caller's) still count in the balance.
    for (const [day, change] of changes) if (day > dayOf(today)) balance = add(balance, change)
  }
  return { currency: code, balance, history }
}
