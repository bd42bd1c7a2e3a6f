/**
 * What a user may not withdraw yet (issue 23 part 2): chain deposits credited but short of 6 confirmations, and what
 * reversed chain deposits still owe (server/custody/chain-watcher.ts). Such funds trade like any other; a withdrawal
 * must leave at least this much in the spot wallet's available balance (requestWithdrawal checks it after freezing,
 * under the account row's lock, so a credit or reversal racing it is seen).
 *
 * And while any currency is so locked, no other currency can be withdrawn: credited funds may be traded, so a user
 * could sell a 1-confirmation ETH deposit for USDT and withdraw the USDT before a reorganization takes the ETH back
 * (leaving the venue a debt). Exchanges bound the withdrawable value of the whole account the same way until
 * deposits are confirmed ("withdrawal locked" amounts); 6 blocks last about 72 s on Ethereum.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { parseDecimal, sign, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { deposits } from '../db/schema'

/** Per currency, Σ amount of the user's `credited` chain deposits + Σ debt of reversed ones (exact, > 0 only). */
export async function withdrawLocks(db: Db, userId: number): Promise<Map<string, DecimalString>> {
  const rows = await db
    .select({
      currency: deposits.currency,
      locked: sql<string>`sum(case when ${deposits.status} = 'credited' then ${deposits.amount} else ${deposits.debt} end)::text`,
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
  const locks = new Map<string, DecimalString>()
  for (const r of rows) {
    const locked = parseDecimal(r.locked)
    if (sign(locked) > 0) locks.set(r.currency, locked)
  }
  return locks
}

/** The first currency other than `currency` with a lock, if any: withdrawals of `currency` wait for it. */
export function otherLock(locks: Map<string, DecimalString>, currency: string): string | undefined {
  return [...locks.keys()].find((c) => c !== currency)
}
