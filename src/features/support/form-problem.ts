/**
 * Where a failed feedback submission's message goes: under the field the server named, with zod's own (translated)
 * wording of the problem, else above the form. Network and timeout wording come from the security forms' helper.
 */
import type { MessageDescriptor } from '@lingui/core'
import { placeApiProblem } from '../security'
import { isApiError } from '../../api/errors'

/** Server text (already translated) or a descriptor to translate. */
export type ShownText = string | MessageDescriptor

export const FEEDBACK_FIELDS = ['type', 'title', 'content'] as const
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number]

/** The field (or null for the whole form) and the text to show for `err`. */
export function feedbackProblem(err: unknown): { field: FeedbackField | null; text: ShownText | null } {
  const placed = placeApiProblem(err, FEEDBACK_FIELDS)
  if (placed.field && isApiError(err)) {
    const issues = (err.data as { issues?: { field?: string; message?: string }[] } | null)?.issues
    const issue = issues?.find((i) => i.field === placed.field)?.message
    if (issue) return { field: placed.field, text: issue }
  }
  return placed
}
