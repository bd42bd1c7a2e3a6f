/**
 * Support calls: feedback (`feedback/*`), help center (`help/*`), about us (`common/about`) and the operator's
 * content and config calls (`admin/*`). Shared by the server (validation, OpenAPI) and the app (forms, answers).
 * Feedback text is plain text end to end (the app renders it as React text); help, about and announcement content
 * is Markdown, sanitized by the app when it renders it (src/ui/Markdown.tsx).
 */
import * as z from 'zod/mini'
import { idSchema, queryIdSchema } from './ids'
import { LOCALES } from '../constants'

/** Feedback types of the form (spec §3 "for example coin-related, withdrawal-related"); same list as the table's. */
export const FEEDBACK_TYPES = ['coin', 'deposit', 'withdrawal', 'trade', 'account', 'other'] as const
export type FeedbackType = (typeof FEEDBACK_TYPES)[number]

/** Feedback states (spec §4): waiting for an operator, replied. */
export const FEEDBACK_STATUSES = ['waiting', 'replied'] as const
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number]

/** Length caps, in UTF-16 code units (what `String.length` and the form counters count). */
export const FEEDBACK_TITLE_MAX = 100
export const FEEDBACK_CONTENT_MAX = 2000
export const FEEDBACK_REPLY_MAX = 2000
export const CONTENT_TITLE_MAX = 200
export const CONTENT_SUMMARY_MAX = 500
/** Markdown of a help article, announcement or page. */
export const CONTENT_MARKDOWN_MAX = 50_000

/** Control characters other than tab and newline (PostgreSQL refuses NUL; the others only hide text). */
// eslint-disable-next-line no-control-regex -- deliberate: these control characters are what gets dropped
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g

/**
 * Normalizes user text: CRLF/CR → LF, control characters dropped, trimmed; `singleLine` also folds line breaks and
 * runs of white space into one space (titles).
 */
export function cleanText(s: string, singleLine = false): string {
  const t = s.replace(/\r\n?/g, '\n').replace(CONTROL_CHARS, '')
  return (singleLine ? t.replace(/\s+/g, ' ') : t).trim()
}

/** A required text field: cleaned, then 1–`max` characters. */
export const textField = (max: number, singleLine = false) =>
  z.pipe(
    z.pipe(
      z.string(),
      z.transform((s: string) => cleanText(s, singleLine)),
    ),
    z.string().check(z.minLength(1), z.maxLength(max)),
  )

const idField = idSchema
const pageField = z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100_000))), 1)
const limitField = z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(50))), 20)

/** A query naming one object (digits only, see ids.ts). */
export const idQuery = z.object({ id: queryIdSchema })
/** Body naming one object (delete calls): a JSON number. */
export const idInput = z.object({ id: idSchema })

/** `YYYY-MM-DD HH:mm:ss` UTC, like every date on the wire. */
const dateField = z.string()

// ---- feedback (signed-in user) ----

/** GET feedback/list query: 1-based page, 1–50 a page (default 20). */
export const feedbackListQuery = z.object({ page: pageField, limit: limitField })

export const feedbackItemSchema = z.object({
  id: z.int(),
  type: z.enum(FEEDBACK_TYPES),
  title: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  created_at: dateField,
  replied_at: z.nullable(dateField),
})
export type FeedbackItem = z.infer<typeof feedbackItemSchema>

export const feedbackListSchema = z.object({
  list: z.array(feedbackItemSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})
export type FeedbackList = z.infer<typeof feedbackListSchema>

/** POST feedback/submit: all three required (spec §5); title one line ≤ 100, content ≤ 2000. Answer: `{ id }`. */
export const feedbackSubmitInput = z.object({
  type: z.enum(FEEDBACK_TYPES),
  title: textField(FEEDBACK_TITLE_MAX, true),
  content: textField(FEEDBACK_CONTENT_MAX),
})
export type FeedbackSubmitInput = z.input<typeof feedbackSubmitInput>

export const createdAnswer = z.object({ id: z.int() })

/** GET feedback/detail: the text and, once replied, the operator's reply and its time. */
export const feedbackDetailSchema = z.extend(feedbackItemSchema, {
  content: z.string(),
  reply: z.nullable(z.string()),
})
export type FeedbackDetail = z.infer<typeof feedbackDetailSchema>

// ---- help center and about (public) ----

/** A help article in a list: `locale` is the language the text is in (the request's, else English). */
export const helpItemSchema = z.object({ id: z.int(), title: z.string(), locale: z.enum(LOCALES) })
export type HelpItem = z.infer<typeof helpItemSchema>

export const helpListSchema = z.array(helpItemSchema)

/** GET help/detail: `content` is Markdown. */
export const helpDetailSchema = z.extend(helpItemSchema, { content: z.string() })
export type HelpDetail = z.infer<typeof helpDetailSchema>

/** GET common/about: the about page, Markdown, in the request language (else English). */
export const aboutSchema = z.object({
  title: z.string(),
  content: z.string(),
  locale: z.enum(LOCALES),
  updated_at: dateField,
})
export type About = z.infer<typeof aboutSchema>

// ---- operator ----

/** GET admin/feedback_list query: optional status filter, oldest waiting first is the operator's usual order. */
export const adminFeedbackListQuery = z.object({
  status: z.optional(z.enum(FEEDBACK_STATUSES)),
  page: pageField,
  limit: limitField,
})

/** Feedback as an operator sees it: with the author and the whole text. */
export const adminFeedbackSchema = z.extend(feedbackDetailSchema, {
  user_id: z.int(),
  /** The author's e-mail, `+<area> <phone>` or wallet address. */
  account: z.string(),
})
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>

export const adminFeedbackListSchema = z.object({
  list: z.array(adminFeedbackSchema),
  total: z.int(),
  page: z.int(),
  limit: z.int(),
})

/** POST admin/feedback_reply: replies (waiting → replied); on replied feedback it replaces the reply. */
export const feedbackReplyInput = z.object({ id: idField, reply: textField(FEEDBACK_REPLY_MAX) })

const localeField = z.enum(LOCALES)

/**
 * POST admin/help_save: without `id` creates an article with this one translation; with `id` creates or replaces
 * that article's translation in `locale` (and its `sort` when given). Answer: `{ id }`.
 */
export const helpSaveInput = z.object({
  id: z.optional(idField),
  locale: localeField,
  title: textField(CONTENT_TITLE_MAX, true),
  content: textField(CONTENT_MARKDOWN_MAX),
  /** Position in the list, ascending. */
  sort: z.optional(z.int().check(z.minimum(-1_000_000), z.maximum(1_000_000))),
})
export type HelpSaveInput = z.input<typeof helpSaveInput>

/** POST admin/about_save: creates or replaces the about page in `locale`. */
export const aboutSaveInput = z.object({
  locale: localeField,
  title: textField(CONTENT_TITLE_MAX, true),
  content: textField(CONTENT_MARKDOWN_MAX),
})

/**
 * POST admin/announcement_save: without `id` creates an announcement with this translation; with `id` creates or
 * replaces its translation in `locale`. `pinned` when given sets the announcement's pin. Answer: `{ id }`.
 */
export const announcementSaveInput = z.object({
  id: z.optional(idField),
  locale: localeField,
  title: textField(CONTENT_TITLE_MAX, true),
  summary: textField(CONTENT_SUMMARY_MAX),
  content: textField(CONTENT_MARKDOWN_MAX),
  pinned: z.optional(z.boolean()),
})

/** The settings an operator reads and writes (spec §3 config, plus the site name and the invitation rule). */
export const OPERATOR_SETTING_KEYS = ['web_maintain', 'customer_url', 'site_name', 'invite_required'] as const

/** GET admin/config: every operator setting as stored (strings). */
export const adminConfigSchema = z.object({
  web_maintain: z.string(),
  customer_url: z.string(),
  site_name: z.string(),
  invite_required: z.string(),
})

/** POST admin/config_set: one setting; the value is checked by the setting's own rule. Answer: `{ key, value }`. */
export const configSetInput = z.object({
  key: z.enum(OPERATOR_SETTING_KEYS),
  value: z.string().check(z.maxLength(2048)),
})
export const configSetAnswer = z.object({ key: z.enum(OPERATOR_SETTING_KEYS), value: z.string() })
