/**
 * Operator calls on published content: help articles, the about page and announcements (Markdown, per locale).
 * Saving with an id adds or replaces one language of that item; saving without creates the item.
 */
import * as z from 'zod/mini'
import { CODE_NOT_FOUND } from '../../../common/constants'
import {
  aboutSaveInput,
  announcementSaveInput,
  createdAnswer,
  helpSaveInput,
  idInput,
} from '../../../common/api/support'
import { deleteAnnouncement, saveAnnouncement } from '../../db/announcements'
import { deleteHelp, saveHelp } from '../../db/help'
import { savePage } from '../../db/pages'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'
import { auditOperator } from './audit'

const nothing = z.null()

export const adminHelpSaveRoute = defineRoute({
  method: 'POST',
  path: 'admin/help_save',
  summary: "Operators: create a help article (no id) or add/replace one language of article `id`; `sort` orders the list.",
  auth: 'operator',
  input: helpSaveInput,
  data: createdAnswer,
  async handler({ deps, session, body }) {
    const id = await saveHelp(deps.db, body)
    if (id === undefined) throw new ApiError(CODE_NOT_FOUND, 'helpNotFound')
    await auditOperator(deps, session, `saved help article #${id} (${body.locale})`)
    return { id }
  },
})

export const adminHelpDeleteRoute = defineRoute({
  method: 'POST',
  path: 'admin/help_delete',
  summary: 'Operators: delete a help article with all its languages.',
  auth: 'operator',
  input: idInput,
  data: nothing,
  async handler({ deps, session, body }) {
    if (!(await deleteHelp(deps.db, body.id))) throw new ApiError(CODE_NOT_FOUND, 'helpNotFound')
    await auditOperator(deps, session, `deleted help article #${body.id}`)
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
  async handler({ deps, session, body }) {
    await savePage(deps.db, 'about', body)
    await auditOperator(deps, session, `saved the about page (${body.locale})`)
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
  async handler({ deps, session, body }) {
    const id = await saveAnnouncement(deps.db, body)
    if (id === undefined) throw new ApiError(CODE_NOT_FOUND, 'announcementNotFound')
    await auditOperator(deps, session, `saved announcement #${id} (${body.locale})`)
    return { id }
  },
})

export const adminAnnouncementDeleteRoute = defineRoute({
  method: 'POST',
  path: 'admin/announcement_delete',
  summary: 'Operators: delete an announcement with all its languages.',
  auth: 'operator',
  input: idInput,
  data: nothing,
  async handler({ deps, session, body }) {
    if (!(await deleteAnnouncement(deps.db, body.id))) throw new ApiError(CODE_NOT_FOUND, 'announcementNotFound')
    await auditOperator(deps, session, `deleted announcement #${body.id}`)
    return null
  },
})
