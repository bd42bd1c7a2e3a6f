/**
 * The user stream's tables (issue 22 part 1): a transactional outbox of user events and the tickets that open a
 * stream without a session token on the wire.
 *
 * - `user_stream_seq`: the last sequence number given to each user's events. A writer takes the next ones with one
 *   `INSERT … ON CONFLICT DO UPDATE … RETURNING`, which locks the user's row until it commits: events of one user get
 *   their numbers in commit order, with no gaps (a rollback gives its numbers back with it).
 * - `user_events`: one row per event, written in the transaction of the change it describes. `published_at` is set
 *   once the relay (server/stream/relay.ts) handed it to the bus; the partial index finds the rest. Kept at least
 *   `USER_STREAM_RESUME_MS` (24 h) for resumes, then pruned.
 * - `ws_tickets`: `POST user/ws_ticket` answers a random ticket (kept here as its SHA-256), single use, valid 30 s,
 *   bound to the session that asked for it.
 */
import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import type { UserTopic } from '../../common/api/stream'
import { sessions, users } from './schema-accounts'
import { at } from './schema-ledger'

/** Per user: the last event sequence number handed out. */
export const userStreamSeq = pgTable('user_stream_seq', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
})

/** The outbox: a user's events in sequence. */
export const userEvents = pgTable(
  'user_events',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    topic: text('topic').$type<UserTopic>().notNull(),
    /** The market of an `orders` event (`btcusdt`); null for the other topics. */
    symbol: text('symbol'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the relay published it; null until then. */
    publishedAt: at('published_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.seq] }),
    check('user_events_topic_check', sql`${t.topic} in ('orders', 'positions', 'accounts', 'notices')`),
    index('user_events_unpublished')
      .on(t.userId, t.seq)
      .where(sql`${t.publishedAt} is null`),
    index('user_events_created').on(t.createdAt),
  ],
)

/** Single-use tickets for the stream's `auth` (issue 22 part 1). */
export const wsTickets = pgTable(
  'ws_tickets',
  {
    id: serial('id').primaryKey(),
    ticketHash: text('ticket_hash').notNull().unique(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('ws_tickets_expires').on(t.expiresAt)],
)
