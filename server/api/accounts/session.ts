/** The signed-in user's session: user/logout ends it, user/info describes its user. */
import * as z from 'zod/mini'
import { userInfoSchema } from '../../../common/api/account'
import { CODE_UNAUTHORIZED } from '../../../common/constants'
import { audit } from '../../auth/audit'
import { revokeSession } from '../../auth/sessions'
import { buildUserInfo } from '../../auth/user-info'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'

export const logoutRoute = defineRoute({
  method: 'POST',
  path: 'user/logout',
  summary:
    'Ends this session on the server (its token answers 401 afterwards) and asks the browser to drop its HTTP cache.',
  auth: 'user',
  data: z.null(),
  async handler({ deps, session, reply, ip }) {
    await revokeSession(deps.db, session.sessionId)
    await audit(deps.db, { userId: session.userId, action: 'logout', result: 'ok', ip })
    // reliability F4: "cache" drops HTTP-cached answers of this user. Not "storage": that would also wipe the
    // service worker (the offline shell) and local storage (the chosen language and theme); the app clears the
    // user's own stored data itself.
    reply.header('Clear-Site-Data', '"cache"')
    return null
  },
})

export const userInfoRoute = defineRoute({
  path: 'user/info',
  summary: 'The signed-in user: account names, role, passwords set, identity state per tier (USERINFO).',
  auth: 'user',
  data: userInfoSchema,
  async handler({ deps, session }) {
    const info = await buildUserInfo(deps.db, session.userId, session.book)
    if (!info) throw new ApiError(CODE_UNAUTHORIZED, 'unauthorized', undefined, null, 401)
    return info
  },
})
