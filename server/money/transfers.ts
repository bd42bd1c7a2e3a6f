/**
 * Transfers between the three wallets of one book (spec §2 Transfer): instant, one ledger transaction
 * (`transfer:<id>`) moving available funds, once per Idempotency-Key. Allowed in the demo book too.
 */
import { and, count, desc, eq } from 'drizzle-orm'
import type { Transfer, Wallet } from '../../common/api/assets'
import { negate, parseDecimal, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { formatUtc } from '../db/announcements'
import { transfers } from '../db/schema'
import type { ServiceDeps } from '../domain/deps'
import { runOnce } from '../ledger/idempotent'
import { postTransaction } from '../ledger/post'
import { fieldError, userAmount } from './amounts'
import type { MoneyCaller } from './deposits'
import type { Page } from './review'

/** A transfer once parsed by `transferInput`. */
export interface TransferRequest {
  currency: string
  from: Wallet
  to: Wallet
  amount: DecimalString
}

/**
 * Moves `amount` of `currency` from one wallet to another of the caller's book.
 * @throws DomainError naming the field: `transferSameWallet` (to), `currencyUnknown`, `amountNotPositive`/
 *   `amountTooManyDecimals`, `lackOfFunds` (amount); `idempotencyKeyReused`.
 */
export async function transfer(
  { db }: Pick<ServiceDeps, 'db'>,
  who: MoneyCaller & { actor?: string },
  input: TransferRequest,
): Promise<{ id: number }> {
  if (input.from === input.to) throw fieldError('to', 'transferSameWallet')
  const amount = userAmount(input.amount, input.currency)
  const payload = { ...input, amount, book: who.book }
  return runOnce(db, { userId: who.userId, key: who.key, call: 'assets/transfer', payload }, async (tx) => {
    const [row] = await tx
      .insert(transfers)
      .values({
        userId: who.userId,
        book: who.book,
        currency: input.currency,
        fromWallet: input.from,
        toWallet: input.to,
        amount,
      })
      .returning({ id: transfers.id })
    await postTransaction(tx, {
      kind: 'transfer',
      book: who.book,
      userId: who.userId,
      reference: `transfer:${row!.id}`,
      actor: who.actor ?? `user:${who.userId}`,
      entries: [
        {
          owner: { userId: who.userId, wallet: input.from },
          currency: input.currency,
          bucket: 'available',
          amount: negate(amount),
        },
        { owner: { userId: who.userId, wallet: input.to }, currency: input.currency, bucket: 'available', amount },
      ],
    })
    return { id: row!.id }
  })
}

type TransferRow = typeof transfers.$inferSelect

function view(r: TransferRow): Transfer {
  return {
    id: r.id,
    currency: r.currency,
    from: r.fromWallet,
    to: r.toWallet,
    amount: parseDecimal(r.amount),
    created_at: formatUtc(r.createdAt),
  }
}

/** The caller's transfers in `book`, newest first. */
export async function listTransfers(db: Db, userId: number, book: MoneyCaller['book'], page: Page) {
  const where = and(eq(transfers.userId, userId), eq(transfers.book, book))
  const rows = await db
    .select()
    .from(transfers)
    .where(where)
    .orderBy(desc(transfers.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit)
  const [total] = await db.select({ n: count() }).from(transfers).where(where)
  return { list: rows.map(view), total: total?.n ?? 0, ...page }
}
