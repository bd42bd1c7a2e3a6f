/**
 * What an operator reads of custody (`npm run admin -- custody`, issue 23 part 4, from the database): per watched
 * network the last block processed and when; per currency the chain deposits pending, credited (not yet withdrawable)
 * and withdrawable, and reversed with what they still owe; and each outstanding debt with its user.
 * Hot-wallet and not-yet-swept balances join it with the signer (part 3/4).
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { parseDecimal, type DecimalString } from '../../common/amount'
import type { ChainDepositState } from '../../common/api/assets'
import type { Db } from '../db/client'
import { chainCursors, deposits } from '../db/schema'

/** The report's figures. */
export interface CustodyReport {
  networks: { network: string; block: number; updatedAt: Date }[]
  /** Per network, currency and state: how many and their sum (exact). */
  deposits: { network: string; currency: string; state: ChainDepositState; count: number; amount: DecimalString }[]
  /** Reversed chain deposits that still owe, oldest first. */
  debts: { depositId: number; userId: number; currency: string; amount: DecimalString; debt: DecimalString }[]
}

export async function custodyReport(db: Db): Promise<CustodyReport> {
  const networks = await db.select().from(chainCursors).orderBy(asc(chainCursors.network))
  const sums = await db
    .select({
      network: deposits.network,
      currency: deposits.currency,
      state: deposits.status,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${deposits.amount})::text`,
    })
    .from(deposits)
    .where(eq(deposits.source, 'chain'))
    .groupBy(deposits.network, deposits.currency, deposits.status)
    .orderBy(deposits.network, deposits.currency, deposits.status)
  const debts = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.source, 'chain'), eq(deposits.status, 'reversed'), gt(deposits.debt, '0')))
    .orderBy(asc(deposits.id))
  return {
    networks: networks.map((n) => ({ network: n.network, block: n.blockNumber, updatedAt: n.updatedAt })),
    deposits: sums.map((s) => ({
      network: s.network ?? '',
      currency: s.currency,
      state: s.state as ChainDepositState,
      count: s.count,
      amount: parseDecimal(s.amount),
    })),
    debts: debts.map((d) => ({
      depositId: d.id,
      userId: d.userId,
      currency: d.currency,
      amount: parseDecimal(d.amount),
      debt: parseDecimal(d.debt),
    })),
  }
}
