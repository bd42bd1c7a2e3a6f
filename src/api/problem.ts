/**
 * What the user is told when a call fails, in one place: the server's own words for a refusal (under the field it
 * names, with zod's wording of that field when the answer lists issues; a 503 "retry later" is one too), one message
 * for every network failure (offline, timeout, other 5xx, an answer that is not ours), and nothing for a rejected
 * session (the request layer has already logged out and gone to login).
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { CODE_RETRY_LATER, CODE_SERVER_ERROR } from '../../common/constants'
import { isApiError, type ApiError } from './errors'

/** The one message for a call that did not get a usable answer: offline, timed out, a 5xx (not 503), malformed. */
export const NETWORK_PROBLEM = msg({
  id: 'api.networkError',
  message: 'Could not reach the server. Check your connection and try again.',
})
/** A failure that is not a call's (a bug): say so without details. */
export const UNEXPECTED_PROBLEM = msg({ id: 'api.unexpectedError', message: 'Something went wrong. Please try again.' })

/** A failure placed on a form: `field` as the server named it (null = none); `text` null = nothing to show. */
export interface Failure {
  field: string | null
  text: string | MessageDescriptor | null
}

/**
 * True when `err` is a refusal by the server with its own message, not a network failure: a 4xx envelope, or a 503
 * "retry later" envelope (prices not up to date, a transaction to send again), whose words say what to do; never a
 * 500, whose text is not for users.
 */
function isRefusal(err: ApiError): boolean {
  return (
    err.kind === 'envelope' && (err.code < CODE_SERVER_ERROR || err.code === CODE_RETRY_LATER) && err.message !== ''
  )
}

/** What the user should read for `err`, anything a call rejected with. */
export function describeFailure(err: unknown): Failure {
  if (!isApiError(err)) return { field: null, text: UNEXPECTED_PROBLEM }
  if (err.kind === 'auth') return { field: null, text: null }
  if (!isRefusal(err)) return { field: null, text: NETWORK_PROBLEM }
  const field = err.field ?? null
  const issues = (err.data as { issues?: { field?: unknown; message?: unknown }[] } | null)?.issues
  const issue = field === null ? undefined : issues?.find((i) => i.field === field)?.message
  return { field, text: typeof issue === 'string' && issue ? issue : err.message }
}

/** The toast of a failed non-silent call: the server's refusal, or the network message. */
export function failureToast(err: ApiError): string | MessageDescriptor {
  return isRefusal(err) ? err.message : NETWORK_PROBLEM
}
