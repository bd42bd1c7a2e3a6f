/**
 * Database schema (drizzle). Migrations under ./migrations are generated from this file with
 * `npm run db:generate` and applied at start on PGlite or PostgreSQL alike. Money columns, when they come, are NUMERIC.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { MarketCategory } from '../../common/market'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Operator settings, key/value (`web_maintain`, `customer_url`, `site_name`, internal `seed_version`). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Base currencies of markets; `id` is the spec's `currency_id` (BTC = 1). */
export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  logo: text('logo').notNull(),
  createdAt: createdAt(),
})

/** Listed markets (spec §3 dealSymbol fields); `symbol` is the feed symbol, also sent as `extends`. */
export const markets = pgTable(
  'markets',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull().unique(),
    category: text('category').$type<MarketCategory>().notNull(),
    base: text('base').notNull(),
    quote: text('quote').notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    matchesId: integer('matches_id').notNull().unique(),
    marketFrom: integer('market_from').notNull().default(2),
    pricePrecision: integer('price_precision').notNull(),
    amountPrecision: integer('amount_precision').notNull(),
    tradableSpot: boolean('tradable_spot').notNull().default(false),
    tradableContract: boolean('tradable_contract').notNull().default(false),
    tradableOption: boolean('tradable_option').notNull().default(false),
    popular: boolean('popular').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    logo: text('logo').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    check('markets_category_check', sql`${t.category} in ('spot', 'futures', 'forex')`),
    check(
      'markets_precision_check',
      sql`${t.pricePrecision} between 0 and 18 and ${t.amountPrecision} between 0 and 18`,
    ),
  ],
)

/** Announcements; their text lives in one translation row per locale. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    pinned: boolean('pinned').notNull().default(false),
    createdAt: createdAt(),
  },
  // The list order of common/get_announcement: pinned first, newest first.
  (t) => [index('announcements_list_order').on(t.pinned.desc(), t.createdAt.desc(), t.id.desc())],
)

/** Text of an announcement in one locale; `content` is Markdown, rendered by the app and sanitized with DOMPurify. */
export const announcementTranslations = pgTable(
  'announcement_translations',
  {
    id: serial('id').primaryKey(),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('announcement_translations_announcement_locale').on(t.announcementId, t.locale)],
)

export * from './schema-accounts'
export * from './schema-content'
export * from './schema-ledger'
export * from './schema-trading'
export * from './schema-contract'
export * from './schema-financial'
export * from './schema-stream'
export * from './schema-custody'
export * from './schema-notify'
