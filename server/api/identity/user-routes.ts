/** The user's identity calls: read both tiers, submit basic, submit advanced. Each answers the fresh state. */
import { identityAdvancedInput, identityBasicInput, identityInfoSchema } from '../../../common/api/identity'
import { defineRoute } from '../route'
import { identityInfo } from '../../identity/submissions'
import { submitAdvanced, submitBasic } from '../../identity/submit'

export const identityRoute = defineRoute({
  path: 'user/identity',
  summary: "The caller's basic and advanced verification: state, rejection reason, member information, photo URLs",
  auth: 'user',
  data: identityInfoSchema,
  handler: ({ deps, session }) => identityInfo(deps, session.userId, session.sessionId),
})

export const identityBasicRoute = defineRoute({
  method: 'POST',
  path: 'user/identity_basic',
  summary: 'Submit basic verification (name, ID number, city, email) for review',
  auth: 'user',
  input: identityBasicInput,
  data: identityInfoSchema,
  async handler({ deps, session, body, ip }) {
    await submitBasic(deps, { userId: session.userId, ip }, body)
    return identityInfo(deps, session.userId, session.sessionId)
  },
})

export const identityAdvancedRoute = defineRoute({
  method: 'POST',
  path: 'user/identity_advanced',
  summary: 'Submit advanced verification (document type, front, back and selfie upload ids) for review',
  auth: 'user',
  input: identityAdvancedInput,
  data: identityInfoSchema,
  async handler({ deps, session, body, ip }) {
    await submitAdvanced(deps, { userId: session.userId, ip }, body)
    return identityInfo(deps, session.userId, session.sessionId)
  },
})
