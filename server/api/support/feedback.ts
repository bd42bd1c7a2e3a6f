/** `feedback/*`: a signed-in user's own feedback: list, submit, detail. Another user's id reads as not found. */
import { CODE_NOT_FOUND, CODE_RATE_LIMITED } from '../../../common/constants'
import {
  createdAnswer,
  feedbackDetailSchema,
  feedbackListQuery,
  feedbackListSchema,
  feedbackSubmitInput,
  idQuery,
} from '../../../common/api/support'
import { getUserFeedback, listUserFeedback, submitFeedback } from '../../db/feedback'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'

export const feedbackListRoute = defineRoute({
  path: 'feedback/list',
  summary: "A page of the caller's own feedback, newest first, with its state (waiting, replied).",
  auth: 'user',
  input: feedbackListQuery,
  data: feedbackListSchema,
  handler: ({ deps, session, query }) => listUserFeedback(deps.db, session.userId, query),
})

export const feedbackSubmitRoute = defineRoute({
  method: 'POST',
  path: 'feedback/submit',
  summary: 'Sends feedback (type, one-line title ≤ 100, content ≤ 2000; plain text). At most 10 an hour per user.',
  auth: 'user',
  input: feedbackSubmitInput,
  data: createdAnswer,
  async handler({ deps, session, body }) {
    const result = await submitFeedback(deps.db, session.userId, body)
    if (!result.ok) {
      const retry = String(result.retryAfterS)
      throw new ApiError(CODE_RATE_LIMITED, 'feedbackTooMany', undefined, null, 429, { 'retry-after': retry })
    }
    return { id: result.id }
  },
})

export const feedbackDetailRoute = defineRoute({
  path: 'feedback/detail',
  summary: "One of the caller's feedback with the operator's reply; someone else's id answers not found.",
  auth: 'user',
  input: idQuery,
  data: feedbackDetailSchema,
  async handler({ deps, session, query }) {
    const found = await getUserFeedback(deps.db, session.userId, query.id)
    if (!found) throw new ApiError(CODE_NOT_FOUND, 'feedbackNotFound')
    return found
  },
})
