/** The signed-in user's session list (issue 24 part 7): user/sessions lists them, user/session_revoke ends one. */
import * as z from 'zod/mini'
import { sessionListAnswer, sessionRevokeInput } from '../../../common/api/account'
import { endSession, listSessions } from '../../accounts/sessions'
import { defineRoute } from '../route'

export const sessionListRoute = defineRoute({
  path: 'user/sessions',
  summary:
    'The caller’s sessions neither ended nor expired, most recently used first: device (browser and system, in the ' +
    'caller’s language), address, sign-in and last-use times (UTC, last use to the minute), and `current`.',
  auth: 'user',
  data: sessionListAnswer,
  handler: ({ deps, session, locale }) => listSessions(deps, session, locale),
})

export const sessionRevokeRoute = defineRoute({
  method: 'POST',
  path: 'user/session_revoke',
  summary:
    'Ends one session of the caller (its token answers 401 afterwards); the current one signs this device out. An id ' +
    'that is not a live session of the caller (unknown, another user’s, already ended) is refused under `id`.',
  auth: 'user',
  input: sessionRevokeInput,
  data: z.null(),
  async handler({ body, deps, session, ip }) {
    await endSession(deps, session.userId, body.id, { ip })
    return null
  },
})
