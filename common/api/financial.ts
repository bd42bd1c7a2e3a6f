/**
 * Financial ("mining", yield) products (issue 12 part 2; spec §3 "Financial product" and "Financial order"): an
 * operator offers products (daily yield, cycle in days, currency, subscription bounds, early-redemption fee rate); a
 * user subscribes from the spot (coin) wallet, whose principal is frozen until expiry; income is credited to the spot
 * wallet once per whole day; at expiry the principal comes back, or earlier for the product's fee. Amounts and rates
 * are decimal strings (rates as fractions: 0.0005 = 0.05 % a day); dates `YYYY-MM-DD HH:mm:ss` UTC like every date on
 * the wire. Every call acts on the session's current book (`live` or `demo`).
 */
import * as z from 'zod/mini'
import { amountField } from './assets'
import { idSchema, NO_NUL } from './ids'

/** A subscription is `in_progress` until its principal has come back (at expiry or early), then `redeemed`. */
export const FINANCIAL_STATES = ['in_progress', 'redeemed'] as const
export type FinancialState = (typeof FINANCIAL_STATES)[number]

/** Longest product name accepted, characters. */
export const PRODUCT_NAME_MAX = 64

const money = z.string()

/**
 * A product as users see it (GET financial/products). `annual_rate` is `daily_rate` × 365, simple and not
 * compounded (income is paid out daily, not reinvested).
 */
export const financialProductSchema = z.object({
  id: z.int(),
  /** In the request's language (English when the operator gave none in it). */
  name: z.string(),
  currency: z.string(),
  /** Income per day as a fraction of the principal. */
  daily_rate: money,
  /** daily_rate × 365 (simple). */
  annual_rate: money,
  /** Days from subscription to expiry. */
  cycle_days: z.int(),
  /** Smallest and largest subscription, in `currency`. */
  min_amount: money,
  max_amount: money,
  /** Fee of an early redemption as a fraction of the principal (0.01 = 1 %). */
  early_redeem_fee_rate: money,
})
export type FinancialProduct = z.infer<typeof financialProductSchema>

/** POST financial/buy (Idempotency-Key): subscribe `amount` of the product's currency. */
export const financialBuyInput = z.object({ product_id: idSchema, amount: amountField })
export type FinancialBuyInput = z.infer<typeof financialBuyInput>

/** POST financial/redeem (Idempotency-Key): redeem the caller's in-progress subscription `id` early. */
export const financialRedeemInput = z.object({ id: idSchema })
export type FinancialRedeemInput = z.infer<typeof financialRedeemInput>

/** A subscription (spec §3 "Financial order"), with the product's terms as bought. */
export const financialOrderSchema = z.object({
  id: z.int(),
  product_id: z.int(),
  /** The product's name in the request's language. */
  product_name: z.string(),
  currency: z.string(),
  /** The principal. */
  amount: money,
  daily_rate: money,
  /** The duration, days. */
  cycle_days: z.int(),
  early_redeem_fee_rate: money,
  bought_at: z.string(),
  /** bought_at + cycle_days days: the principal comes back then. */
  expires_at: z.string(),
  /** Whole days whose income has been credited. */
  days_paid: z.int(),
  /** Income credited so far. */
  income: money,
  /** When the next day's income is due; null once redeemed. */
  next_income_at: z.nullable(z.string()),
  status: z.enum(FINANCIAL_STATES),
  /** Redeemed before expiry (for the fee). */
  redeemed_early: z.boolean(),
  /** The early-redemption fee charged; null unless redeemed early. */
  redeem_fee: z.nullable(money),
  /** The principal that came back (less the fee when early); null while in progress. */
  returned: z.nullable(money),
  redeemed_at: z.nullable(z.string()),
})
export type FinancialOrder = z.infer<typeof financialOrderSchema>

/** GET financial/orders: in progress or redeemed (both when not given), newest first. */
export const financialOrderListQuery = z.object({
  status: z.optional(z.enum(FINANCIAL_STATES)),
  page: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(50))), 20),
})
export type FinancialOrderListQuery = z.infer<typeof financialOrderListQuery>

export const financialOrderListSchema = z.object({
  list: z.array(financialOrderSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})

// eslint-disable-next-line no-control-regex -- deliberate: control characters are what this refuses
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/
const nameText = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(PRODUCT_NAME_MAX), z.regex(ONE_LINE), z.regex(NO_NUL))

/** A product's name per interface language: English required (the fallback), the others optional. */
export const productNamesSchema = z.object({
  en: nameText,
  'zh-CN': z.optional(nameText),
  'zh-TW': z.optional(nameText),
  es: z.optional(nameText),
  hi: z.optional(nameText),
  ko: z.optional(nameText),
  ja: z.optional(nameText),
  pt: z.optional(nameText),
  vi: z.optional(nameText),
  id: z.optional(nameText),
})
export type ProductNames = z.infer<typeof productNamesSchema>

/**
 * POST admin/financial_product_save: creates a product (no `id`) or changes product `id`. Subscriptions already made
 * keep the terms they were bought at. `enabled` false closes it to new subscriptions.
 */
export const financialProductSaveInput = z.object({
  id: z.optional(idSchema),
  names: productNamesSchema,
  currency: z.pipe(
    z.string().check(z.regex(/^[A-Za-z0-9]{1,12}$/)),
    z.transform((s: string) => s.toUpperCase()),
  ),
  daily_rate: amountField,
  cycle_days: z.int().check(z.minimum(1), z.maximum(3650)),
  min_amount: amountField,
  max_amount: amountField,
  early_redeem_fee_rate: amountField,
  enabled: z.boolean(),
  /** List position, smallest first (default 0). */
  sort: z.optional(z.int().check(z.minimum(0), z.maximum(1_000_000))),
})
export type FinancialProductSaveInput = z.infer<typeof financialProductSaveInput>

/** A product as operators see it: every name, and whether it is open. */
export const financialProductAdminSchema = z.object({
  ...financialProductSchema.shape,
  names: productNamesSchema,
  enabled: z.boolean(),
  sort: z.int(),
})
export type FinancialProductAdmin = z.infer<typeof financialProductAdminSchema>
