/** The error every failed API call rejects with. */

/** Why a call failed: the server's envelope said no, HTTP failed, the network failed, it timed out, or the answer was malformed. */
export type ApiErrorKind = 'envelope' | 'http' | 'network' | 'timeout' | 'parse' | 'auth'

/**
 * A failed API call. `code` is the envelope code (kind 'envelope'), the HTTP status (kind 'http'), or 0.
 * `msg` is what the user is shown (the server's message, already in the request's language, for envelope errors).
 * `field` names the offending field when the server rejected an input or an answer did not match its schema.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly code: number
  readonly field: string | undefined
  readonly data: unknown

  constructor(kind: ApiErrorKind, code: number, msg: string, opts: { field?: string; data?: unknown } = {}) {
    super(msg)
    this.name = 'ApiError'
    this.kind = kind
    this.code = code
    this.field = opts.field
    this.data = opts.data
  }
}

/** True when `err` is an ApiError. */
export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError
}
