/**
 * POST user/bind_email: a wallet account adds an e-mail (with a bind_email code) and, when it has no login password
 * yet, a password, so it can later sign in by e-mail too. One transaction: the code is used up only if the e-mail
 * is stored.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { bindEmailInput, userInfoSchema } from '../../../common/api/account'
import { audit } from '../../auth/audit'
import { checkCode, consumeCode } from '../../auth/codes'
import { uniqueViolation } from '../../auth/db-errors'
import { rejected } from '../../auth/messages'
import { passwordProblem } from '../../auth/password-policy'
import { hashPassword } from '../../auth/passwords'
import { buildUserInfo } from '../../auth/user-info'
import { users } from '../../db/schema'
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
  async handler({ body, deps, session, ip }) {
    const [u] = await deps.db.select().from(users).where(eq(users.id, session.userId))
    if (!u || u.email) throw rejected('emailAlreadyBound')
    let passwordHash: string | null = null
    if (!u.passwordHash) {
      if (!body.password) throw rejected('passwordRequired', 'password')
      if (body.password !== body.re_password) throw rejected('passwordsDiffer', 're_password')
      const weak = passwordProblem(body.password, [body.email, body.email.split('@')[0], u.walletAddress])
      if (weak) throw rejected(weak, 'password')
      passwordHash = await hashPassword(body.password)
    }
    const code = await checkCode(deps.db, { target: body.email, purpose: 'bind_email' }, body.code)
    if (!code.ok) throw rejected(code.problem, 'code')
    const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, body.email))
    if (taken) throw rejected('emailInUse', 'email')
    try {
      await deps.db.transaction(async (tx) => {
        if (!(await consumeCode(tx, code.id))) throw rejected('codeExpired', 'code')
        const changed = await tx
          .update(users)
          .set({ email: body.email, ...(passwordHash ? { passwordHash } : {}) })
          .where(and(eq(users.id, u.id), isNull(users.email)))
          .returning({ id: users.id })
        if (changed.length === 0) throw rejected('emailAlreadyBound')
      })
    } catch (err) {
      if (uniqueViolation(err) === 'users_email') throw rejected('emailInUse', 'email')
      throw err
    }
    await audit(deps.db, { userId: u.id, action: 'bind_email', result: 'ok', detail: `email=${body.email}`, ip })
    return (await buildUserInfo(deps.db, u.id))!
  },
})
