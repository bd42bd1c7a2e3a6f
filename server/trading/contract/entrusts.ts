/**
 * Pending limit orders (entrusts): cancelled by the user (their hold released once), or filled at their own price by
 * the first feed trade through it after they were placed (a long at or below its price, a short at or above), which
 * opens their position with the margin already held. Fill and cancel both move the order from `pending` under the
 * account lock, so a cancel racing a fill, or two processes seeing one trade, end in exactly one of them.
 */
import { and, eq } from 'drizzle-orm'
import { add, compare, negate, parseDecimal } from '../../../common/amount'
import type { ContractOrder } from '../../../common/api/contract'
import type { FeedEvent } from '../../../common/api/trade'
import type { Db } from '../../db/client'
import { contractOrders } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { moneyTransaction, runOnce } from '../../ledger/idempotent'
import { postTransaction } from '../../ledger/post'
import type { MoneyCaller } from '../../money/deposits'
import { lockAccount, notifyAccount } from './account'
import { openPosition, type ContractDeps } from './place'
import { contractOrderView, type ContractOrderRow } from './views'

/** Releases a pending order's hold and marks it cancelled, in `tx` (order row locked, still pending). */
export async function releaseEntrust(tx: Db, o: ContractOrderRow, actor: string, now: Date): Promise<ContractOrderRow> {
  const held = add(parseDecimal(o.margin), parseDecimal(o.fee))
  const user = { userId: o.userId, wallet: 'contract' as const }
  await postTransaction(tx, {
    kind: 'contract_cancel',
    book: o.book,
    userId: o.userId,
    reference: `contract_order:${o.id}`,
    actor,
    entries: [
      { owner: user, currency: o.currency, bucket: 'frozen', amount: negate(held) },
      { owner: user, currency: o.currency, bucket: 'available', amount: held },
    ],
  })
  const [after] = await tx
    .update(contractOrders)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(contractOrders.id, o.id), eq(contractOrders.status, 'pending')))
    .returning()
  if (!after) throw new Error(`contract order ${o.id} is not pending`)
  return after
}

/**
 * Cancels the caller's pending order `id` (Idempotency-Key); answers it cancelled.
 * @throws DomainError `orderNotFound` (id; another user's too), `orderNotOpen` (id: filled or cancelled already)
 */
export async function cancelEntrust(deps: ContractDeps, who: MoneyCaller, id: number): Promise<ContractOrder> {
  const call = { userId: who.userId, key: who.key, call: 'contract/order_cancel', payload: { id, book: who.book } }
  return runOnce(deps.db, call, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const [o] = await tx
      .select()
      .from(contractOrders)
      .where(and(eq(contractOrders.id, id), eq(contractOrders.userId, who.userId), eq(contractOrders.book, who.book)))
      .for('update')
    if (!o) throw new DomainError('not_found', 'orderNotFound', { field: 'id' })
    if (o.status !== 'pending') throw new DomainError('conflict', 'orderNotOpen', { field: 'id' })
    const after = await releaseEntrust(tx, o, `user:${who.userId}`, deps.now?.() ?? new Date())
    await notifyAccount(tx, who.book, who.userId)
    return contractOrderView(after)
  })
}

/** True when a trade at `price` fills pending order `o`. */
export function tradeFills(o: Pick<ContractOrderRow, 'side' | 'price'>, price: string): boolean {
  const c = compare(parseDecimal(price), parseDecimal(o.price!))
  return o.side === 'long' ? c <= 0 : c >= 0
}

/**
 * Fills pending order `id` from a feed trade, in its own transaction: `filled`, `skip` (no longer pending, the
 * trade does not cross it, or it printed before the order), or `refused` (the account could not take the position:
 * the order is cancelled and its hold released, so it cannot block the account).
 */
export async function fillEntrust(
  deps: ContractDeps,
  ref: { id: number; book: ContractOrderRow['book']; userId: number },
  trade: FeedEvent,
): Promise<'filled' | 'skip' | 'refused'> {
  const now = deps.now?.() ?? new Date()
  const attempt = (tx: Db) => fillOnce(deps, tx, ref, trade, now)
  try {
    return await moneyTransaction(deps.db, attempt)
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    // Lack of funds or maintenance at the fill (the account lost value meanwhile): the order ends, its hold returns.
    await moneyTransaction(deps.db, async (tx) => {
      await lockAccount(tx, ref.book, ref.userId)
      const [o] = await tx.select().from(contractOrders).where(eq(contractOrders.id, ref.id)).for('update')
      if (o?.status === 'pending') await releaseEntrust(tx, o, 'system', now)
      await notifyAccount(tx, ref.book, ref.userId)
    })
    return 'refused'
  }
}

async function fillOnce(
  deps: ContractDeps,
  tx: Db,
  ref: { id: number; book: ContractOrderRow['book']; userId: number },
  trade: FeedEvent,
  now: Date,
): Promise<'filled' | 'skip'> {
  await lockAccount(tx, ref.book, ref.userId)
  const [o] = await tx.select().from(contractOrders).where(eq(contractOrders.id, ref.id)).for('update')
  if (!o || o.status !== 'pending' || trade.ts < o.createdAt.getTime() || !tradeFills(o, trade.price)) return 'skip'
  const held = { margin: parseDecimal(o.margin), fee: parseDecimal(o.fee) }
  await openPosition(deps, tx, o, {
    price: parseDecimal(o.price!),
    feeRate: parseDecimal(o.feeRate),
    event: trade,
    now,
    held,
  })
  await notifyAccount(tx, o.book, o.userId)
  return 'filled'
}
