/** `common/*` calls of spec §7: site config, languages, announcements. */
import { z } from 'zod'
import {
  announcementInfoQuery,
  announcementInfoSchema,
  announcementListQuery,
  announcementListSchema,
  configSchema,
  languageItemSchema,
} from '../../common/api/public'
import { CODE_NOT_FOUND } from '../../common/constants'
import { LANGUAGES } from '../../common/locales'
import { getAnnouncement, listAnnouncements } from '../db/announcements'
import { readSettings } from '../db/settings'
import { liveTradingOpen } from '../trading/live-only'
import { ApiError } from './api-error'
import { defineRoute } from './route'

/**
 * How old the served `server_time` may get, ms. The answer is cached (server/cache) and rebuilt on a settings change
 * notice; `server_time` is the time the answer was built, so it is rebuilt at least this often anyway. Clients that
 * need the exact time read the HTTP Date header.
 */
export const CONFIG_MAX_AGE_MS = 60_000

export const configRoute = defineRoute({
  path: 'common/config',
  summary: 'Site configuration: maintenance flag, customer-service link, market source and feed port.',
  data: configSchema,
  cache: { topics: ['settings'], maxAgeMs: CONFIG_MAX_AGE_MS },
  async handler({ deps }) {
    const s = await readSettings(deps.db)
    return {
      web_maintain: Number(s.web_maintain),
      customer_url: s.customer_url,
      site_name: s.site_name,
      market_source: deps.market.source,
      market_live: deps.market.live,
      market_source_detail: deps.market.sourceDetail,
      market_fallback: deps.market.fallback !== undefined,
      live_trading: liveTradingOpen(deps.market),
      market_feed: deps.market.makeup,
      market_port: deps.marketPublicPort,
      server_time: Date.now(),
      invite_required: s.invite_required === '1',
    }
  },
})

export const languagesRoute = defineRoute({
  path: 'common/get_lang',
  summary: 'The ten interface languages: label (own name), value (locale), key (Accept-Language tag).',
  data: z.array(languageItemSchema),
  cache: { topics: [] },
  handler: () => [...LANGUAGES],
})

export const announcementListRoute = defineRoute({
  path: 'common/get_announcement',
  summary: 'A page of announcements in the request language (else English): pinned first, newest first.',
  input: announcementListQuery,
  data: announcementListSchema,
  handler: ({ deps, query, locale }) => listAnnouncements(deps.db, { locale, page: query.page, limit: query.limit }),
})

export const announcementInfoRoute = defineRoute({
  path: 'common/get_announcement_info',
  summary: 'One announcement with its Markdown content, in the request language (else English).',
  input: announcementInfoQuery,
  data: announcementInfoSchema,
  async handler({ deps, query, locale }) {
    const found = await getAnnouncement(deps.db, query.id, locale)
    if (!found) throw new ApiError(CODE_NOT_FOUND, 'announcementNotFound')
    return found
  },
})
