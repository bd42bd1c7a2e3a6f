/**
 * Route guard: reads the `token` header and resolves the session. A `user` route without a live session answers
 * HTTP 401 with envelope code 401 (the app logs out once and goes to login, spec §4); an `operator` route called by
 * anyone else answers 403. Public routes get the session when a valid token is present, else null.
 */
import type { FastifyRequest } from 'fastify'
import { CODE_FORBIDDEN, CODE_UNAUTHORIZED } from '../../common/constants'
import { resolveSession, type AuthSession } from '../auth/sessions'
import { ApiError } from './api-error'
import type { AppDeps } from './deps'
import type { RouteAuth } from './route'

export type { AuthSession }

/** The `token` header, if any. */
export function requestToken(request: FastifyRequest): string | null {
  const value = request.headers.token
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * The caller's session under the rule `auth`.
 * @throws ApiError 401 (no or dead session on a `user`/`operator` route), 403 (not an operator).
 */
export async function authenticate(
  deps: AppDeps,
  request: FastifyRequest,
  auth: RouteAuth,
): Promise<AuthSession | null> {
  const token = requestToken(request)
  const session = token ? await resolveSession(deps.db, token) : null
  if (auth === 'none') return session
  if (!session) throw new ApiError(CODE_UNAUTHORIZED, 'unauthorized', undefined, null, 401)
  if (auth === 'operator' && session.role !== 'operator') {
    throw new ApiError(CODE_FORBIDDEN, 'forbidden', undefined, null, 403)
  }
  return session
}
