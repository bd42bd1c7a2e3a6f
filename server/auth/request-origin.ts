/**
 * The origin a request came to, from its Host header and transport. Used where the answer names the site: the
 * EIP-4361 domain a wallet signs for, and the invitation link. The Host header is client-controlled, so it is
 * checked to be a plain `host[:port]` (no path, user info or spaces) before it goes into anything.
 */
import type { FastifyRequest } from 'fastify'
import { CODE_REJECTED } from '../../common/constants'
import { ApiError } from '../api/api-error'

/** DNS name or IPv4 (letters, digits, dots, dashes) or a bracketed IPv6, with an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/** The request's host and origin. */
export interface RequestOrigin {
  /** `example.com` or `example.com:8443` (lower-case). */
  host: string
  /** `https://example.com:8443`. */
  origin: string
}

/**
 * The origin of `request`.
 * @throws ApiError CODE_REJECTED 'badHost' when the Host header is missing or not a plain host[:port].
 */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  const raw = request.headers.host
  if (typeof raw !== 'string' || raw.length > 260 || !HOST.test(raw)) throw new ApiError(CODE_REJECTED, 'badHost')
  const host = raw.toLowerCase()
  return { host, origin: `${request.protocol}://${host}` }
}
