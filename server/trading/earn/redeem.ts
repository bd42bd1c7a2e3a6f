/**
 * Early redemption (POST financial/redeem): the caller's in-progress subscription ends before expiry; the principal
 * comes back to the spot wallet less principal × the early-redemption fee rate as bought (rounded up to the currency's
 * unit), which goes to the platform's fee account. Income already credited stays, and days that have fallen due but
 * that the accrual job has not reached yet are credited first. All in one transaction with the order's row held FOR
 * UPDATE and moved from in_progress by a conditional update, so of any number of parallel calls exactly one redeems.
 */
import { and, eq } from 'drizzle-orm'
import { parseDecimal } from '../../../common/amount'
import type { FinancialOrder, FinancialRedeemInput } from '../../../common/api/financial'
import type { Locale } from '../../../common/constants'
import { financialOrders, financialProducts } from '../../db/schema'
import { DomainError, type DomainErrorKind } from '../../domain/errors'
import type { ServerMessageKey } from '../../content/server-messages'
import { runOnce } from '../../ledger/idempotent'
import { postTransaction } from '../../ledger/post'
import type { MoneyCaller } from '../../money/deposits'
import { accrueLocked } from './accrue'
import type { EarnDeps } from './buy'
import { earlyFee } from './income'
import { redeemPosting } from './postings'
import { nameIn } from './products'
import { orderView } from './views'

/** A refusal about subscription `id`, shown under the `id` field. */
function refusal(kind: DomainErrorKind, key: ServerMessageKey, id: number): DomainError {
  return new DomainError(kind, key, { field: 'id', issues: [{ field: 'id', messageKey: key }], vars: { id } })
}

/**
 * Redeems the caller's subscription `input.id` of the caller's book early.
 * @throws DomainError naming `id`: not_found `financialOrderNotFound` (no such order, or not the caller's in this
 *   book); conflict `financialAlreadyRedeemed`; conflict `financialMatured` (its expiry has come: the accrual job
 *   returns the principal without a fee); `idempotencyKeyReused`.
 */
export async function redeemFinancial(
  deps: EarnDeps,
  who: MoneyCaller,
  locale: Locale,
  input: FinancialRedeemInput,
): Promise<FinancialOrder> {
  const payload = { id: input.id, book: who.book }
  // Read before the transaction: the clock reads a settings row, and PGlite has one connection.
  const now = await deps.now()
  return runOnce(deps.db, { userId: who.userId, key: who.key, call: 'financial/redeem', payload }, async (tx) => {
    // Waits for a concurrent redemption or accrual of this order, then sees its outcome.
    const [order] = await tx.select().from(financialOrders).where(eq(financialOrders.id, input.id)).for('update')
    if (!order || order.userId !== who.userId || order.book !== who.book) {
      throw refusal('not_found', 'financialOrderNotFound', input.id)
    }
    if (order.status !== 'in_progress') throw refusal('conflict', 'financialAlreadyRedeemed', input.id)
    if (now.getTime() >= order.expiresAt.getTime()) throw refusal('conflict', 'financialMatured', input.id)
    await accrueLocked(tx, order, now)
    const fee = earlyFee(parseDecimal(order.amount), parseDecimal(order.earlyRedeemFeeRate), order.currency)
    const [moved] = await tx
      .update(financialOrders)
      .set({ status: 'redeemed', redeemedEarly: true, redeemFee: fee, redeemedAt: now, nextIncomeAt: null })
      .where(and(eq(financialOrders.id, order.id), eq(financialOrders.status, 'in_progress')))
      .returning()
    if (!moved) throw refusal('conflict', 'financialAlreadyRedeemed', input.id)
    await postTransaction(tx, redeemPosting(moved, fee, `user:${who.userId}`))
    const [product] = await tx
      .select({ names: financialProducts.names })
      .from(financialProducts)
      .where(eq(financialProducts.id, moved.productId))
    return orderView(moved, product ? nameIn(product.names, locale) : '')
  })
}
