/**
 * Changing secrets of a signed-in user: the login password (user/change_password, which then ends every session
 * of the user, ASVS 7.4.3) and the trading password (user/set_pay_password). Each change asks for a secret the user
 * already has, checked under the per-user attempt window.
 */
import { eq, sql } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { changePasswordInput, setPayPasswordInput } from '../../common/api/account'
import { audit } from '../auth/audit'
import { forgetDevices } from '../auth/login-devices'
import { passwordProblem } from '../auth/password-policy'
import { checkPassword, hashPassword } from '../auth/passwords'
import { checkSecretLimited } from '../auth/secret-check'
import { revokeAllSessions } from '../auth/sessions'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import type { ServiceDeps } from '../domain/deps'
import { rejected } from '../domain/errors'
import type { Client } from './client'

/** The signed-in user's row (a session exists only for an existing user: users cascade to sessions). */
async function me(db: Db, userId: number) {
  const [u] = await db.select().from(users).where(eq(users.id, userId))
  return u!
}

/** Names a new password must not equal: the account's e-mail, phone (with and without area code) and wallet. */
export function namesOf(u: typeof users.$inferSelect): string[] {
  return [u.email, u.phone, u.areaCode && u.phone ? `+${u.areaCode}${u.phone}` : null, u.walletAddress].filter(
    (n): n is string => !!n,
  )
}

/**
 * Changes the login password of `userId` (old one required; 5 wrong tries per 15 min) and ends every session of the
 * user, the caller's included.
 * @throws DomainError rejected `noLoginPassword`, or naming the field (`re_password`, `password` weak or same as
 *   old, `old_password` wrong); rate_limited `tooManyAttempts` after too many wrong old passwords.
 */
export async function changePassword(
  { db }: Pick<ServiceDeps, 'db'>,
  userId: number,
  input: z.output<typeof changePasswordInput>,
  { ip, locale }: Pick<Client, 'ip' | 'locale'>,
): Promise<void> {
  const u = await me(db, userId)
  if (!u.passwordHash) throw rejected('noLoginPassword')
  if (input.password !== input.re_password) throw rejected('passwordsDiffer', 're_password')
  const weak = passwordProblem(input.password, namesOf(u))
  if (weak) throw rejected(weak, 'password')
  const action = 'password_change'
  await checkSecretLimited(db, {
    userId: u.id,
    stored: u.passwordHash,
    password: input.old_password,
    wrong: 'oldPasswordWrong',
    field: 'old_password',
    action,
    ip,
    locale,
  })
  if (input.password === input.old_password) throw rejected('passwordSameAsOld', 'password')
  const passwordHash = await hashPassword(input.password)
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(eq(users.id, u.id))
    await revokeAllSessions(tx, u.id)
    await forgetDevices(tx, u.id)
  })
  await audit(db, { userId: u.id, action, result: 'ok', detail: 'all sessions ended', ip })
}

/**
 * Sets the trading password of `userId`, confirmed by the login password, or changes it, confirmed by the current one
 * (5 wrong tries per 15 min). It must differ from the login password.
 * @throws DomainError rejected `payPasswordNeedsLogin`, or naming the field (`re_pay_password`, `pay_password`,
 *   `login_password`, `old_pay_password`); rate_limited `tooManyAttempts`.
 */
export async function setPayPassword(
  { db }: Pick<ServiceDeps, 'db'>,
  userId: number,
  input: z.output<typeof setPayPasswordInput>,
  { ip, locale }: Pick<Client, 'ip' | 'locale'>,
): Promise<void> {
  const u = await me(db, userId)
  if (!u.passwordHash) throw rejected('payPasswordNeedsLogin')
  if (input.pay_password !== input.re_pay_password) throw rejected('passwordsDiffer', 're_pay_password')
  const weak = passwordProblem(input.pay_password, namesOf(u))
  if (weak) throw rejected(weak, 'pay_password')
  const first = u.payPasswordHash === null
  const action = first ? 'pay_password_set' : 'pay_password_change'
  const check = { userId: u.id, action, ip, locale } as const
  if (first) {
    if (!input.login_password) throw rejected('loginPasswordRequired', 'login_password')
    await checkSecretLimited(db, {
      ...check,
      stored: u.passwordHash,
      password: input.login_password,
      wrong: 'loginPasswordWrong',
      field: 'login_password',
    })
  } else {
    if (!input.old_pay_password) throw rejected('oldPayPasswordRequired', 'old_pay_password')
    await checkSecretLimited(db, {
      ...check,
      stored: u.payPasswordHash!,
      password: input.old_pay_password,
      wrong: 'oldPayPasswordWrong',
      field: 'old_pay_password',
    })
  }
  if (await checkPassword(u.passwordHash, input.pay_password)) throw rejected('payPasswordSameAsLogin', 'pay_password')
  await db
    .update(users)
    .set({ payPasswordHash: await hashPassword(input.pay_password) })
    .where(eq(users.id, u.id))
  await audit(db, { userId: u.id, action, result: 'ok', ip })
}
