/**
 * One way to declare an `/api/` call: a zod query schema (from common/api), a zod data schema and a handler. The
 * same declarations register the Fastify routes and build the OpenAPI document, so the two cannot drift.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { inputErrorData, ok } from '../../common/api/envelope'
import { CODE_BAD_INPUT, type Locale } from '../../common/constants'
import { pickLocale } from '../../common/locales'
import { serverMessage } from '../content/server-messages'
import { ApiError } from './api-error'
import type { AppDeps } from './deps'

/** What a handler receives: the validated query, the request's language and the app's dependencies. */
export interface RouteContext<Q> {
  query: Q
  locale: Locale
  deps: AppDeps
}

/** A GET call under `/api/`. */
export interface ApiRoute<Q extends z.core.$ZodType = z.core.$ZodType, D extends z.core.$ZodType = z.core.$ZodType> {
  /** Path relative to /api/, e.g. `common/config`. */
  path: string
  /** One line for the OpenAPI document. */
  summary: string
  /** Query schema; omitted = the call takes no parameters (extra ones are ignored). */
  query?: Q
  /** Schema of envelope `data`; the handler's answer is checked against it before it is sent. */
  data: D
  handler(ctx: RouteContext<z.output<Q>>): Promise<z.input<D>> | z.input<D>
}

/** Identity helper that keeps the handler's types tied to its schemas. */
export function defineRoute<Q extends z.core.$ZodType, D extends z.core.$ZodType>(route: ApiRoute<Q, D>): ApiRoute<Q, D> {
  return route
}

/** Zod's own translations of field problems, per interface language. */
const ZOD_LOCALES: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = {
  en: z.locales.en,
  'zh-CN': z.locales.zhCN,
  'zh-TW': z.locales.zhTW,
  es: z.locales.es,
  hi: z.locales.hi,
  ko: z.locales.ko,
  ja: z.locales.ja,
  pt: z.locales.pt,
  vi: z.locales.vi,
  id: z.locales.id,
}
const zodErrorMaps = new Map<Locale, z.core.$ZodErrorMap>()

/** The language of a request (Accept-Language, default en). */
export function requestLocale(request: FastifyRequest): Locale {
  return pickLocale(request.headers['accept-language'])
}

/**
 * Validates `input` with `schema`, zod messages in `locale`.
 * @throws ApiError 422 whose detail is `<field>: <problem>` and whose data is InputErrorData.
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown, locale: Locale): z.output<S> {
  let error = zodErrorMaps.get(locale)
  if (!error) zodErrorMaps.set(locale, (error = ZOD_LOCALES[locale]().localeError))
  const parsed = z.safeParse(schema, input, { error })
  if (parsed.success) return parsed.data
  const data = inputErrorData(parsed.error)
  throw new ApiError(CODE_BAD_INPUT, 'invalidInput', `${data.field}: ${data.issues[0]?.message ?? ''}`, data)
}

/** Registers `route` as GET /api/<path>. */
export function registerRoute(app: FastifyInstance, deps: AppDeps, route: ApiRoute): void {
  app.get(`/api/${route.path}`, async (request) => {
    const locale = requestLocale(request)
    const query = route.query ? parseInput(route.query, request.query, locale) : {}
    const answer = await route.handler({ query, locale, deps })
    // A handler answering outside its schema is a server bug: parse() throws and the error handler logs it as 500.
    return ok(z.parse(route.data, answer), serverMessage(locale, 'success'))
  })
}
