/**
 * Operator calls on published content: help articles, the about page and announcements (Markdown, per locale).
 * Saving with an id adds or replaces one language of that item; saving without creates the item.
 */
import * as z from 'zod/mini'
import {
  aboutSaveInput,
  announcementSaveInput,
  createdAnswer,
  helpSaveInput,
  idInput,
} from '../../../common/api/support'
import {
  deleteAnnouncementById,
  deleteHelpArticle,
  saveAboutPage,
  saveAnnouncementText,
  saveHelpArticle,
} from '../../support/operator-content'
import { defineRoute } from '../route'

const nothing = z.null()

export const adminHelpSaveRoute = defineRoute({
  method: 'POST',
  path: 'admin/help_save',
  summary:
    'Operators: create a help article (no id) or add/replace one language of article `id`; `sort` orders the list.',
  auth: 'operator',
  input: helpSaveInput,
  data: createdAnswer,
  async handler({ deps, session, body, ip }) {
    return { id: await saveHelpArticle(deps, { userId: session.userId, ip }, body) }
  },
})

export const adminHelpDeleteRoute = defineRoute({
  method: 'POST',
  path: 'admin/help_delete',
  summary: 'Operators: delete a help article with all its languages.',
  auth: 'operator',
  input: idInput,
  data: nothing,
  async handler({ deps, session, body, ip }) {
    await deleteHelpArticle(deps, { userId: session.userId, ip }, body.id)
    return null
  },
})

export const adminAboutSaveRoute = defineRoute({
  method: 'POST',
  path: 'admin/about_save',
  summary: 'Operators: create or replace the about-us page in one language.',
  auth: 'operator',
  input: aboutSaveInput,
  data: nothing,
  async handler({ deps, session, body, ip }) {
    await saveAboutPage(deps, { userId: session.userId, ip }, body)
    return null
  },
})

export const adminAnnouncementSaveRoute = defineRoute({
  method: 'POST',
  path: 'admin/announcement_save',
  summary: 'Operators: create an announcement (no id) or add/replace one language of announcement `id`; set its pin.',
  auth: 'operator',
  input: announcementSaveInput,
  data: createdAnswer,
  async handler({ deps, session, body, ip }) {
    return { id: await saveAnnouncementText(deps, { userId: session.userId, ip }, body) }
  },
})

export const adminAnnouncementDeleteRoute = defineRoute({
  method: 'POST',
  path: 'admin/announcement_delete',
  summary: 'Operators: delete an announcement with all its languages.',
  auth: 'operator',
  input: idInput,
  data: nothing,
  async handler({ deps, session, body, ip }) {
    await deleteAnnouncementById(deps, { userId: session.userId, ip }, body.id)
    return null
  },
})
