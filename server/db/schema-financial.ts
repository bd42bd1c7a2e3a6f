/**
 * Financial ("mining", yield) tables (issue 12 part 2, DESIGN §4 "Financial / mining"): products an operator offers
 * and the orders users buy. A subscription freezes its principal in the spot wallet; income is credited once per day
 * per order by a durable job; the principal comes back at expiry, or earlier for the announced fee. Money moves only
 * through server/ledger. Amounts are NUMERIC(38,18); rates are fractions (0.001 = 0.1 % a day).
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import type { Locale } from '../../common/constants'
import type { Book } from '../../common/api/user-info'
import { users } from './schema-accounts'
import { amount, at } from './schema-ledger'

/** A product: its name per language (`en` always), currency, daily rate, cycle, subscription bounds, early fee. */
export const financialProducts = pgTable(
  'financial_products',
  {
    id: serial('id').primaryKey(),
    /** Name per interface language; `en` is required and is the fallback. */
    names: jsonb('names').$type<Partial<Record<Locale, string>> & { en: string }>().notNull(),
    currency: text('currency').notNull(),
    dailyRate: amount('daily_rate').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    minAmount: amount('min_amount').notNull(),
    maxAmount: amount('max_amount').notNull(),
    earlyRedeemFeeRate: amount('early_redeem_fee_rate').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'financial_products_terms',
      sql`${t.dailyRate} >= 0 and ${t.dailyRate} < 1 and ${t.cycleDays} between 1 and 3650
        and ${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}
        and ${t.earlyRedeemFeeRate} >= 0 and ${t.earlyRedeemFeeRate} < 1`,
    ),
  ],
)

/**
 * A user's subscription (spec §3 "Financial order"): the product's terms as bought (a later change of the product
 * does not touch it), the principal, buy time and expiry, income credited so far (`days_paid` whole days), and once
 * redeemed whether early and for what fee. `next_income_at` is when the accrual job looks at it next (null when done).
 */
export const financialOrders = pgTable(
  'financial_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    book: text('book').$type<Book>().notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => financialProducts.id),
    currency: text('currency').notNull(),
    amount: amount('amount').notNull(),
    dailyRate: amount('daily_rate').notNull(),
    cycleDays: integer('cycle_days').notNull(),
    earlyRedeemFeeRate: amount('early_redeem_fee_rate').notNull(),
    boughtAt: at('bought_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    daysPaid: integer('days_paid').notNull().default(0),
    income: amount('income').notNull().default('0'),
    nextIncomeAt: at('next_income_at'),
    status: text('status').$type<'in_progress' | 'redeemed'>().notNull(),
    redeemedEarly: boolean('redeemed_early').notNull().default(false),
    redeemFee: amount('redeem_fee'),
    redeemedAt: at('redeemed_at'),
  },
  (t) => [
    index('financial_orders_user').on(t.userId, t.book, t.id),
    // The accrual job's question: orders with income or principal due by now, oldest first.
    index('financial_orders_due')
      .on(t.nextIncomeAt)
      .where(sql`${t.status} = 'in_progress'`),
    check('financial_orders_status', sql`${t.status} in ('in_progress', 'redeemed')`),
    check(
      'financial_orders_amounts',
      sql`${t.amount} > 0 and ${t.income} >= 0 and ${t.daysPaid} between 0 and ${t.cycleDays}`,
    ),
  ],
)
