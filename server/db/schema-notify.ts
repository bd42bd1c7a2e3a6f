/**
 * Price alerts, Web Push subscriptions, notification settings and the VAPID key pair (issue 24 part 6;
 * common/api/notify.ts). Prices are NUMERIC(38,18) as in schema-ledger.ts.
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { AlertDirection, NotifyKind } from '../../common/api/notify'
import type { Locale } from '../../common/constants'
import { sessions, users } from './schema-accounts'
import { amount, at } from './schema-ledger'

/**
 * One price alert. Active while `fired_at` is null; the watcher fires it by setting `fired_at` and `fired_price` in one
 * conditional update, so of several watchers one fires it, once.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    direction: text('direction').$type<AlertDirection>().notNull(),
    price: amount('price').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    firedAt: at('fired_at'),
    firedPrice: amount('fired_price'),
  },
  (t) => [
    check('price_alerts_direction_check', sql`${t.direction} in ('above', 'below')`),
    check('price_alerts_price_check', sql`${t.price} > 0`),
    index('price_alerts_user_idx').on(t.userId, t.createdAt),
    index('price_alerts_active_idx')
      .on(t.symbol)
      .where(sql`${t.firedAt} is null`),
  ],
)

/**
 * A device's push subscription (W3C Push API); one row per endpoint. It belongs to the session that registered it:
 * pushed only while that session is live, and gone with it (a device signed out from elsewhere gets nothing more).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    lang: text('lang').$type<Locale>().notNull().default('en'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Last push the push service accepted. */
    lastSentAt: at('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)

/** Which kinds of notification a user turned off (kinds absent from `off` are pushed). */
export const notifySettings = pgTable('notify_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  off: jsonb('off')
    .$type<NotifyKind[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/** The server's VAPID key pair (RFC 8292), made on first use when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set. */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
})
