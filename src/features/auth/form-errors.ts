/**
 * Turns a failed sign-in or registration call into what the form shows: the server's message under the field it
 * names (`ApiError.field`), or one form-level line (server message, network or timeout).
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isApiError } from '../../api/errors'
import { formFieldOf, type AuthField } from './validation'

/** A message already translated (the server's, in the request's language) or one to translate. */
export type FormText = string | MessageDescriptor

export interface CallProblem {
  /** The field the server named, when it is one of the form's. */
  field?: AuthField
  text: FormText
}

const NETWORK = msg({ id: 'toast.networkError', message: 'Network error. Please check your connection.' })
const TIMEOUT = msg({ id: 'toast.timeout', message: 'The request timed out. Please try again.' })
const FAILED = msg({ id: 'auth.error.unexpected', message: 'Something went wrong. Please try again.' })

/** What to show for `err`, thrown by a silent account call. */
export function callProblem(err: unknown): CallProblem {
  if (!isApiError(err)) return { text: FAILED }
  if (err.kind === 'envelope') {
    const text = err.message || FAILED
    const field = formFieldOf(err.field)
    return field ? { field, text } : { text }
  }
  if (err.kind === 'timeout') return { text: TIMEOUT }
  if (err.kind === 'network' || err.kind === 'http') return { text: NETWORK }
  return { text: FAILED }
}
