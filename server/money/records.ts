/**
 * Account change records (spec §2 "Account change records with detail"): a view over the ledger — every entry on
 * one of the user's balances in the session's book, typed by its transaction's kind, filterable by wallet and kind.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { LedgerDetail, LedgerKind, LedgerRecord, Wallet } from '../../common/api/assets'
import type { Book } from '../../common/api/user-info'
import { parseDecimal } from '../../common/amount'
import type { Db } from '../db/client'
import { formatUtc } from '../db/announcements'
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema'
import { notFound } from '../domain/errors'
import type { Page } from './review'

const columns = {
  id: ledgerEntries.id,
  transactionId: ledgerEntries.transactionId,
  type: ledgerTransactions.kind,
  reference: ledgerTransactions.reference,
  wallet: ledgerAccounts.wallet,
  currency: ledgerAccounts.currency,
  bucket: ledgerEntries.bucket,
  amount: ledgerEntries.amount,
  balanceAfter: ledgerEntries.balanceAfter,
  createdAt: ledgerEntries.createdAt,
}

type Row = Awaited<ReturnType<typeof entriesOf>>[number]

function view(r: Row): LedgerRecord {
  return {
    id: r.id,
    type: r.type,
    wallet: r.wallet,
    currency: r.currency,
    bucket: r.bucket,
    amount: parseDecimal(r.amount),
    balance_after: parseDecimal(r.balanceAfter),
    created_at: formatUtc(r.createdAt),
  }
}

function entriesOf(db: Db, where: SQL | undefined) {
  return db
    .select(columns)
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(where)
}

/** The user's records in `book`, newest first. */
export async function listRecords(
  db: Db,
  userId: number,
  book: Book,
  filter: Page & { wallet?: Wallet | undefined; type?: LedgerKind | undefined },
) {
  const cond = and(
    eq(ledgerAccounts.userId, userId),
    eq(ledgerAccounts.book, book),
    filter.wallet ? eq(ledgerAccounts.wallet, filter.wallet) : undefined,
    filter.type ? eq(ledgerTransactions.kind, filter.type) : undefined,
  )
  const rows = await entriesOf(db, cond)
    .orderBy(desc(ledgerEntries.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
  const [total] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(cond)
  return { list: rows.map(view), total: total?.n ?? 0, page: filter.page, limit: filter.limit }
}

/**
 * One record of the user with its transaction and the user's other entries in it.
 * @throws DomainError not_found `recordNotFound` (also for another user's entry).
 */
export async function recordDetail(db: Db, userId: number, id: number): Promise<LedgerDetail> {
  const [row] = await entriesOf(db, and(eq(ledgerEntries.id, id), eq(ledgerAccounts.userId, userId)))
  if (!row) throw notFound('recordNotFound', 'id')
  const siblings = await entriesOf(
    db,
    and(eq(ledgerEntries.transactionId, row.transactionId), eq(ledgerAccounts.userId, userId)),
  ).orderBy(ledgerEntries.id)
  return { record: view(row), transaction_id: row.transactionId, reference: row.reference, entries: siblings.map(view) }
}
