/** Subscriptions as the calls answer them, and the caller's list (GET financial/orders). */
import { and, count, desc, eq } from 'drizzle-orm'
import { parseDecimal, subtract } from '../../../common/amount'
import type { FinancialOrder, FinancialOrderListQuery } from '../../../common/api/financial'
import type { Book } from '../../../common/api/user-info'
import type { Locale } from '../../../common/constants'
import { formatUtc } from '../../db/announcements'
import type { Db } from '../../db/client'
import { financialOrders, financialProducts } from '../../db/schema'
import type { OrderRow } from './income'
import { nameIn, type ProductRow } from './products'

const d = parseDecimal

/** `o` as the calls answer it, its product named `productName`. */
export function orderView(o: OrderRow, productName: string): FinancialOrder {
  const fee = o.redeemFee === null ? null : d(o.redeemFee)
  return {
    id: o.id,
    product_id: o.productId,
    product_name: productName,
    currency: o.currency,
    amount: d(o.amount),
    daily_rate: d(o.dailyRate),
    cycle_days: o.cycleDays,
    early_redeem_fee_rate: d(o.earlyRedeemFeeRate),
    bought_at: formatUtc(o.boughtAt),
    expires_at: formatUtc(o.expiresAt),
    days_paid: o.daysPaid,
    income: d(o.income),
    next_income_at: o.nextIncomeAt ? formatUtc(o.nextIncomeAt) : null,
    status: o.status,
    redeemed_early: o.redeemedEarly,
    redeem_fee: fee,
    returned: o.status === 'redeemed' ? subtract(d(o.amount), fee ?? d('0')) : null,
    redeemed_at: o.redeemedAt ? formatUtc(o.redeemedAt) : null,
  }
}

/** `o` with the name of its product `p` in `locale`. */
export const namedView = (o: OrderRow, p: Pick<ProductRow, 'names'>, locale: Locale) =>
  orderView(o, nameIn(p.names, locale))

/** The caller's subscriptions of `book`, in progress or redeemed (both when not given), newest first. */
export async function listOrders(db: Db, userId: number, book: Book, locale: Locale, q: FinancialOrderListQuery) {
  const where = and(
    eq(financialOrders.userId, userId),
    eq(financialOrders.book, book),
    q.status ? eq(financialOrders.status, q.status) : undefined,
  )
  const rows = await db
    .select({ o: financialOrders, names: financialProducts.names })
    .from(financialOrders)
    .innerJoin(financialProducts, eq(financialProducts.id, financialOrders.productId))
    .where(where)
    .orderBy(desc(financialOrders.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  const [total] = await db.select({ n: count() }).from(financialOrders).where(where)
  return {
    list: rows.map((r) => namedView(r.o, r, locale)),
    total: total?.n ?? 0,
    page: q.page,
    limit: q.limit,
  }
}
