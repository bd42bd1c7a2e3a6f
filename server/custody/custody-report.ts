/**
 * What an operator reads of custody (`npm run admin -- custody`, issue 23 part 4, from the database): per watched
 * network the last block processed and when; per currency the chain deposits pending, credited (not yet withdrawable)
 * and withdrawable, and reversed with what they still owe; each outstanding debt with its user; the withdrawals the
 * signer sends (part 3) per state, the sweeper's transactions (part 4) per state, and each hot wallet with its next
 * nonce. Balances on chain (hot wallets, deposit addresses not yet swept) need the node: server/custody/reserves.ts
 * `readChainBalances`.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { parseDecimal, type DecimalString } from '../../common/amount'
import type { ChainDepositState, WithdrawalState } from '../../common/api/assets'
import type { Db } from '../db/client'
import { chainAddresses, chainCursors, deposits, hotWallets, sweepTxs, withdrawals } from '../db/schema'
import { heldSql } from './sweeper'

/** The report's figures. */
export interface CustodyReport {
  networks: { network: string; block: number; updatedAt: Date }[]
  /** Per network, currency and state: how many and their sum (exact). */
  deposits: { network: string; currency: string; state: ChainDepositState; count: number; amount: DecimalString }[]
  /** Reversed chain deposits that still owe, oldest first. */
  debts: { depositId: number; userId: number; currency: string; amount: DecimalString; debt: DecimalString }[]
  /** Withdrawals sent on chain, per network, currency and state (sending, paid, failed): how many and their sum. */
  withdrawals: { network: string; currency: string; state: WithdrawalState; count: number; amount: DecimalString }[]
  /**
   * The sweeper's transactions (part 4) per network, purpose (`sweep` to the hot wallet, `gas` to a deposit address),
   * currency and state (sent, mined, reverted, dropped): how many and their sum.
   */
  sweeps: {
    network: string
    purpose: 'sweep' | 'gas'
    currency: string
    state: 'sent' | 'mined' | 'reverted' | 'dropped'
    count: number
    amount: DecimalString
  }[]
  /** Deposit addresses the sweeper holds for an operator: their last MAX_REVERTS sweeps reverted. */
  held: { network: string; address: string; userId: number }[]
  /** The signers' hot wallets and the nonce each will use next. */
  hotWallets: { network: string; address: string; nextNonce: number }[]
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
  const sent = await db
    .select({
      network: withdrawals.network,
      currency: withdrawals.currency,
      state: withdrawals.status,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${withdrawals.amount})::text`,
    })
    .from(withdrawals)
    .where(sql`${withdrawals.network} is not null and ${withdrawals.status} in ('sending', 'paid', 'failed')`)
    .groupBy(withdrawals.network, withdrawals.currency, withdrawals.status)
    .orderBy(withdrawals.network, withdrawals.currency, withdrawals.status)
  const sweeps = await db
    .select({
      network: sweepTxs.network,
      purpose: sweepTxs.purpose,
      currency: sweepTxs.currency,
      state: sweepTxs.status,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${sweepTxs.amount})::text`,
    })
    .from(sweepTxs)
    .groupBy(sweepTxs.network, sweepTxs.purpose, sweepTxs.currency, sweepTxs.status)
    .orderBy(sweepTxs.network, sweepTxs.purpose, sweepTxs.currency, sweepTxs.status)
  const held = await db
    .select({ network: chainAddresses.network, address: chainAddresses.address, userId: chainAddresses.userId })
    .from(chainAddresses)
    .where(heldSql(sql`${chainAddresses.network}`, sql`${chainAddresses.address}`))
    .orderBy(asc(chainAddresses.network), asc(chainAddresses.address))
  const wallets = await db.select().from(hotWallets).orderBy(asc(hotWallets.network), asc(hotWallets.address))
  return {
    withdrawals: sent.map((w) => ({
      network: w.network ?? '',
      currency: w.currency,
      state: w.state,
      count: w.count,
      amount: parseDecimal(w.amount),
    })),
    held,
    sweeps: sweeps.map((w) => ({ ...w, amount: parseDecimal(w.amount) })),
    hotWallets: wallets.map((w) => ({ network: w.network, address: w.address, nextNonce: w.nextNonce })),
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
