/**
 * Operator changes to support content, shared by the `admin/*` calls and `npm run admin`: feedback replies, help
 * articles, the about page, announcements and site settings. Each writes its audit line after the change.
 */
import type { AdminFeedback } from '../../common/api/support'
import { deleteAnnouncement, saveAnnouncement, type AnnouncementSave } from '../db/announcements'
import { replyFeedback } from '../db/feedback'
import { deleteHelp, saveHelp, type HelpText } from '../db/help'
import { savePage } from '../db/pages'
import { writeSetting, type SettingKey } from '../db/settings'
import type { Locale } from '../../common/constants'
import type { ServiceDeps } from '../domain/deps'
import { DomainError, notFound } from '../domain/errors'
import { auditOperator, type Operator } from './operator'

type Deps = Pick<ServiceDeps, 'db'>

/**
 * Replies to feedback `id` (waiting → replied; again = replace the reply and its time). Answers the feedback.
 * @throws DomainError not_found `feedbackNotFound`
 */
export async function replyToFeedback(
  deps: Deps,
  operator: Operator,
  id: number,
  reply: string,
): Promise<AdminFeedback> {
  const updated = await replyFeedback(deps.db, id, reply, operator.userId)
  if (!updated) throw notFound('feedbackNotFound')
  await auditOperator(deps, operator, `replied to feedback #${id}`)
  return updated
}

/**
 * Creates a help article (no id) or adds/replaces one language of article `id`; answers the article id.
 * @throws DomainError not_found `helpNotFound` (unknown id)
 */
export async function saveHelpArticle(deps: Deps, operator: Operator, text: HelpText): Promise<number> {
  const id = await saveHelp(deps.db, text)
  if (id === undefined) throw notFound('helpNotFound')
  await auditOperator(deps, operator, `saved help article #${id} (${text.locale})`)
  return id
}

/** Deletes help article `id` with all its languages. @throws DomainError not_found `helpNotFound` */
export async function deleteHelpArticle(deps: Deps, operator: Operator, id: number): Promise<void> {
  if (!(await deleteHelp(deps.db, id))) throw notFound('helpNotFound')
  await auditOperator(deps, operator, `deleted help article #${id}`)
}

/** Creates or replaces the about-us page in one language. */
export async function saveAboutPage(
  deps: Deps,
  operator: Operator,
  text: { locale: Locale; title: string; content: string },
): Promise<void> {
  await savePage(deps.db, 'about', text)
  await auditOperator(deps, operator, `saved the about page (${text.locale})`)
}

/**
 * Creates an announcement (no id) or adds/replaces one language of announcement `id`; answers its id.
 * @throws DomainError not_found `announcementNotFound` (unknown id)
 */
export async function saveAnnouncementText(deps: Deps, operator: Operator, a: AnnouncementSave): Promise<number> {
  const id = await saveAnnouncement(deps.db, a)
  if (id === undefined) throw notFound('announcementNotFound')
  await auditOperator(deps, operator, `saved announcement #${id} (${a.locale})`)
  return id
}

/** Deletes announcement `id` with all its languages. @throws DomainError not_found `announcementNotFound` */
export async function deleteAnnouncementById(deps: Deps, operator: Operator, id: number): Promise<void> {
  if (!(await deleteAnnouncement(deps.db, id))) throw notFound('announcementNotFound')
  await auditOperator(deps, operator, `deleted announcement #${id}`)
}

/**
 * Sets site setting `key` to `value` under the setting's own rule; answers the value as stored.
 * @throws DomainError bad_input `settingRejected` naming `value`, its issue saying why (English, from the rule)
 */
export async function setSetting(deps: Deps, operator: Operator, key: SettingKey, value: string): Promise<string> {
  let stored: string
  try {
    stored = await writeSetting(deps.db, key, value)
  } catch (err) {
    // writeSetting says `<key>: <reason>`; the reason goes in the field issues, the message is translated.
    const reason = err instanceof Error ? err.message.replace(/^[^:]+:\s*/, '') : 'invalid value'
    throw new DomainError('bad_input', 'settingRejected', {
      field: 'value',
      issues: [{ field: 'value', message: reason }],
      cause: err,
    })
  }
  await auditOperator(deps, operator, `set ${key}`)
  return stored
}
