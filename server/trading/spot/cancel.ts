/**
 * Cancelling a spot order: the caller's open order (pending or partly filled) becomes `cancelled` and what it still
 * holds frozen goes back to available, in one transaction that holds the order's row (FOR UPDATE), so a fill racing
 * the cancel either lands before it (and the release is what is left) or finds the order cancelled and does nothing.
 */
import { and, eq } from 'drizzle-orm'
import { OPEN_ORDER_STATES, type Order } from '../../../common/api/trade'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { spotOrders } from '../../db/schema'
import { notFound, rejected } from '../../domain/errors'
import { moneyTransaction } from '../../ledger/idempotent'
import { release } from './fills'
import { emitEvents } from '../../stream/events'
import { orderView, spotOrderEvent } from './views'

/**
 * Cancels order `id` of the caller's `book`.
 * @throws DomainError not_found `orderNotFound` (id); rejected `orderNotOpen` (id) when it is filled or cancelled
 */
export async function cancelOrder(db: Db, userId: number, book: Book, id: number, now = new Date()): Promise<Order> {
  return moneyTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(spotOrders)
      .where(and(eq(spotOrders.id, id), eq(spotOrders.userId, userId), eq(spotOrders.book, book)))
      .for('update')
    if (!row) throw notFound('orderNotFound', 'id')
    if (!(OPEN_ORDER_STATES as readonly string[]).includes(row.status)) throw rejected('orderNotOpen', 'id')
    const [cancelled] = await tx
      .update(spotOrders)
      .set({ status: 'cancelled', updatedAt: now })
      .where(eq(spotOrders.id, id))
      .returning()
    const released = await release(tx, cancelled!, now)
    await emitEvents(tx, [spotOrderEvent('cancelled', released)])
    return orderView(released)
  })
}
