/**
 * Where a failed call's message goes on a form: under the field the server named (`ApiError.field`, when the form
 * has it), else as the form's error. Network failures and timeouts get the app's own wording; a rejected session
 * (kind 'auth') shows nothing, since the request layer already logs out and goes to login.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isApiError } from '../../api/errors'

const TIMEOUT = msg({ id: 'toast.timeout', message: 'The request timed out. Please try again.' })
const NETWORK = msg({ id: 'toast.networkError', message: 'Network error. Please check your connection.' })

/** A message to show: the server's text (already in the user's language) or a descriptor to translate. */
export type ShownText = string | MessageDescriptor

/** The placement of one failure on a form with fields `K`. */
export interface PlacedProblem<K extends string> {
  field: K | null
  text: ShownText | null
}

/** Places `err` (anything a call rejected with) on a form whose fields are `fields`. */
export function placeApiProblem<K extends string>(err: unknown, fields: readonly K[]): PlacedProblem<K> {
  if (!isApiError(err)) return { field: null, text: NETWORK }
  if (err.kind === 'auth') return { field: null, text: null }
  if (err.kind === 'timeout') return { field: null, text: TIMEOUT }
  if (err.kind !== 'envelope') return { field: null, text: NETWORK }
  const field = fields.find((f) => f === err.field) ?? null
  return { field, text: err.message || NETWORK }
}
