/** Operator calls on feedback: `admin/feedback_list` (filter by state) and `admin/feedback_reply`. */
import { CODE_NOT_FOUND } from '../../../common/constants'
import {
  adminFeedbackListQuery,
  adminFeedbackListSchema,
  adminFeedbackSchema,
  feedbackReplyInput,
} from '../../../common/api/support'
import { listFeedbackForOperator, replyFeedback } from '../../db/feedback'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'
import { auditOperator } from './audit'

export const adminFeedbackListRoute = defineRoute({
  path: 'admin/feedback_list',
  summary: "Operators: every user's feedback, optionally one state; waiting ones oldest first.",
  auth: 'operator',
  input: adminFeedbackListQuery,
  data: adminFeedbackListSchema,
  handler: ({ deps, query }) => listFeedbackForOperator(deps.db, query),
})

export const adminFeedbackReplyRoute = defineRoute({
  method: 'POST',
  path: 'admin/feedback_reply',
  summary: 'Operators: reply to feedback (waiting → replied); replying again replaces the reply and its time.',
  auth: 'operator',
  input: feedbackReplyInput,
  data: adminFeedbackSchema,
  async handler({ deps, session, body }) {
    const updated = await replyFeedback(deps.db, body.id, body.reply, session.userId)
    if (!updated) throw new ApiError(CODE_NOT_FOUND, 'feedbackNotFound')
    await auditOperator(deps, session, `replied to feedback #${body.id}`)
    return updated
  },
})
