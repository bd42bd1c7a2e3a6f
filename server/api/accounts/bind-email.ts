/**
 * POST user/bind_email: a wallet account adds an e-mail (with a bind_email code) and, when it has no login password
 * yet, a password, so it can later sign in by e-mail too. One transaction: the code is used up only if the e-mail
 * is stored.
 */
import { bindEmailInput, userInfoSchema } from '../../../common/api/account'
import { bindEmail } from '../../accounts/bind-email'
import { defineRoute } from '../route'

export const bindEmailRoute = defineRoute({
  method: 'POST',
  path: 'user/bind_email',
  summary:
    'Adds an e-mail to the signed-in account with a bind_email code; an account without a login password must set ' +
    'one (password, re_password). Answers the new user info.',
  auth: 'user',
  input: bindEmailInput,
  data: userInfoSchema,
  handler: ({ body, deps, session, ip }) => bindEmail(deps, session.userId, body, ip),
})
