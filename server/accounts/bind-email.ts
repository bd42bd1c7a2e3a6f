/**
 * A wallet account adds an e-mail (with a bind_email code) and, when it has no login password yet, a password, so it
 * can later sign in by e-mail too. One transaction: the code is used up only if the e-mail is stored.
 */
import { and, eq, isNull } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { bindEmailInput, UserInfo } from '../../common/api/account'
import { audit } from '../auth/audit'
import { checkCode, consumeCode } from '../auth/codes'
import { uniqueViolation } from '../auth/db-errors'
import { passwordProblem } from '../auth/password-policy'
import { hashPassword } from '../auth/passwords'
import { buildUserInfo } from '../auth/user-info'
import { users } from '../db/schema'
import type { ServiceDeps } from '../domain/deps'
import { rejected } from '../domain/errors'

/**
 * Binds `input.email` to `userId`; answers the new user info.
 * @throws DomainError rejected `emailAlreadyBound`, or naming the field: `password`/`re_password` (missing, differ,
 *   weak), `code` (wrong, expired), `email` (`emailInUse`).
 */
export async function bindEmail(
  deps: Pick<ServiceDeps, 'db'>,
  userId: number,
  input: z.output<typeof bindEmailInput>,
  ip: string,
): Promise<UserInfo> {
  const { db } = deps
  const [u] = await db.select().from(users).where(eq(users.id, userId))
  if (!u || u.email) throw rejected('emailAlreadyBound')
  let passwordHash: string | null = null
  if (!u.passwordHash) {
    if (!input.password) throw rejected('passwordRequired', 'password')
    if (input.password !== input.re_password) throw rejected('passwordsDiffer', 're_password')
    const weak = passwordProblem(input.password, [input.email, input.email.split('@')[0], u.walletAddress])
    if (weak) throw rejected(weak, 'password')
    passwordHash = await hashPassword(input.password)
  }
  const code = await checkCode(db, { target: input.email, purpose: 'bind_email' }, input.code)
  if (!code.ok) throw rejected(code.problem, 'code')
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email))
  if (taken) throw rejected('emailInUse', 'email')
  try {
    await db.transaction(async (tx) => {
      if (!(await consumeCode(tx, code.id))) throw rejected('codeExpired', 'code')
      const changed = await tx
        .update(users)
        .set({ email: input.email, ...(passwordHash ? { passwordHash } : {}) })
        .where(and(eq(users.id, u.id), isNull(users.email)))
        .returning({ id: users.id })
      if (changed.length === 0) throw rejected('emailAlreadyBound')
    })
  } catch (err) {
    if (uniqueViolation(err) === 'users_email') throw rejected('emailInUse', 'email')
    throw err
  }
  await audit(db, { userId: u.id, action: 'bind_email', result: 'ok', detail: `email=${input.email}`, ip })
  return (await buildUserInfo(db, u.id))!
}
