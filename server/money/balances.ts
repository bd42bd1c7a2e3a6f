/** Reading balances of a user's book (writing them is server/ledger's alone). */
import { and, eq } from 'drizzle-orm'
import type { Wallet } from '../../common/api/assets'
import type { Book } from '../../common/api/user-info'
import { parseDecimal, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { ledgerAccounts } from '../db/schema'

/** One balance row of a user's book. */
export interface BalanceRow {
  wallet: Wallet
  currency: string
  available: DecimalString
  frozen: DecimalString
}

/** Every account of the user's book (zero ones too). */
export async function bookBalances(db: Db, userId: number, book: Book): Promise<BalanceRow[]> {
  const rows = await db
    .select({
      wallet: ledgerAccounts.wallet,
      currency: ledgerAccounts.currency,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.book, book)))
  return rows.map((r) => ({ ...r, available: parseDecimal(r.available), frozen: parseDecimal(r.frozen) }))
}

/** Available `currency` in the user's `wallet` of `book` ("0" without an account). */
export async function walletAvailable(
  db: Db,
  userId: number,
  book: Book,
  wallet: Wallet,
  currency: string,
): Promise<DecimalString> {
  const [row] = await db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.book, book),
        eq(ledgerAccounts.wallet, wallet),
        eq(ledgerAccounts.currency, currency),
      ),
    )
  return parseDecimal(row?.available ?? '0')
}

/** Available `currency` in the spot wallet. */
export function spotAvailable(db: Db, userId: number, book: Book, currency: string): Promise<DecimalString> {
  return walletAvailable(db, userId, book, 'spot', currency)
}
