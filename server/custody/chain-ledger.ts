/**
 * The chain watcher's money moves besides the credit itself (server/custody/chain-watcher.ts): taking a reversed
 * deposit back from the spot wallet and repaying debts from later deposits, through the ledger, never below zero.
 */
import { and, asc, eq, gt } from 'drizzle-orm'
import { compare, negate, parseDecimal, sign, subtract, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { deposits, ledgerAccounts } from '../db/schema'
import { postTransaction } from '../ledger/post'

/** The user's live spot `currency` account's available balance, the row locked ("0" without one). */
export async function lockedSpotAvailable(tx: Db, userId: number, currency: string): Promise<DecimalString> {
  const [row] = await tx
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.book, 'live'),
        eq(ledgerAccounts.wallet, 'spot'),
        eq(ledgerAccounts.currency, currency),
      ),
    )
    .for('update')
  return parseDecimal(row?.available ?? '0')
}

export const minOf = (a: DecimalString, b: DecimalString) => (compare(a, b) <= 0 ? a : b)

/** Takes `amount` from the user's spot wallet back to `system:deposits` under `reference`. */
export async function takeBack(tx: Db, userId: number, currency: string, amount: DecimalString, reference: string) {
  await postTransaction(tx, {
    kind: 'deposit_reverse',
    book: 'live',
    userId,
    reference,
    actor: 'system',
    entries: [
      { owner: { userId, wallet: 'spot' }, currency, bucket: 'available', amount: negate(amount) },
      { owner: { system: 'deposits' }, currency, bucket: 'available', amount },
    ],
  })
}

/** Repays the user's debts in `currency` (oldest first) from the spot wallet, after deposit `creditId`. */
export async function repayDebts(tx: Db, userId: number, currency: string, creditId: number): Promise<void> {
  const owed = await tx
    .select({ id: deposits.id, debt: deposits.debt })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        eq(deposits.currency, currency),
        eq(deposits.status, 'reversed'),
        gt(deposits.debt, '0'),
      ),
    )
    .orderBy(asc(deposits.id))
    .for('update')
  if (owed.length === 0) return
  let available = await lockedSpotAvailable(tx, userId, currency)
  for (const d of owed) {
    const take = minOf(available, parseDecimal(d.debt))
    if (sign(take) <= 0) break
    await takeBack(tx, userId, currency, take, `deposit:${d.id}:repaid-from:${creditId}`)
    await tx
      .update(deposits)
      .set({ debt: subtract(parseDecimal(d.debt), take) })
      .where(eq(deposits.id, d.id))
    available = subtract(available, take)
  }
}
