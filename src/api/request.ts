/**
 * The request layer of spec §7–8: `/api/` on the page's origin, 10 s timeout, `token` and `Accept-Language`
 * headers, GET parameters as a query string and other verbs as a JSON body, and the `{code,msg,data}` envelope:
 * code 1 resolves with `data`; 401/4001 (envelope or HTTP) log out once and go to login; any other code shows `msg`
 * and rejects. Dependencies (fetch, stores, toasts, navigation) are injected so the rules are testable alone.
 */
import * as z from 'zod/mini'
import { API_TIMEOUT_MS, CODE_OK, CODE_SESSION_EXPIRED, CODE_UNAUTHORIZED } from '../../common/constants'
import { ApiError } from './errors'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Query or body parameters; `undefined` and `null` values are left out of a query string. */
export type Params = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions {
  method?: HttpMethod
  params?: Params
  /** The call needs a session: without a token it asks the user to log in instead of calling (spec §5). */
  auth?: boolean
  /** No error toast (background calls); the promise still rejects. */
  silent?: boolean
  signal?: AbortSignal
  /**
   * Multipart body (uploads, spec §7 `common/upload`): sent as is instead of the JSON body of `params`, without a
   * Content-Type header so the browser writes the multipart one with its boundary.
   */
  form?: FormData
  /** ms before this call is aborted, instead of the default (an upload may need longer than 10 s on a phone). */
  timeoutMs?: number
  /**
   * Headers sent besides the standard ones (e.g. `Idempotency-Key`). A GET with its own headers never takes an early
   * call's answer: that one was sent without them.
   */
  headers?: Record<string, string>
  /**
   * Times the same request (same headers, same body) is sent again after it got no answer at all — a network failure
   * or a timeout, never an answer the server gave — waiting RETRY_DELAYS_MS between tries. Only for calls that are
   * safe to repeat: a GET, or a POST carrying an Idempotency-Key, which the server runs at most once. Default 0.
   */
  retries?: number
}

/**
 * Waits before each retry of a request without an answer, ms: a dropped mobile connection usually comes back within
 * a second or two, and a short wait keeps a submit button from spinning for long.
 */
export const RETRY_DELAYS_MS = [600, 1500, 3000] as const

export interface RequestDeps {
  /** Base URL ending in "/" (default "/api/"). */
  baseUrl?: string
  fetch?: typeof fetch
  /**
   * An answer to this GET already under way (src/api/early-calls.ts), for the URL and Accept-Language given; used in
   * place of a new fetch. When it fails, the call goes to the network after all.
   */
  takeEarly?(url: string, language: string): Promise<Response> | undefined
  /** ms before a call is aborted (default API_TIMEOUT_MS, spec §9). */
  timeoutMs?: number
  getToken(): string | null
  /** Accept-Language header value. */
  getLanguage(): string
  /**
   * Session rejected (401/4001): log out, remember the path, go to login. Called once per rejected token, with the
   * token the rejected call carried (a late answer for an old token must not end a newer session).
   */
  onUnauthorized(sentToken: string | null): void
  /** An auth-only call was made without a session: ask the user to log in. */
  onLoginRequired(): void
  /** Shows a failed call to the user (error toast). Not called for `silent` calls or unauthorized answers. */
  onError(err: ApiError): void
}

/** Sends one call and resolves with the envelope's `data` (unchecked: see `createApiCall` for schema parsing). */
export type Requester = (path: string, opts?: RequestOptions) => Promise<unknown>

/** `promise`, or a rejection as soon as `signal` aborts (an early call's fetch cannot take this call's signal). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)))
    if (signal.aborted) return abort()
    signal.addEventListener('abort', abort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
  })
}

const envelope = z.object({ code: z.number(), msg: z.catch(z.string(), ''), data: z.unknown() })

/** Builds the URL of a call: base + path, plus the query string for GET. */
export function buildUrl(base: string, path: string, method: HttpMethod, params?: Params): string {
  const url = base + path.replace(/^\//, '')
  if (method !== 'GET' || !params) return url
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) q.append(k, String(v))
  const qs = q.toString()
  return qs ? `${url}?${qs}` : url
}

/** Creates the requester. One instance per app: it remembers which token's rejection it has already handled. */
export function createRequester(deps: RequestDeps): Requester {
  const base = deps.baseUrl ?? '/api/'
  const timeoutMs = deps.timeoutMs ?? API_TIMEOUT_MS
  // The token whose rejection was handled: concurrent 401s for one session log out (and navigate) only once.
  let rejectedToken: string | null | undefined

  const unauthorized = (sentToken: string | null): ApiError => {
    if (rejectedToken !== sentToken) {
      rejectedToken = sentToken
      deps.onUnauthorized(sentToken)
    }
    return new ApiError('auth', CODE_UNAUTHORIZED, 'unauthorized')
  }
  const fail = (err: ApiError, silent: boolean | undefined): ApiError => {
    if (!silent) deps.onError(err)
    return err
  }

  return async (path, opts = {}) => {
    const method = opts.method ?? 'GET'
    const token = deps.getToken()
    if (opts.auth && !token) {
      deps.onLoginRequired()
      throw new ApiError('auth', CODE_UNAUTHORIZED, 'login required')
    }
    const url = buildUrl(base, path, method, opts.params)
    const res = await sendWithRetries(deps, url, method, token, opts, opts.timeoutMs ?? timeoutMs).catch(
      (err: unknown) => {
        throw fail(err instanceof ApiError ? err : new ApiError('network', 0, String(err)), opts.silent)
      },
    )
    const body = res.json === undefined ? undefined : envelope.safeParse(res.json)
    const code = body?.success ? body.data.code : res.status
    if (code === CODE_UNAUTHORIZED || code === CODE_SESSION_EXPIRED) throw unauthorized(token)
    if (body?.success && body.data.code === CODE_OK) return body.data.data
    if (body?.success) {
      const data = body.data.data as { field?: unknown } | null
      const field = typeof data?.field === 'string' ? data.field : undefined
      throw fail(new ApiError('envelope', body.data.code, body.data.msg, { field, data }), opts.silent)
    }
    const kind = res.status >= 200 && res.status < 300 ? 'parse' : 'http'
    throw fail(new ApiError(kind, res.status, res.statusText || `HTTP ${res.status}`), opts.silent)
  }
}

/** Resolves after `ms`, or rejects at once when `signal` aborts (the caller gave up: no retry then). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError('network', 0, 'aborted'))
    const done = () => {
      signal?.removeEventListener('abort', stop)
      resolve()
    }
    const timer = setTimeout(done, ms)
    const stop = () => {
      clearTimeout(timer)
      reject(new ApiError('network', 0, 'aborted'))
    }
    signal?.addEventListener('abort', stop, { once: true })
  })
}

/**
 * `send`, again up to `opts.retries` times while it gets no answer (network failure or timeout), with the same
 * headers and body each time: a money call's Idempotency-Key stays the same, so the server runs it once however many
 * of the tries reached it. An answer of any kind (an error envelope, a 5xx) is never retried here.
 */
async function sendWithRetries(
  deps: RequestDeps,
  url: string,
  method: HttpMethod,
  token: string | null,
  opts: RequestOptions,
  timeoutMs: number,
): Promise<RawAnswer> {
  const retries = Math.max(0, opts.retries ?? 0)
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(deps, url, method, token, opts, timeoutMs)
    } catch (err) {
      const noAnswer = err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout')
      if (!noAnswer || attempt >= retries || opts.signal?.aborted) throw err
      await pause(RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!, opts.signal)
    }
  }
}

/** HTTP status and parsed JSON body (undefined when the body is not JSON). */
interface RawAnswer {
  status: number
  statusText: string
  json: unknown
}

/**
 * fetch with the headers of spec §7; the timeout covers reading the body too. Rejects with ApiError kind 'timeout'
 * or 'network'.
 */
async function send(
  deps: RequestDeps,
  url: string,
  method: HttpMethod,
  token: string | null,
  opts: RequestOptions,
  timeoutMs: number,
): Promise<RawAnswer> {
  const headers: Record<string, string> = {
    ...opts.headers,
    Accept: 'application/json',
    'Accept-Language': deps.getLanguage(),
  }
  if (token) headers.token = token
  let body: string | FormData | undefined
  if (method !== 'GET' && opts.form) {
    body = opts.form
  } else if (method !== 'GET') {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.params ?? {})
  }
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  const onAbort = () => controller.abort()
  opts.signal?.addEventListener('abort', onAbort)
  const network = () => (deps.fetch ?? globalThis.fetch)(url, { method, headers, body, signal: controller.signal })
  const early = method === 'GET' && !opts.headers ? deps.takeEarly?.(url, headers['Accept-Language']!) : undefined
  try {
    const res = await (early
      ? untilAborted(early, controller.signal).catch((err: unknown) => {
          if (controller.signal.aborted) throw err
          return network()
        })
      : network())
    const text = await res.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: res.status, statusText: res.statusText, json }
  } catch (err) {
    if (controller.signal.aborted && !opts.signal?.aborted) throw new ApiError('timeout', 0, 'timeout')
    throw new ApiError('network', 0, err instanceof Error ? err.message : String(err))
  } finally {
    clearTimeout(timer)
    opts.signal?.removeEventListener('abort', onAbort)
  }
}
