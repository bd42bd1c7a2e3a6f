/**
 * The HTTP edge of domain errors: each DomainError kind becomes the envelope code and HTTP status the API has always
 * answered (spec §8: a business error is HTTP 200 with its own `code`; only a refusal of access, a rate limit and a
 * transient failure keep a real status). The one place that knows both vocabularies.
 */
import {
  CODE_BAD_INPUT,
  CODE_FORBIDDEN,
  CODE_NOT_FOUND,
  CODE_RATE_LIMITED,
  CODE_REJECTED,
  CODE_RETRY_LATER,
  type Locale,
} from '../../common/constants'
import type { DomainError, DomainErrorKind } from '../domain/errors'
import { domainErrorText, domainIssues } from '../domain/message'
import { ApiError } from './api-error'

/** Envelope code and HTTP status of each kind. */
export const DOMAIN_ERROR_WIRE: Readonly<Record<DomainErrorKind, { code: number; httpStatus: number }>> = {
  bad_input: { code: CODE_BAD_INPUT, httpStatus: 200 },
  rejected: { code: CODE_REJECTED, httpStatus: 200 },
  // A state conflict (already decided, already bound) has always been answered as a refused rule.
  conflict: { code: CODE_REJECTED, httpStatus: 200 },
  not_found: { code: CODE_NOT_FOUND, httpStatus: 200 },
  forbidden: { code: CODE_FORBIDDEN, httpStatus: 403 },
  rate_limited: { code: CODE_RATE_LIMITED, httpStatus: 429 },
  unavailable: { code: CODE_RETRY_LATER, httpStatus: 503 },
}

/**
 * The envelope answer of `err` for a caller reading `locale`: msg = the message with `{when}` etc. filled; data =
 * `{field, issues}` when the error names a field, else null; `Retry-After` when it says when to retry.
 */
export function apiErrorOf(err: DomainError, locale: Locale): ApiError {
  const wire = DOMAIN_ERROR_WIRE[err.kind]
  const data = err.field === undefined ? null : { field: err.field, issues: domainIssues(locale, err) }
  const headers: Record<string, string> =
    err.retryAfterS === undefined ? {} : { 'Retry-After': String(err.retryAfterS) }
  return new ApiError(wire.code, err.messageKey, domainErrorText(locale, err), data, wire.httpStatus, headers)
}
