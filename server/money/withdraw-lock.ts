/**
 * What a user may not withdraw yet (issue 23 part 2): chain deposits credited but short of 6 confirmations, and what
 * reversed chain deposits still owe (server/custody/chain-watcher.ts). Such funds trade like any other; a withdrawal
 * must leave at least this much in the spot wallet's available balance (requestWithdrawal checks it after freezing,
 * under the account row's lock, so a credit or reversal racing it is seen).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { parseDecimal, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { deposits } from '../db/schema'

/** Σ amount of the user's `credited` chain deposits of `currency` + Σ debt of its reversed ones (exact, ≥ 0). */
export async function withdrawLocked(db: Db, userId: number, currency: string): Promise<DecimalString> {
  const [row] = await db
    .select({
      locked: sql<string>`coalesce(sum(case when ${deposits.status} = 'credited' then ${deposits.amount} else ${deposits.debt} end), 0)::text`,
    })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.currency, currency),
        eq(deposits.source, 'chain'),
        inArray(deposits.status, ['credited', 'reversed']),
      ),
    )
  return parseDecimal(row?.locked ?? '0')
}
