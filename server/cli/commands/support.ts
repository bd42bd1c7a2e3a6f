/**
 * Operator commands of the support module: read and answer feedback, manage help articles, the about page and
 * announcements. Text goes through the same schemas as the API (common/api/support.ts), so the CLI cannot store what
 * the API would refuse. `--file` paths are made absolute by the CLI before a running server reads them.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { CONTENT_MARKDOWN_MAX, CONTENT_TITLE_MAX, FEEDBACK_REPLY_MAX, textField } from '../../../common/api/support'
import { LOCALES, type Locale } from '../../../common/constants'
import type { Db } from '../../db/client'
import { getFeedbackForOperator, listFeedbackForOperator } from '../../db/feedback'
import { listHelpForOperator } from '../../db/help'
import { getPage } from '../../db/pages'
import {
  deleteAnnouncementById,
  deleteHelpArticle,
  replyToFeedback,
  saveAboutPage,
  saveHelpArticle,
} from '../../support/operator-content'
import type { Operator } from '../../support/operator'
import { notFoundAs } from './errors'
import { UsageError, type AdminCommand, type AdminIo } from './types'

/** The command line acts as an operator without a user id (audit lines say `by command line`). */
const CLI: Operator = { userId: null }

/** Validates `value` with `schema`; a refusal names the option: `--title: Too big: …`. */
function valid<S extends z.core.$ZodType>(option: string, schema: S, value: unknown): z.output<S> {
  const r = z.safeParse(schema, value)
  if (!r.success) throw new Error(`${option}: ${r.error.issues[0]?.message ?? 'invalid value'}`)
  return r.data
}

/** A positive integer id from the command line. */
function idArg(value: string | undefined, usage: string): number {
  if (value === undefined || !/^\d{1,9}$/.test(value) || Number(value) < 1) throw new UsageError(usage)
  return Number(value)
}

function localeArg(value: string | undefined): Locale {
  const locale = (value ?? 'en') as Locale
  if (!LOCALES.includes(locale)) throw new UsageError(`--locale must be one of ${LOCALES.join(' ')}`)
  return locale
}

/** `--content` text or the contents of `--file` (exactly one of them). */
function contentArg(values: { content?: string | undefined; file?: string | undefined }): string {
  if ((values.content === undefined) === (values.file === undefined)) {
    throw new UsageError('give the text with either --content or --file')
  }
  if (values.content !== undefined) return values.content
  try {
    return readFileSync(values.file!, 'utf8')
  } catch (err) {
    throw new Error(`--file: cannot read ${values.file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`, {
      cause: err,
    })
  }
}

const titleField = textField(CONTENT_TITLE_MAX, true)
const markdownField = textField(CONTENT_MARKDOWN_MAX)
const replyField = textField(FEEDBACK_REPLY_MAX)

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n')
}

async function feedbackList(db: Db, args: string[], io: AdminIo): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: { status: { type: 'string' }, page: { type: 'string' } },
  })
  const status = values.status
  if (status !== undefined && status !== 'waiting' && status !== 'replied') {
    throw new UsageError('--status must be waiting or replied')
  }
  const page = values.page === undefined ? 1 : idArg(values.page, '--page must be a positive number')
  const { list, total } = await listFeedbackForOperator(db, { status, page, limit: 50 })
  if (total === 0) io.out('(no feedback)')
  for (const f of list) {
    io.out(`#${f.id} [${f.status}]  ${f.created_at} UTC  ${f.type}  ${f.account} (user #${f.user_id})  ${f.title}`)
  }
  if (total > page * 50) io.out(`… ${total - page * 50} more: --page ${page + 1}`)
}

async function feedbackShow(db: Db, args: string[], io: AdminIo): Promise<void> {
  const id = idArg(args[0], 'feedback show <id>')
  if (args.length > 1) throw new UsageError('feedback show <id>')
  const f = await getFeedbackForOperator(db, id)
  if (!f) throw new Error(`no feedback #${id}`)
  io.out(`#${f.id} [${f.status}]  ${f.type}  from ${f.account} (user #${f.user_id})  ${f.created_at} UTC`)
  io.out(`title: ${f.title}`)
  io.out(`content:\n${indent(f.content)}`)
  io.out(f.reply === null ? 'reply: (none yet)' : `reply (${f.replied_at} UTC):\n${indent(f.reply)}`)
}

async function feedbackReply(db: Db, args: string[], io: AdminIo): Promise<void> {
  const usage = 'feedback reply <id> --text "…"'
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { text: { type: 'string' } },
  })
  if (positionals.length !== 1 || values.text === undefined) throw new UsageError(usage)
  const id = idArg(positionals[0], usage)
  const reply = valid('--text', replyField, values.text)
  await notFoundAs(`no feedback #${id}`, () => replyToFeedback({ db }, CLI, id, reply))
  io.out(`replied to feedback #${id}`)
}

async function helpList(db: Db, io: AdminIo): Promise<void> {
  const rows = await listHelpForOperator(db)
  if (rows.length === 0) io.out('(no help articles)')
  for (const r of rows) io.out(`#${r.id}  sort ${r.sort}  ${r.title}  (${r.locales.join(' ')})`)
}

async function helpAdd(db: Db, args: string[], io: AdminIo): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      title: { type: 'string' },
      content: { type: 'string' },
      file: { type: 'string' },
      locale: { type: 'string' },
      id: { type: 'string' },
      sort: { type: 'string' },
    },
  })
  if (values.title === undefined) throw new UsageError('--title is required')
  const locale = localeArg(values.locale)
  const title = valid('--title', titleField, values.title)
  const content = valid('--content', markdownField, contentArg(values))
  const id = values.id === undefined ? undefined : idArg(values.id, '--id must be a positive number')
  if (values.sort !== undefined && !/^-?\d{1,6}$/.test(values.sort)) throw new UsageError('--sort must be an integer')
  const sort = values.sort === undefined ? undefined : Number(values.sort)
  const saved = await notFoundAs(`no help article #${id}`, () =>
    saveHelpArticle({ db }, CLI, { id, locale, title, content, sort }),
  )
  io.out(id === undefined ? `added help article #${saved} (${locale})` : `saved help article #${saved} (${locale})`)
}

async function helpRemove(db: Db, args: string[], io: AdminIo): Promise<void> {
  const id = idArg(args[0], 'help remove <id>')
  if (args.length > 1) throw new UsageError('help remove <id>')
  await notFoundAs(`no help article #${id}`, () => deleteHelpArticle({ db }, CLI, id))
  io.out(`removed help article #${id}`)
}

async function aboutSet(db: Db, args: string[], io: AdminIo): Promise<void> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      locale: { type: 'string' },
      file: { type: 'string' },
      content: { type: 'string' },
      title: { type: 'string' },
    },
  })
  if (values.locale === undefined) throw new UsageError('--locale is required')
  const locale = localeArg(values.locale)
  const content = valid('--file', markdownField, contentArg(values))
  // A new language of the page takes the title given, else the one it has, else the English one.
  const current = await getPage(db, 'about', locale)
  const title = values.title ?? current?.title
  if (title === undefined) throw new UsageError('--title is required: the about page has no title yet')
  await saveAboutPage({ db }, CLI, { locale, title: valid('--title', titleField, title), content })
  io.out(`saved the about page (${locale})`)
}

async function announcementsRemove(db: Db, args: string[], io: AdminIo): Promise<void> {
  const id = idArg(args[0], 'announcements remove <id>')
  if (args.length > 1) throw new UsageError('announcements remove <id>')
  await notFoundAs(`no announcement #${id}`, () => deleteAnnouncementById({ db }, CLI, id))
  io.out(`removed announcement #${id}`)
}

export const SUPPORT_COMMANDS: readonly AdminCommand[] = [
  {
    name: 'feedback list',
    usage:
      '  feedback list [--status waiting|replied] [--page N]\n                              list feedback, waiting oldest first',
    run: feedbackList,
  },
  { name: 'feedback show', usage: '  feedback show <id>          one feedback with its reply', run: feedbackShow },
  {
    name: 'feedback reply',
    usage:
      '  feedback reply <id> --text "…"\n                              reply (waiting → replied); again = replace the reply',
    run: feedbackReply,
  },
  {
    name: 'help list',
    usage: '  help list                   list help articles with their languages',
    run: (db, _a, io) => helpList(db, io),
  },
  {
    name: 'help add',
    usage:
      '  help add --title T (--content C | --file F) [--locale L] [--id N] [--sort N]\n' +
      '                              add a help article (Markdown; default en), or with --id one language of it',
    run: helpAdd,
  },
  {
    name: 'help remove',
    usage: '  help remove <id>            delete a help article in every language',
    run: helpRemove,
  },
  {
    name: 'about set',
    usage:
      '  about set --locale L --file F.md [--title T]\n                              replace the about page (Markdown) in one language',
    run: aboutSet,
  },
  {
    name: 'announcements remove',
    usage: '  announcements remove <id>   delete an announcement in every language',
    run: announcementsRemove,
  },
]
