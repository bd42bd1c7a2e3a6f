/** Operator calls: list identity submissions (with signed photo URLs) and decide one. */
import {
  identityListAnswer,
  identityListQuery,
  identityReviewAnswer,
  identityReviewInput,
} from '../../../common/api/identity'
import { defineRoute } from '../route'
import { decideSubmission } from '../../identity/review'
import { adminView, listSubmissions } from '../../identity/submissions'

export const adminIdentityListRoute = defineRoute({
  path: 'admin/identity_list',
  summary: 'Identity submissions, newest first, filtered by status and tier (operator)',
  auth: 'operator',
  input: identityListQuery,
  data: identityListAnswer,
  async handler({ deps, session, query }) {
    const { rows, total } = await listSubmissions(deps, query)
    const items = await Promise.all(rows.map((r) => adminView(deps, r, session.sessionId)))
    return { items, total, page: query.page, limit: query.limit }
  },
})

export const adminIdentityReviewRoute = defineRoute({
  method: 'POST',
  path: 'admin/identity_review',
  summary: 'Approve or reject (with a reason) a submission in review; decided exactly once (operator)',
  auth: 'operator',
  input: identityReviewInput,
  data: identityReviewAnswer,
  handler: ({ deps, session, body, ip }) => decideSubmission(deps, { ...body, reviewerId: session.userId, ip }),
})
