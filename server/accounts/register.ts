/**
 * Registering an account by e-mail or phone with a code from send_code. Checks run in the order the form shows them
 * (protocol, passwords, invitation, code, account), each with its own message; the account is made in one
 * transaction that also uses up the code, so a refusal stores nothing.
 */
import type * as z from 'zod/mini'
import type { registerInput, SessionAnswer } from '../../common/api/account'
import { accountName, accountNameForms, findUser } from '../auth/account-name'
import { audit } from '../auth/audit'
import { checkCode, consumeCode } from '../auth/codes'
import { insertUser } from '../auth/create-user'
import { uniqueViolation } from '../auth/db-errors'
import { resolveInviter } from '../auth/invite-codes'
import { deviceTokenAfterLogin } from '../auth/login-devices'
import { passwordProblem } from '../auth/password-policy'
import { hashPassword } from '../auth/passwords'
import { createSession } from '../auth/sessions'
import { buildUserInfo } from '../auth/user-info'
import type { ServiceDeps } from '../domain/deps'
import { rejected } from '../domain/errors'
import type { Client } from './client'

/**
 * Creates the account of `input` and signs it in: a new session token and the user info.
 * @throws DomainError bad_input (e-mail / phone missing), rejected naming the field (`agree`, `re_password`,
 *   `password`, `invite_code`, `code`, `email`/`phone` already registered).
 */
export async function registerAccount(
  deps: Pick<ServiceDeps, 'db'>,
  input: z.output<typeof registerInput>,
  client: Pick<Client, 'ip' | 'userAgent' | 'locale'>,
): Promise<SessionAnswer> {
  const { db } = deps
  const { ip, userAgent } = client
  const account = accountName(input, client.locale)
  if (!input.agree) throw rejected('agreeProtocol', 'agree')
  if (input.password !== input.re_password) throw rejected('passwordsDiffer', 're_password')
  const weak = passwordProblem(input.password, accountNameForms(account))
  if (weak) throw rejected(weak, 'password')
  const invite = await resolveInviter(db, input.invite_code)
  if ('problem' in invite) throw rejected(invite.problem, 'invite_code')
  const code = await checkCode(db, { target: account.target, purpose: 'register' }, input.code)
  if (!code.ok) throw rejected(code.problem, 'code')
  const duplicate = account.type === 'email' ? 'emailRegistered' : 'phoneRegistered'
  if (await findUser(db, account)) throw rejected(duplicate, account.type)

  const passwordHash = await hashPassword(input.password)
  let userId: number
  try {
    userId = await db.transaction(async (tx) => {
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
  await audit(db, { userId, action: 'register', result: 'ok', detail: `account=${account.target}`, ip })
  const token = await createSession(db, userId, { ip, userAgent })
  // The browser that created the account signs in to it later with its own failure budget (auth/login-devices.ts).
  const deviceToken = await deviceTokenAfterLogin(db, userId, undefined, undefined)
  return { token, user: (await buildUserInfo(db, userId))!, device_token: deviceToken }
}
