/**
 * Financial products (issue 12 part 2): what users may subscribe to, and the operator's changes
 * (`admin/financial_product_save`, `npm run admin -- financial product-save`). First start seeds FINANCIAL_DEFAULTS
 * once; later edits by operators stay (seed.ts).
 */
import { asc, eq } from 'drizzle-orm'
import { compare, multiply, parseDecimal, scaleOf, sign, type DecimalString } from '../../../common/amount'
import type { FinancialProduct, FinancialProductAdmin, FinancialProductSaveInput } from '../../../common/api/financial'
import type { Locale } from '../../../common/constants'
import type { Db } from '../../db/client'
import { financialProducts } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { fieldError, knownCurrency, userAmount } from '../../money/amounts'

export type ProductRow = typeof financialProducts.$inferSelect

/** Days in the year `annual_rate` counts (simple interest: daily rate × 365, not compounded). */
export const DAYS_A_YEAR = 365
/** Decimals a stored rate keeps (NUMERIC(38,18)): a finer rate would be silently rounded, so it is refused. */
const RATE_SCALE = 18

const d = parseDecimal

/** The product's name in `locale`, English when it has none there. */
export function nameIn(names: ProductRow['names'], locale: Locale): string {
  return names[locale] ?? names.en
}

/** `daily` × 365: the simple (not compounded) annual rate of a daily rate. */
export function annualRate(daily: DecimalString): DecimalString {
  return multiply(daily, d(String(DAYS_A_YEAR)))
}

/** A product as users see it, named in `locale`. */
export function productView(p: ProductRow, locale: Locale): FinancialProduct {
  return {
    id: p.id,
    name: nameIn(p.names, locale),
    currency: p.currency,
    daily_rate: d(p.dailyRate),
    annual_rate: annualRate(d(p.dailyRate)),
    cycle_days: p.cycleDays,
    min_amount: d(p.minAmount),
    max_amount: d(p.maxAmount),
    early_redeem_fee_rate: d(p.earlyRedeemFeeRate),
  }
}

/** A product as operators see it: every name, open or not, its place in the list. */
export function adminView(p: ProductRow): FinancialProductAdmin {
  return { ...productView(p, 'en'), names: p.names, enabled: p.enabled, sort: p.sort }
}

/** The products open to subscription, in list order, named in `locale`. */
export async function listProducts(db: Db, locale: Locale): Promise<FinancialProduct[]> {
  const rows = await db
    .select()
    .from(financialProducts)
    .where(eq(financialProducts.enabled, true))
    .orderBy(asc(financialProducts.sort), asc(financialProducts.id))
  return rows.map((p) => productView(p, locale))
}

/** Every product, open or not, in list order. */
export async function listAllProducts(db: Db): Promise<FinancialProductAdmin[]> {
  const rows = await db.select().from(financialProducts).orderBy(asc(financialProducts.sort), asc(financialProducts.id))
  return rows.map(adminView)
}

/** Product `id`, open or not; undefined when there is none. */
export async function productById(db: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(financialProducts).where(eq(financialProducts.id, id))
  return row
}

/** `text` as a rate from 0 up to (not including) 1 with at most 18 decimals, or undefined. */
function rate(text: string): DecimalString | undefined {
  const r = d(text)
  return sign(r) >= 0 && compare(r, d('1')) < 0 && scaleOf(r) <= RATE_SCALE ? r : undefined
}

/**
 * Creates a product (no `id`) or changes product `id` (subscriptions already made keep their terms).
 * @throws DomainError naming the field: `currencyUnknown` (currency), `financialRateInvalid` (daily_rate),
 *   `amountNotPositive`/`amountTooManyDecimals` (min_amount, max_amount), `financialMaxBelowMin` (max_amount),
 *   `feeRateInvalid` (early_redeem_fee_rate), not_found `financialProductUnknown` (id)
 */
export async function saveFinancialProduct(db: Db, input: FinancialProductSaveInput): Promise<FinancialProductAdmin> {
  const currency = knownCurrency(input.currency)
  const dailyRate = rate(input.daily_rate)
  if (dailyRate === undefined) throw fieldError('daily_rate', 'financialRateInvalid')
  const minAmount = userAmount(input.min_amount, currency, 'min_amount')
  const maxAmount = userAmount(input.max_amount, currency, 'max_amount')
  if (compare(maxAmount, minAmount) < 0) throw fieldError('max_amount', 'financialMaxBelowMin')
  const earlyRedeemFeeRate = rate(input.early_redeem_fee_rate)
  if (earlyRedeemFeeRate === undefined) throw fieldError('early_redeem_fee_rate', 'feeRateInvalid')
  const terms = {
    names: input.names,
    currency,
    dailyRate,
    cycleDays: input.cycle_days,
    minAmount,
    maxAmount,
    earlyRedeemFeeRate,
    enabled: input.enabled,
    ...(input.sort === undefined ? {} : { sort: input.sort }),
  }
  if (input.id === undefined) {
    const [created] = await db.insert(financialProducts).values(terms).returning()
    return adminView(created!)
  }
  const [changed] = await db
    .update(financialProducts)
    .set({ ...terms, updatedAt: new Date() })
    .where(eq(financialProducts.id, input.id))
    .returning()
  if (!changed) {
    throw new DomainError('not_found', 'financialProductUnknown', {
      field: 'id',
      issues: [{ field: 'id', messageKey: 'financialProductUnknown' }],
    })
  }
  return adminView(changed)
}
