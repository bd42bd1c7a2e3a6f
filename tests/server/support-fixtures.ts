/**
 * Helpers of the support suites: users and operators made straight in the database (so these suites do not depend
 * on the sign-up flow), and calls through `app.inject` with a session token.
 */
import type { FastifyInstance } from 'fastify'

export type Env<T = unknown> = { code: number; msg: string; data: T }

export { makeUser, type TestUser } from '../helpers/server-users'

/** Calls `/api/<path>`: GET with `query`, POST with a JSON `body`; `token` and `lang` headers when given. */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  opts: { token?: string; lang?: string; query?: Record<string, string | number>; body?: unknown } = {},
) {
  const headers: Record<string, string> = {}
  if (opts.token) headers.token = opts.token
  if (opts.lang) headers['accept-language'] = opts.lang
  const qs = opts.query ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))}` : ''
  const res = await app.inject({
    method,
    url: `/api/${path}${qs}`,
    headers,
    ...(method === 'POST' ? { payload: opts.body ?? {} } : {}),
  })
  return { status: res.statusCode, headers: res.headers, body: res.json<Env<T>>() }
}
