/**
 * Transfers between the three wallets of one book (spec §2 Transfer): instant, one ledger transaction
 * (`transfer:<id>`) moving available funds, once per Idempotency-Key. Allowed in the demo book too.
 *
 * A transfer touching the futures (contract) wallet runs under the futures account's lock (the lock every futures
 * change takes first) and announces the account to the risk engine in the same transaction, by the statement that
 * takes the lock (issue 21 part 2). Out of
 * it, the margin currency is capped at what keeps the open positions and orders covered, losses counted
 * (trading/contract/transferable.ts: min(available, wallet + Σ unrealized losses − Σ initial margin)).
 */
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Transfer, Wallet } from '../../common/api/assets'
import { compare, negate, parseDecimal, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { formatUtc } from '../db/announcements'
import { transfers } from '../db/schema'
import type { ServiceDeps } from '../domain/deps'
import { runOnce } from '../ledger/idempotent'
import { postTransaction } from '../ledger/post'
import { rowsOf } from '../stream/events'
import type { MarketService } from '../market/types'
import { lockAccount } from '../trading/contract/account'
import { MARGIN_CURRENCY } from '../trading/contract/config'
import { marksFor, type MarkBoard } from '../trading/contract/marks'
import { transferableMargin } from '../trading/contract/transferable'
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

/** What a transfer needs: the database, and the futures marks (its own, or the market's board) for the cap. */
export type TransferDeps = Pick<ServiceDeps, 'db' | 'now'> & {
  /** The process's market: the mark board a transfer out of the futures wallet values positions at. */
  market?: Pick<MarketService, 'source' | 'onEvent' | 'listings'>
  /** The marks to use instead of the market's board (tests). Without either, no open position can be valued. */
  marks?: Pick<MarkBoard, 'mark'>
}

/**
 * Moves `amount` of `currency` from one wallet to another of the caller's book.
 * @throws DomainError naming the field: `transferSameWallet` (to), `currencyUnknown`, `amountNotPositive`/
 *   `amountTooManyDecimals`, `lackOfFunds`, `transferOverCap` (with `{max}`), `priceStale` (amount: an open position
 *   without a fresh mark); `idempotencyKeyReused`.
 */
export async function transfer(
  deps: TransferDeps,
  who: MoneyCaller & { actor?: string },
  input: TransferRequest,
): Promise<{ id: number }> {
  if (input.from === input.to) throw fieldError('to', 'transferSameWallet')
  const amount = userAmount(input.amount, input.currency)
  const payload = { ...input, amount, book: who.book }
  const futures = input.from === 'contract' || input.to === 'contract'
  return runOnce(deps.db, { userId: who.userId, key: who.key, call: 'assets/transfer', payload }, async (tx) => {
    if (futures) await lockAccount(tx, who.book, who.userId, true)
    if (input.from === 'contract' && input.currency === MARGIN_CURRENCY) {
      const marks = deps.marks ?? (deps.market ? marksFor(deps.market) : undefined)
      const { max, available } = await transferableMargin(tx, marks, who, deps.now?.() ?? new Date())
      // More than the available balance stays "Lack of funds" (the ledger's refusal); within it, the cap speaks.
      if (compare(amount, max) > 0 && compare(amount, available) <= 0) {
        throw fieldError('amount', 'transferOverCap', { max, currency: input.currency }, 'rejected')
      }
    }
    // Plain SQL: the query builder cost about as much as the statement (ledger bench, see runOnce).
    const [row] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into ${transfers} (user_id, book, currency, from_wallet, to_wallet, amount)
        values (${who.userId}, ${who.book}, ${input.currency}, ${input.from}, ${input.to}, ${amount}::numeric)
        returning id`),
    )
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
