/**
 * One way to declare an `/api/` call: method, input schema (query for GET, JSON body for POST; from common/api),
 * who may call it, a data schema and a handler. The same declarations register the Fastify routes and build the
 * OpenAPI document, so the two cannot drift.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { inputErrorData, ok } from '../../common/api/envelope'
import { CODE_BAD_INPUT, type Locale } from '../../common/constants'
import { pickLocale } from '../../common/locales'
import { matchesIfNoneMatch, type AnswerCache } from '../cache/answer-cache'
import type { ChangeTopic } from '../cache/change-feed'
import { serverMessage } from '../content/server-messages'
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY } from '../../common/api/assets'
import { DomainError } from '../domain/errors'
import { ApiError } from './api-error'
import { authenticate, type AuthSession } from './auth'
import { UserLanes } from './user-lanes'
import type { AppDeps } from './deps'

/** Who may call: anyone (optionally with a session), a signed-in user, or an operator. */
export type RouteAuth = 'none' | 'user' | 'operator'

/** What a handler receives. */
export interface RouteContext<I, A extends RouteAuth = RouteAuth> {
  /** The validated input: the query string of a GET, the JSON body of a POST (unknown fields dropped). */
  query: I
  /** Same object as `query`, named for POST handlers. */
  body: I
  locale: Locale
  deps: AppDeps
  /** The caller's session: always present on `user`/`operator` routes, null on public ones without a token. */
  session: A extends 'none' ? AuthSession | null : AuthSession
  /** Client address: the socket peer, or X-Forwarded-For from a proxy that TRUST_PROXY names (config.ts). */
  ip: string
  userAgent: string
  /** The Idempotency-Key header of an `idempotent` route (checked); '' elsewhere. */
  idempotencyKey: string
  request: FastifyRequest
  reply: FastifyReply
}

/**
 * A public answer served from memory (server/cache): the same for every caller, so it is built once per language
 * (and key) and rebuilt only after a change notice on one of its topics. Sent with a strong ETag and
 * `Cache-Control: no-cache`; a matching If-None-Match gets 304. The handler then runs without a session.
 */
export interface RouteCache<I> {
  /** Change topics the answer depends on; [] = static. */
  topics: readonly ChangeTopic[]
  /** Rebuild after this many ms anyway (an answer carrying a clock). */
  maxAgeMs?: number
  /** Cache key part from the validated input (e.g. the category filter); default none. */
  key?(input: I): string
}

/** A call under `/api/`. */
export interface ApiRoute<
  I extends z.core.$ZodType = z.core.$ZodType,
  D extends z.core.$ZodType = z.core.$ZodType,
  A extends RouteAuth = RouteAuth,
> {
  /** Default GET. POST takes a JSON body (or multipart when `multipart` is set). */
  method?: 'GET' | 'POST'
  /** Path relative to /api/, e.g. `common/config`. */
  path: string
  /** One line for the OpenAPI document. */
  summary: string
  /** Default 'none'. Without a valid session a `user` route answers 401; a non-operator on an `operator` route 403. */
  auth?: A
  /** Input schema (query for GET, body for POST); omitted = no parameters (extra ones are ignored). */
  input?: I
  /** Multipart upload: the body is not parsed; the handler reads `request.file()`. */
  multipart?: boolean
  /** Moves money: the Idempotency-Key header is required (refused by name when missing or malformed). */
  idempotent?: boolean
  /** Schema of envelope `data`; the handler's answer is checked against it before it is sent. */
  data: D
  /** Serve from memory with ETag/304 (public routes only). */
  cache?: RouteCache<z.output<I>>
  handler(ctx: RouteContext<z.output<I>, A>): Promise<z.input<D>> | z.input<D>
}

/** Identity helper that keeps the handler's types tied to its schemas. */
export function defineRoute<I extends z.core.$ZodType, D extends z.core.$ZodType, A extends RouteAuth = 'none'>(
  route: ApiRoute<I, D, A>,
): ApiRoute<I, D, A> {
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

/**
 * The Idempotency-Key header of a money-moving call.
 * @throws DomainError bad_input `idempotencyKeyRequired` naming `Idempotency-Key` when missing or malformed.
 */
function readIdempotencyKey(request: FastifyRequest): string {
  const key = request.headers[IDEMPOTENCY_HEADER]
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw new DomainError('bad_input', 'idempotencyKeyRequired', {
      field: 'Idempotency-Key',
      issues: [{ field: 'Idempotency-Key', messageKey: 'idempotencyKeyRequired' }],
    })
  }
  return key
}

/**
 * Registers `route` as `<method> /api/<path>`; a `cache` route is served from `answers` when given. Calls with a
 * session run in the caller's lane of `lanes` (one UserLanes shared by all routes of an app).
 */
export function registerRoute(
  app: FastifyInstance,
  deps: AppDeps,
  route: ApiRoute,
  answers?: AnswerCache,
  lanes: UserLanes = new UserLanes(),
): void {
  const method = route.method ?? 'GET'
  const cache = route.cache
  // A cached answer is shared by every caller, so a route that checks who calls cannot be one.
  if (cache && (route.auth ?? 'none') !== 'none') throw new Error(`${route.path}: only public routes can be cached`)
  if (cache && answers) {
    app.route({ method, url: `/api/${route.path}`, handler: cachedHandler(deps, route, cache, answers) })
    return
  }
  app.route({
    method,
    url: `/api/${route.path}`,
    handler: async (request, reply) => {
      const locale = requestLocale(request)
      const session = await authenticate(deps, request, route.auth ?? 'none')
      const raw = method === 'GET' ? request.query : route.multipart ? {} : (request.body ?? {})
      const input = route.input ? parseInput(route.input, raw, locale) : {}
      const idempotencyKey = route.idempotent ? readIdempotencyKey(request) : ''
      const ctx = {
        query: input,
        body: input,
        locale,
        deps,
        session,
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? '').slice(0, 256),
        idempotencyKey,
        request,
        reply,
      }
      // A signed-in caller's calls take turns in its own lane (user-lanes.ts): a burst cannot starve other users.
      const answer: unknown = session
        ? await lanes.run(session.userId, async () => route.handler(ctx))
        : await route.handler(ctx)
      // A handler answering outside its schema is a server bug: parse() throws and the error handler logs it as 500.
      return ok(z.parse(route.data, answer), serverMessage(locale, 'success'))
    },
  })
}

/**
 * The handler of a cached route: validate the input, look the answer up (building it with the route's handler on a
 * miss, without a session: the answer is the same for everyone), then 304 or the stored body as is.
 */
function cachedHandler(deps: AppDeps, route: ApiRoute, cache: RouteCache<unknown>, answers: AnswerCache) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const locale = requestLocale(request)
    const raw = route.method === 'POST' ? (request.body ?? {}) : request.query
    const input: unknown = route.input ? parseInput(route.input, raw, locale) : {}
    const key = `${route.path}|${locale}|${cache.key?.(input) ?? ''}`
    const answer = await answers.get(key, {
      topics: cache.topics,
      maxAgeMs: cache.maxAgeMs,
      build: async () => {
        const data = await route.handler({
          query: input,
          body: input,
          locale,
          deps,
          session: null,
          ip: request.ip,
          userAgent: '',
          idempotencyKey: '',
          request,
          reply,
        })
        return ok(z.parse(route.data, data), serverMessage(locale, 'success'))
      },
    })
    reply.header('etag', answer.etag).header('cache-control', 'no-cache')
    if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
    return reply.type('application/json; charset=utf-8').send(answer.body)
  }
}
