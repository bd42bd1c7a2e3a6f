/** Public content: `help/list`, `help/detail` and `common/about`, in the request language (else English). */
import { CODE_NOT_FOUND } from '../../../common/constants'
import { aboutSchema, helpDetailSchema, helpListSchema, idQuery } from '../../../common/api/support'
import { getHelp, listHelp } from '../../db/help'
import { getPage } from '../../db/pages'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'

export const helpListRoute = defineRoute({
  path: 'help/list',
  summary: 'Help-center articles in list order, titled in the request language (else English).',
  data: helpListSchema,
  handler: ({ deps, locale }) => listHelp(deps.db, locale),
})

export const helpDetailRoute = defineRoute({
  path: 'help/detail',
  summary: 'One help article (Markdown) in the request language, else English; `locale` says which.',
  input: idQuery,
  data: helpDetailSchema,
  async handler({ deps, query, locale }) {
    const found = await getHelp(deps.db, query.id, locale)
    if (!found) throw new ApiError(CODE_NOT_FOUND, 'helpNotFound')
    return found
  },
})

export const aboutRoute = defineRoute({
  path: 'common/about',
  summary: 'The about-us page (Markdown) in the request language, else English; `locale` says which.',
  data: aboutSchema,
  async handler({ deps, locale }) {
    const found = await getPage(deps.db, 'about', locale)
    if (!found) throw new ApiError(CODE_NOT_FOUND, 'pageNotFound')
    return found
  },
})
