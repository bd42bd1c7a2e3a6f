/** Operator calls on feedback: `admin/feedback_list` (filter by state) and `admin/feedback_reply`. */
import {
  adminFeedbackListQuery,
  adminFeedbackListSchema,
  adminFeedbackSchema,
  feedbackReplyInput,
} from '../../../common/api/support'
import { listFeedbackForOperator } from '../../db/feedback'
import { replyToFeedback } from '../../support/operator-content'
import { defineRoute } from '../route'

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
  handler: ({ deps, session, body, ip }) => replyToFeedback(deps, { userId: session.userId, ip }, body.id, body.reply),
})
