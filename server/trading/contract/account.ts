/**
 * One futures account (a user's book): its open positions, its contract wallet (the margin currency) and the lock
 * that serialises every change to it. Every transaction that changes an account's futures state takes
 * `lockAccount` first, then the rows: placement, fills, closes, TP/SL, liquidation and cancellation of one account
 * never interleave, in one process or several, and always lock in the same order (account, positions, ledger rows).
 * A committed change announces the account on CONTRACT_CHANNEL so every process's risk book reloads it.
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { parseDecimal, type DecimalString } from '../../../common/amount'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { contractPositions, ledgerAccounts } from '../../db/schema'
import { accountKey } from '../../ledger/post'
import { MARGIN_CURRENCY } from './config'

export type PositionRow = typeof contractPositions.$inferSelect

/** The NOTIFY channel of futures account changes; the payload is `<book>:<userId>`. */
export const CONTRACT_CHANNEL = 'tc_contract_accounts'

/** The key of a user's futures account in one book, as the risk book and the notices name it. */
export const accountKeyOf = (book: Book, userId: number) => `${book}:${userId}`

/** `<book>:<userId>` back to its parts; undefined for anything else. */
export function parseAccountKey(key: string): { book: Book; userId: number } | undefined {
  const m = /^(live|demo):([1-9]\d{0,9})$/.exec(key)
  return m ? { book: m[1] as Book, userId: Number(m[2]) } : undefined
}

/** Advisory-lock namespace of futures accounts (ASCII "CT"), in the high bits of the 64-bit key. */
const LOCK_NAMESPACE = 0x4354n

/** The 64-bit advisory-lock key of an account. */
export function lockKey(book: Book, userId: number): bigint {
  return (LOCK_NAMESPACE << 40n) | (BigInt(userId) << 1n) | (book === 'demo' ? 1n : 0n)
}

/**
 * Takes the account's transaction-scoped lock (released at COMMIT or ROLLBACK). `announce` also queues the account's
 * notice in the same statement (one round trip less): a NOTIFY is delivered only at COMMIT whatever its place in the
 * transaction, and dropped by a ROLLBACK or a rolled-back savepoint, so it is the same as `notifyAccount` at the end.
 */
export async function lockAccount(tx: Db, book: Book, userId: number, announce = false): Promise<void> {
  const key = lockKey(book, userId).toString()
  await tx.execute(
    announce
      ? sql`select pg_advisory_xact_lock(${key}::bigint), pg_notify(${CONTRACT_CHANNEL}, ${accountKeyOf(book, userId)})`
      : sql`select pg_advisory_xact_lock(${key}::bigint)`,
  )
}

/** Announces a change of the account to every process (delivered on commit, dropped on rollback). */
export async function notifyAccount(tx: Db, book: Book, userId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${CONTRACT_CHANNEL}, ${accountKeyOf(book, userId)})`)
}

/** The account's open positions, oldest first; `forUpdate` locks them (inside the account lock). */
export async function openPositions(tx: Db, book: Book, userId: number, forUpdate = false): Promise<PositionRow[]> {
  const q = tx
    .select()
    .from(contractPositions)
    .where(
      and(eq(contractPositions.userId, userId), eq(contractPositions.book, book), eq(contractPositions.status, 'open')),
    )
    .orderBy(asc(contractPositions.id))
  return forUpdate ? q.for('update') : q
}

/** The contract wallet's available and frozen margin currency ("0" without an account); `forUpdate` locks the row. */
export async function contractWallet(
  tx: Db,
  book: Book,
  userId: number,
  forUpdate = false,
): Promise<{ available: DecimalString; frozen: DecimalString }> {
  const key = accountKey({ userId, wallet: 'contract' }, book, MARGIN_CURRENCY)
  const q = tx
    .select({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.owner, key.owner),
        eq(ledgerAccounts.book, book),
        eq(ledgerAccounts.wallet, 'contract'),
        eq(ledgerAccounts.currency, MARGIN_CURRENCY),
      ),
    )
  const [row] = await (forUpdate ? q.for('update') : q)
  return { available: parseDecimal(row?.available ?? '0'), frozen: parseDecimal(row?.frozen ?? '0') }
}
