/**
 * Changing secrets of the signed-in user: the login password (user/change_password, which then ends every session
 * of the user, ASVS 7.4.3) and the trading password (user/set_pay_password). Each change asks for a secret the user
 * already has, checked under the per-user attempt window.
 */
import * as z from 'zod/mini'
import { eq, sql } from 'drizzle-orm'
import { changePasswordInput, setPayPasswordInput } from '../../../common/api/account'
import { audit } from '../../auth/audit'
import { rejected } from '../../auth/messages'
import { passwordProblem } from '../../auth/password-policy'
import { checkPassword, hashPassword } from '../../auth/passwords'
import { checkSecretLimited } from '../../auth/secret-check'
import { revokeAllSessions } from '../../auth/sessions'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { defineRoute } from '../route'

/** The signed-in user's row (a session exists only for an existing user: users cascade to sessions). */
async function me(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId))
  return u!
}

/** Names a new password must not equal. */
function namesOf(u: typeof users.$inferSelect): string[] {
  return [u.email, u.phone, u.areaCode && u.phone ? `+${u.areaCode}${u.phone}` : null, u.walletAddress].filter(
    (n): n is string => !!n,
  )
}

export const changePasswordRoute = defineRoute({
  method: 'POST',
  path: 'user/change_password',
  summary:
    'Changes the login password (old one required; 5 wrong tries per 15 min) and ends every session of the user, ' +
    'this one included: sign in again.',
  auth: 'user',
  input: changePasswordInput,
  data: z.null(),
  async handler({ body, deps, session, ip, locale }) {
    const u = await me(deps.db, session.userId)
    if (!u.passwordHash) throw rejected('noLoginPassword')
    if (body.password !== body.re_password) throw rejected('passwordsDiffer', 're_password')
    const weak = passwordProblem(body.password, namesOf(u))
    if (weak) throw rejected(weak, 'password')
    const action = 'password_change'
    await checkSecretLimited(deps.db, { userId: u.id, stored: u.passwordHash, password: body.old_password, wrong: 'oldPasswordWrong', field: 'old_password', action, ip, locale })
    if (body.password === body.old_password) throw rejected('passwordSameAsOld', 'password')
    const passwordHash = await hashPassword(body.password)
    await deps.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, passwordChangedAt: sql`now()` }).where(eq(users.id, u.id))
      await revokeAllSessions(tx, u.id)
    })
    await audit(deps.db, { userId: u.id, action, result: 'ok', detail: 'all sessions ended', ip })
    return null
  },
})

export const setPayPasswordRoute = defineRoute({
  method: 'POST',
  path: 'user/set_pay_password',
  summary:
    'Sets the trading (withdrawal) password, confirmed by the login password, or changes it, confirmed by the ' +
    'current one (5 wrong tries per 15 min). It must differ from the login password.',
  auth: 'user',
  input: setPayPasswordInput,
  data: z.null(),
  async handler({ body, deps, session, ip, locale }) {
    const u = await me(deps.db, session.userId)
    if (!u.passwordHash) throw rejected('payPasswordNeedsLogin')
    if (body.pay_password !== body.re_pay_password) throw rejected('passwordsDiffer', 're_pay_password')
    const weak = passwordProblem(body.pay_password, namesOf(u))
    if (weak) throw rejected(weak, 'pay_password')
    const first = u.payPasswordHash === null
    const action = first ? 'pay_password_set' : 'pay_password_change'
    const check = { userId: u.id, action, ip, locale } as const
    if (first) {
      if (!body.login_password) throw rejected('loginPasswordRequired', 'login_password')
      await checkSecretLimited(deps.db, { ...check, stored: u.passwordHash, password: body.login_password, wrong: 'loginPasswordWrong', field: 'login_password' })
    } else {
      if (!body.old_pay_password) throw rejected('oldPayPasswordRequired', 'old_pay_password')
      await checkSecretLimited(deps.db, { ...check, stored: u.payPasswordHash!, password: body.old_pay_password, wrong: 'oldPayPasswordWrong', field: 'old_pay_password' })
    }
    if (await checkPassword(u.passwordHash, body.pay_password)) throw rejected('payPasswordSameAsLogin', 'pay_password')
    await deps.db.update(users).set({ payPasswordHash: await hashPassword(body.pay_password) }).where(eq(users.id, u.id))
    await audit(deps.db, { userId: u.id, action, result: 'ok', ip })
    return null
  },
})
