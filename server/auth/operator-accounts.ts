/**
 * What operators do to accounts, shared by `npm run admin` and `/api/admin/*`: create an operator (or promote an
 * existing user), disable or re-enable a user (disabling ends every session at once), and list users. Each change
 * goes to the audit log with who made it (reliability S3). There is no default operator (ASVS 6.3.2): the first one
 * is made with the CLI on the server's machine.
 */
import { desc, eq, ilike, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { audit } from './audit'
import { insertUser } from './create-user'
import { uniqueViolation } from './db-errors'
import { passwordProblem, type PasswordProblem } from './password-policy'
import { hashPassword } from './passwords'
import { forgetDevices } from './login-devices'
import { revokeAllSessions } from './sessions'

/** A row of `users` as stored. */
export type UserRow = typeof users.$inferSelect

/** Who makes a change: the CLI on the server's machine, or an operator's session (user id, client address). */
export type Actor = { kind: 'cli' } | { kind: 'operator'; userId: number; ip: string }

/** Why a change was refused: a server message key (translated for API callers, English on the CLI). */
export type OperatorAccountsProblem = 'userNotFound' | 'emailInUse' | 'cannotDisableSelf' | PasswordProblem

/** A refused change; `key` says why, `userId` names the account that is in the way, when there is one. */
export class OperatorAccountsError extends Error {
  override name = 'OperatorAccountsError'
  constructor(
    readonly key: OperatorAccountsProblem,
    readonly userId?: number,
  ) {
    super(key)
  }
}

function by(actor: Actor): { detail: string; ip: string } {
  return actor.kind === 'cli' ? { detail: 'by CLI', ip: '' } : { detail: `by operator #${actor.userId}`, ip: actor.ip }
}

/**
 * Creates an operator account signing in with `email` and `password` (the policy of every password applies).
 * @returns the new account's id
 * @throws OperatorAccountsError `emailInUse` (with the existing account's id), or the password's problem
 */
export async function createOperator(db: Db, email: string, password: string, actor: Actor): Promise<number> {
  const weak = passwordProblem(password, [email, email.split('@')[0]])
  if (weak) throw new OperatorAccountsError(weak)
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (existing) throw new OperatorAccountsError('emailInUse', existing.id)
  let id: number
  try {
    id = await insertUser(db, { email, passwordHash: await hashPassword(password), role: 'operator' })
  } catch (err) {
    if (uniqueViolation(err) === 'users_email') throw new OperatorAccountsError('emailInUse')
    throw err
  }
  await audit(db, { userId: id, action: 'operator_create', result: 'ok', ...by(actor) })
  return id
}

/**
 * Makes the existing user with `email` an operator; their password and sessions stay as they are.
 * @returns that user's id
 * @throws OperatorAccountsError `userNotFound`
 */
export async function promoteOperator(db: Db, email: string, actor: Actor): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ role: 'operator' })
    .where(eq(users.email, email))
    .returning({ id: users.id })
  if (!row) throw new OperatorAccountsError('userNotFound')
  await audit(db, { userId: row.id, action: 'operator_promote', result: 'ok', ...by(actor) })
  return row.id
}

/**
 * Disables (sign-ins refused, every session ended) or re-enables user `id`. An operator cannot disable their own
 * account, so the console always keeps one way back in.
 * @returns how many sessions ended (0 when enabling)
 * @throws OperatorAccountsError `userNotFound`, `cannotDisableSelf`
 */
export async function setUserStatus(db: Db, id: number, status: 'active' | 'disabled', actor: Actor): Promise<number> {
  if (status === 'disabled' && actor.kind === 'operator' && actor.userId === id)
    throw new OperatorAccountsError('cannotDisableSelf')
  const changed = await db.update(users).set({ status }).where(eq(users.id, id)).returning({ id: users.id })
  if (changed.length === 0) throw new OperatorAccountsError('userNotFound')
  if (status === 'disabled') await forgetDevices(db, id)
  const ended = status === 'disabled' ? await revokeAllSessions(db, id) : 0
  await audit(db, {
    userId: id,
    action: status === 'disabled' ? 'user_disable' : 'user_enable',
    result: 'ok',
    ...by(actor),
  })
  return ended
}

/**
 * Newest users first.
 * @param opts.q part of the e-mail, phone number, wallet address or invitation code (case-insensitive); '' = all
 * @param opts.limit at most this many rows
 */
export async function listUsers(db: Db, opts: { q?: string; limit: number }): Promise<UserRow[]> {
  const q = opts.q?.trim() ?? ''
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db
    .select()
    .from(users)
    .where(
      q
        ? or(
            ilike(users.email, pattern),
            ilike(users.phone, pattern),
            ilike(users.walletAddress, pattern),
            ilike(users.inviteCode, pattern),
          )
        : undefined,
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(opts.limit)
}
