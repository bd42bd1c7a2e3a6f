/** GET user/share: the caller's invitation code and link, and how many people they brought in (directly, in all). */
import { shareAnswer } from '../../../common/api/account'
import { shareInfo } from '../../accounts/share'
import { defineRoute } from '../route'

export const shareRoute = defineRoute({
  path: 'user/share',
  summary:
    'The invitation code, the register link carrying it on the configured PUBLIC_ORIGIN, and direct and total subordinates.',
  auth: 'user',
  data: shareAnswer,
  handler: ({ deps, session }) => shareInfo(deps, session.userId),
})
