/**
 * POST user/register: a new account by e-mail or phone with a code from user/send_code. Checks run in the order the
 * form shows them (protocol, passwords, invitation, code, account), each with its own message; the account is made
 * in one transaction that also uses up the code, so a refusal stores nothing. Only the listed fields are read:
 * `role`, `status`, `inviter_id` and the like in a body are dropped by the schema.
 */
import { registerInput, sessionAnswer } from '../../../common/api/account'
import { registerAccount } from '../../accounts/register'
import { defineRoute } from '../route'

export const registerRoute = defineRoute({
  method: 'POST',
  path: 'user/register',
  summary:
    'Creates an account (e-mail or phone) with the code from user/send_code and signs in: answers a new session ' +
    'token and the user info.',
  input: registerInput,
  data: sessionAnswer,
  handler: ({ body, deps, locale, ip, userAgent }) => registerAccount(deps, body, { ip, userAgent, locale }),
})
