/**
 * Subscribing to a financial product (POST financial/buy): the principal moves from the spot wallet's available to its
 * frozen bucket of the caller's book, and the order records the product's terms as bought. Once per Idempotency-Key.
 */
import { compare, parseDecimal } from '../../../common/amount'
import type { FinancialBuyInput, FinancialOrder } from '../../../common/api/financial'
import type { Locale } from '../../../common/constants'
import type { Db } from '../../db/client'
import { financialOrders } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { runOnce } from '../../ledger/idempotent'
import { postTransaction } from '../../ledger/post'
import { fieldError, userAmount } from '../../money/amounts'
import type { MoneyCaller } from '../../money/deposits'
import { DAY_MS } from './clock'
import { buyPosting } from './postings'
import { nameIn, productById } from './products'
import { orderView } from './views'

/** What a purchase needs: the database and the financial clock (clock.ts). */
export interface EarnDeps {
  db: Db
  now: () => Date | Promise<Date>
}

/**
 * Subscribes `input.amount` of product `input.product_id` for the caller's book.
 * @throws DomainError naming the field: not_found `financialProductUnknown` and rejected `financialProductClosed`
 *   (product_id); `amountNotPositive`, `amountTooManyDecimals`, `financialBelowMinimum` ({min} {currency}),
 *   `financialAboveMaximum` ({max} {currency}), `lackOfFunds` (amount); `idempotencyKeyReused`.
 */
export async function buyFinancial(
  deps: EarnDeps,
  who: MoneyCaller,
  locale: Locale,
  input: FinancialBuyInput,
): Promise<FinancialOrder> {
  const p = await productById(deps.db, input.product_id)
  if (!p) {
    throw new DomainError('not_found', 'financialProductUnknown', {
      field: 'product_id',
      issues: [{ field: 'product_id', messageKey: 'financialProductUnknown' }],
    })
  }
  if (!p.enabled) throw fieldError('product_id', 'financialProductClosed', {}, 'rejected')
  const amount = userAmount(input.amount, p.currency)
  const min = parseDecimal(p.minAmount)
  const max = parseDecimal(p.maxAmount)
  if (compare(amount, min) < 0) {
    throw fieldError('amount', 'financialBelowMinimum', { min, currency: p.currency }, 'rejected')
  }
  if (compare(amount, max) > 0) {
    throw fieldError('amount', 'financialAboveMaximum', { max, currency: p.currency }, 'rejected')
  }
  const payload = { product_id: p.id, amount, book: who.book }
  // Read before the transaction (the clock reads a settings row; PGlite has one connection). Whole ms: due times are
  // computed in ms (income.ts) and must compare equal to the stored ones.
  const boughtAt = new Date(Math.floor((await deps.now()).getTime()))
  return runOnce(deps.db, { userId: who.userId, key: who.key, call: 'financial/buy', payload }, async (tx) => {
    const [order] = await tx
      .insert(financialOrders)
      .values({
        userId: who.userId,
        book: who.book,
        productId: p.id,
        currency: p.currency,
        amount,
        dailyRate: p.dailyRate,
        cycleDays: p.cycleDays,
        earlyRedeemFeeRate: p.earlyRedeemFeeRate,
        boughtAt,
        expiresAt: new Date(boughtAt.getTime() + p.cycleDays * DAY_MS),
        nextIncomeAt: new Date(boughtAt.getTime() + DAY_MS),
        status: 'in_progress',
      })
      .returning()
    await postTransaction(tx, buyPosting(order!))
    return orderView(order!, nameIn(p.names, locale))
  })
}
