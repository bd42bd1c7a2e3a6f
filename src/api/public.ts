/**
 * Typed public calls of spec §7 (no login needed). Every answer is parsed with the shared zod schemas of
 * common/api/public.ts; an answer that does not match rejects with ApiError kind 'parse' naming the field.
 */
import * as z from 'zod/mini'
import {
  announcementInfoSchema,
  announcementListSchema,
  areaCodeItemSchema,
  configSchema,
  languageItemSchema,
  marketItemSchema,
  type AnnouncementInfo,
  type AnnouncementList,
  type AreaCodeItem,
  type Config,
} from '../../common/api/public'
import type { LanguageItem } from '../../common/locales'
import type { MarketCategory, MarketItem } from '../../common/market'
import { ApiError } from './errors'
import type { Requester, RequestOptions } from './request'

/** Per-call options the screens may pass. */
export type CallOptions = Pick<RequestOptions, 'silent' | 'signal'>

/** The public API of the app, as routes receive it through the router context. */
export interface PublicApi {
  /** GET common/config: maintenance flag, customer-service link, market source. */
  getConfig(opts?: CallOptions): Promise<Config>
  /** GET common/get_lang: the ten languages. */
  getLanguages(opts?: CallOptions): Promise<LanguageItem[]>
  /** GET area_code/get_area_code: calling codes, names in the current language. */
  getAreaCodes(opts?: CallOptions): Promise<AreaCodeItem[]>
  /** GET common/get_announcement: one page (1-based) of announcements, `limit` 1–50. */
  getAnnouncements(query: { page?: number; limit?: number }, opts?: CallOptions): Promise<AnnouncementList>
  /** GET common/get_announcement_info: one announcement. */
  getAnnouncementInfo(id: number, opts?: CallOptions): Promise<AnnouncementInfo>
  /** GET currency/currency_list: listed markets, optionally of one category. */
  getCurrencyList(category?: MarketCategory, opts?: CallOptions): Promise<MarketItem[]>
}

/** Parses `data` with `schema` or throws ApiError('parse') naming the first bad field. */
export function parseAnswer<T>(path: string, schema: z.ZodMiniType<T>, data: unknown): T {
  const r = schema.safeParse(data)
  if (r.success) return r.data
  const field = r.error.issues[0]?.path.map(String).join('.') || '(root)'
  throw new ApiError('parse', 0, `unexpected answer from ${path}: ${field}`, { field })
}

/** Typed GET and POST over a requester: the answer's data is parsed with `schema`. */
export interface Caller {
  get: <T>(path: string, schema: z.ZodMiniType<T>, params: RequestOptions['params'], opts?: CallOptions) => Promise<T>
  /** POST with a JSON body; `auth` calls ask the user to log in when there is no session (spec §5). */
  post: <T>(path: string, schema: z.ZodMiniType<T>, params: RequestOptions['params'], opts?: CallOptions) => Promise<T>
  /** POST that needs a session. */
  postAuth: <T>(
    path: string,
    schema: z.ZodMiniType<T>,
    params: RequestOptions['params'],
    opts?: CallOptions,
  ) => Promise<T>
  /** GET that needs a session. */
  getAuth: <T>(
    path: string,
    schema: z.ZodMiniType<T>,
    params: RequestOptions['params'],
    opts?: CallOptions,
  ) => Promise<T>
}

/** Builds the typed callers over `request`. */
export function createCaller(request: Requester): Caller {
  return {
    get: async (path, schema, params, opts) =>
      parseAnswer(path, schema, await request(path, { ...opts, method: 'GET', params })),
    getAuth: async (path, schema, params, opts) =>
      parseAnswer(path, schema, await request(path, { ...opts, method: 'GET', params, auth: true })),
    post: async (path, schema, params, opts) =>
      parseAnswer(path, schema, await request(path, { ...opts, method: 'POST', params })),
    postAuth: async (path, schema, params, opts) =>
      parseAnswer(path, schema, await request(path, { ...opts, method: 'POST', params, auth: true })),
  }
}

/** Builds the public calls over a requester. */
export function createPublicApi(request: Requester): PublicApi {
  const { get } = createCaller(request)
  return {
    getConfig: (opts) => get('common/config', configSchema, undefined, opts),
    getLanguages: (opts) => get('common/get_lang', z.array(languageItemSchema), undefined, opts),
    getAreaCodes: (opts) => get('area_code/get_area_code', z.array(areaCodeItemSchema), undefined, opts),
    getAnnouncements: (query, opts) => get('common/get_announcement', announcementListSchema, query, opts),
    getAnnouncementInfo: (id, opts) => get('common/get_announcement_info', announcementInfoSchema, { id }, opts),
    getCurrencyList: (category, opts) =>
      get('currency/currency_list', z.array(marketItemSchema), category ? { category } : undefined, opts),
  }
}
