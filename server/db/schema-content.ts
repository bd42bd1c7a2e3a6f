/**
 * Support content: feedback threads, help articles and site pages (about us). Article and page text is Markdown,
 * stored per locale, rendered by the app and sanitized there with DOMPurify.
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './schema-accounts'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Feedback types offered in the form (spec §3 "for example coin-related, withdrawal-related"). */
export const FEEDBACK_TYPES = ['coin', 'deposit', 'withdrawal', 'trade', 'account', 'other'] as const
export type FeedbackType = (typeof FEEDBACK_TYPES)[number]

/** A user's feedback and the operator's reply (states waiting → replied). All text is plain text. */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<FeedbackType>().notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    reply: text('reply'),
    status: text('status').$type<'waiting' | 'replied'>().notNull().default('waiting'),
    repliedBy: integer('replied_by'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_user').on(t.userId, t.createdAt.desc()),
    check('feedback_status_check', sql`${t.status} in ('waiting', 'replied')`),
  ],
)

/** A help-center article; its text lives in one translation row per locale. */
export const helpArticles = pgTable('help_articles', {
  id: serial('id').primaryKey(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
})

/** Text of a help article in one locale (Markdown content). */
export const helpTranslations = pgTable(
  'help_translations',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => helpArticles.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('help_translations_article_locale').on(t.articleId, t.locale)],
)

/** Site pages by slug and locale (`about`), Markdown content. */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pages_slug_locale').on(t.slug, t.locale)],
)
