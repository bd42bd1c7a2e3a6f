/**
 * When a user may not withdraw (issue 23 part 2): while any of their chain deposits is credited but short of 6
 * confirmations, or a reversed one still owes (server/custody/chain-watcher.ts). Such funds trade like any other, and
 * so they can become anything: sold for another currency, or margin for a 100× futures position or a second
 * contract whose winnings come back to the spot wallet. Keeping only the deposit's amount back would let those
 * winnings leave before a reorganization takes the deposit back (and a loss would leave an unpaid debt: a free option
 * paid by the venue). So no withdrawal at all is accepted meanwhile — 6 blocks last about 72 s on Ethereum — and
 * none while a debt is unpaid. requestWithdrawal checks it after freezing, under the account row's lock, so a credit
 * or reversal racing it is seen.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { parseDecimal, sign, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { deposits } from '../db/schema'

/** What holds a currency's withdrawals: Σ credited chain deposits short of 6 confirmations, Σ unpaid debts. */
export interface WithdrawLock {
  credited: DecimalString
  debt: DecimalString
}

/** Per currency with either above 0, the user's withdrawal locks (exact). */
export async function withdrawLocks(db: Db, userId: number): Promise<Map<string, WithdrawLock>> {
  const rows = await db
    .select({
      currency: deposits.currency,
      credited: sql<string>`coalesce(sum(${deposits.amount}) filter (where ${deposits.status} = 'credited'), 0)::text`,
      debt: sql<string>`coalesce(sum(${deposits.debt}) filter (where ${deposits.status} = 'reversed'), 0)::text`,
    })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.source, 'chain'),
        inArray(deposits.status, ['credited', 'reversed']),
      ),
    )
    .groupBy(deposits.currency)
  const locks = new Map<string, WithdrawLock>()
  for (const r of rows) {
    const lock = { credited: parseDecimal(r.credited), debt: parseDecimal(r.debt) }
    if (sign(lock.credited) > 0 || sign(lock.debt) > 0) locks.set(r.currency, lock)
  }
  return locks
}

/**
 * Why withdrawals are refused, if they are: a debt first (it does not pass by waiting), else a deposit waiting for
 * confirmations — of `preferred` when it is locked, else of the first locked currency.
 */
export function lockReason(
  locks: Map<string, WithdrawLock>,
  preferred: string,
): { kind: 'debt'; currency: string; amount: DecimalString } | { kind: 'waiting'; currency: string } | undefined {
  for (const [currency, lock] of locks) if (sign(lock.debt) > 0) return { kind: 'debt', currency, amount: lock.debt }
  if (locks.has(preferred)) return { kind: 'waiting', currency: preferred }
  const first = [...locks.keys()][0]
  return first === undefined ? undefined : { kind: 'waiting', currency: first }
}
