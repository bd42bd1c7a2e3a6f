/**
 * POST user/register: a new account by e-mail or phone with a code from user/send_code. Checks run in the order the
 * form shows them (protocol, passwords, invitation, code, account), each with its own message; the account is made
 * in one transaction that also uses up the code, so a refusal stores nothing. Only the listed fields are read:
 * `role`, `status`, `inviter_id` and the like in a body are dropped by the schema.
 */
import { registerInput, sessionAnswer } from '../../../common/api/account'
import { accountName, accountNameForms, findUser } from '../../auth/account-name'
import { audit } from '../../auth/audit'
import { checkCode, consumeCode } from '../../auth/codes'
import { insertUser } from '../../auth/create-user'
import { uniqueViolation } from '../../auth/db-errors'
import { resolveInviter } from '../../auth/invite-codes'
import { rejected } from '../../auth/messages'
import { passwordProblem } from '../../auth/password-policy'
import { hashPassword } from '../../auth/passwords'
import { createSession } from '../../auth/sessions'
import { buildUserInfo } from '../../auth/user-info'
import { defineRoute } from '../route'

export const registerRoute = defineRoute({
  method: 'POST',
  path: 'user/register',
  summary:
    'Creates an account (e-mail or phone) with the code from user/send_code and signs in: answers a new session ' +
    'token and the user info.',
  input: registerInput,
  data: sessionAnswer,
  async handler({ body, deps, locale, ip, userAgent }) {
    const account = accountName(body, locale)
    if (!body.agree) throw rejected('agreeProtocol', 'agree')
    if (body.password !== body.re_password) throw rejected('passwordsDiffer', 're_password')
    const weak = passwordProblem(body.password, accountNameForms(account))
    if (weak) throw rejected(weak, 'password')
    const invite = await resolveInviter(deps.db, body.invite_code)
    if ('problem' in invite) throw rejected(invite.problem, 'invite_code')
    const code = await checkCode(deps.db, { target: account.target, purpose: 'register' }, body.code)
    if (!code.ok) throw rejected(code.problem, 'code')
    const duplicate = account.type === 'email' ? 'emailRegistered' : 'phoneRegistered'
    if (await findUser(deps.db, account)) throw rejected(duplicate, account.type)

    const passwordHash = await hashPassword(body.password)
    let userId: number
    try {
      userId = await deps.db.transaction(async (tx) => {
        if (!(await consumeCode(tx, code.id))) throw rejected('codeExpired', 'code')
        return insertUser(tx, {
          ...(account.type === 'email' ? { email: account.email } : { areaCode: account.areaCode, phone: account.phone }),
          passwordHash,
          inviterId: invite.inviterId,
        })
      })
    } catch (err) {
      // Someone registered the same account between the check above and the insert.
      if (uniqueViolation(err) !== null) throw rejected(duplicate, account.type)
      throw err
    }
    await audit(deps.db, { userId, action: 'register', result: 'ok', detail: `account=${account.target}`, ip })
    const token = await createSession(deps.db, userId, { ip, userAgent })
    return { token, user: (await buildUserInfo(deps.db, userId))! }
  },
})
