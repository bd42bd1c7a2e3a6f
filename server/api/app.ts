/**
 * The HTTP application: every `/api/` call answers the `{code,msg,data}` envelope (unknown call → 404 envelope,
 * any fault → 500 envelope without details, logged here); every other path serves the built PWA.
 */
import { createServer as createHttpServer } from 'node:http'
import multipart from '@fastify/multipart'
import { UPLOAD_MAX_BYTES } from '../../common/api/identity'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { CODE_BAD_INPUT, CODE_NOT_FOUND, CODE_RETRY_LATER, CODE_SERVER_ERROR } from '../../common/constants'
import type { Envelope, InputErrorData } from '../../common/api/envelope'
import { serverMessage } from '../content/server-messages'
import { isRetryableDbError } from '../db/retryable-error'
import { handleClientError } from '../http/client-error'
import { createTlsServer } from '../http/tls-server'
import { contentSecurityPolicy, isApiPath, marketOrigins, registerHeaderPolicy } from '../http/headers'
import { siteOrigins } from '../auth/request-origin'
import { registerStaticSite, type FallbackHandler } from '../http/static-site'
import { ApiError } from './api-error'
import { apiErrorOf } from './domain-error'
import { DomainError } from '../domain/errors'
import { areaCodeRoute } from './area-code'
import { announcementInfoRoute, announcementListRoute, configRoute, languagesRoute } from './common'
import { currencyListRoute } from './currency'
import { ACCOUNTS_ROUTES } from './accounts/index'
import { ASSETS_ROUTES } from './assets/index'
import { PROOF_ROUTES } from './proof'
import type { AppDeps } from './deps'
import { IDENTITY_ROUTES } from './identity/index'
import { SUPPORT_ROUTES } from './support/index'
import { MICRO_ROUTES } from './micro/index'
import { CONTRACT_ROUTES } from './contract/index'
import { CONTRACT_RISK_ROUTES } from './contract/risk'
import { CLOSE_ORDER_ROUTES } from './contract/close-orders'
import { FUNDING_ROUTES } from './contract/funding'
import { FINANCIAL_ROUTES } from './financial/index'
import { TRADE_ROUTES } from './trade/index'
import { NOTIFY_ROUTES } from './notify/index'
import { openApiDocument } from './docs'
import { registerRoute, requestLocale, type ApiRoute } from './route'
import { UserLanes } from './user-lanes'
import { startLiveCache, type LiveCache } from '../cache/live-cache'

/** Every public call, in the order of spec §7. */
export const PUBLIC_ROUTES: readonly ApiRoute[] = [
  configRoute,
  languagesRoute,
  areaCodeRoute,
  announcementListRoute,
  announcementInfoRoute,
  currencyListRoute,
]

/** Every call: the public ones, then accounts, identity and support (each with its operator calls). */
export const ALL_ROUTES: readonly ApiRoute[] = [
  ...PUBLIC_ROUTES,
  ...ACCOUNTS_ROUTES,
  ...IDENTITY_ROUTES,
  ...SUPPORT_ROUTES,
  ...ASSETS_ROUTES,
  ...PROOF_ROUTES,
  ...TRADE_ROUTES,
  ...MICRO_ROUTES,
  ...CONTRACT_ROUTES,
  ...CONTRACT_RISK_ROUTES,
  ...FUNDING_ROUTES,
  ...CLOSE_ORDER_ROUTES,
  ...FINANCIAL_ROUTES,
  ...NOTIFY_ROUTES,
]

/** Options of the HTTP layer itself. */
export interface AppOptions {
  /** Fastify logger options; default warnings and errors only (JSON lines on stdout). */
  logger?: FastifyServerOptions['logger']
  /** PEM contents: serve https (HTTP/2 with HTTP/1.1 fallback). */
  tls?: { cert: string; key: string } | undefined
  /**
   * Fastify `trustProxy` (config TRUST_PROXY). Default false: `request.ip` is the socket peer and X-Forwarded-For is
   * ignored, so a client cannot pick the address its rate limits count against.
   */
  trustProxy?: boolean | string[] | undefined
  /**
   * The cache of public answers; default one listening to `deps.db`'s change feed, closed with the app. A caller
   * passing its own (tests inspecting it) closes it.
   */
  liveCache?: LiveCache
}

/** Builds the app (not listening). */
export async function buildApp(deps: AppDeps, opts: AppOptions = {}): Promise<FastifyInstance> {
  const tls = opts.tls
  const app = Fastify({
    logger: opts.logger ?? { level: 'warn' },
    // One code path for http and https; Fastify's own `http2`/`https` options would change the instance's static
    // type. With TLS: HTTP/2 and HTTP/1.1 on one port (http/tls-server.ts).
    serverFactory: (handler) =>
      tls
        ? (createTlsServer(tls, handler) as unknown as ReturnType<typeof createHttpServer>)
        : createHttpServer(handler),
    trustProxy: opts.trustProxy ?? false,
    clientErrorHandler: handleClientError,
  })
  const csp = () =>
    contentSecurityPolicy(
      marketOrigins(
        siteOrigins(deps.publicOrigins).map((o) => o.origin),
        deps.marketPublicPort,
      ),
    )
  registerHeaderPolicy(app, { tls: Boolean(tls), csp })
  // The error handler first: Fastify binds a route to the error handler in force when the route is added, and the
  // static plugin's registration below would otherwise leave the API routes on Fastify's default (non-envelope) one.
  registerErrorHandler(app)
  // Multipart limits (reliability S2): one file of at most UPLOAD_MAX_BYTES and a few short fields.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  })
  const live = opts.liveCache ?? (await startLiveCache(deps.db, deps.log))
  if (!opts.liveCache) app.addHook('onClose', () => live.close())
  const lanes = new UserLanes()
  for (const route of ALL_ROUTES) registerRoute(app, deps, route, live.answers, lanes)
  const docs = openApiDocument(ALL_ROUTES)
  app.get('/api/docs', async () => docs)
  registerNotFound(app, await registerStaticSite(app, deps.distDir))
  return app
}

/** Unknown paths: 404 envelope under /api/, the PWA elsewhere. */
function registerNotFound(app: FastifyInstance, fallback: FallbackHandler): void {
  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url)) return fallback(request, reply)
    return reply.code(404).send(envelope(CODE_NOT_FOUND, serverMessage(requestLocale(request), 'notFound')))
  })
}

/** Seconds a client is told to wait after a transient database failure (a new connection takes milliseconds). */
const RETRY_AFTER_S = 1

/** Errors: envelopes under /api/ (never a stack), text elsewhere. */
function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown, request, reply) => {
    const locale = requestLocale(request)
    const api = isApiPath(request.url)
    // Services throw neutral domain errors; here, at the edge, they become envelopes (domain-error.ts).
    const error = thrown instanceof DomainError ? apiErrorOf(thrown, locale) : thrown
    if (error instanceof ApiError) {
      const msg = error.detail ?? serverMessage(locale, error.messageKey)
      reply.headers(error.headers)
      return reply.code(error.httpStatus).send(envelope(error.code, msg, error.data))
    }
    const status = clientErrorStatus(error)
    if (status !== undefined) {
      // Malformed requests Fastify itself rejects (bad JSON body, unsupported media type…).
      const message = error instanceof Error ? error.message : 'bad request'
      const data: InputErrorData = { field: '(request)', issues: [{ field: '(request)', message }] }
      if (!api) return reply.code(status).type('text/plain; charset=utf-8').send(`${message}\n`)
      return reply.code(status).send(envelope(CODE_BAD_INPUT, serverMessage(locale, 'invalidInput'), data))
    }
    if (isRetryableDbError(error)) {
      // Transient (connection lost, serialization failure, deadlock): the caller may resend; no details leak.
      request.log.warn({ err: error, url: request.url }, 'transient database failure')
      reply.header('retry-after', String(RETRY_AFTER_S))
      return reply.code(503).send(envelope(CODE_RETRY_LATER, serverMessage(locale, 'retryLater')))
    }
    request.log.error({ err: error, url: request.url }, 'request failed')
    if (!api) return reply.code(500).type('text/plain; charset=utf-8').send('Server error\n')
    return reply.code(500).send(envelope(CODE_SERVER_ERROR, serverMessage(locale, 'serverError')))
  })
}

function envelope(code: number, msg: string, data: InputErrorData | null = null): Envelope<InputErrorData | null> {
  return { code, msg, data }
}

/** The 4xx status Fastify put on an error it raised for a malformed request, if any. */
function clientErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined
  const status = error.statusCode
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined
}
