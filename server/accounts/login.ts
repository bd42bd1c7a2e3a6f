/**
 * Signing in by e-mail or phone and password. An unknown account and a wrong password answer the same message after
 * the same argon2 work (and the same queries). Failures are limited per (account, client address), per client
 * address, and per account for addresses that never signed in to it, with a short backoff rather than a lockout
 * (auth/login-throttle.ts). Each attempt takes its units before the password is checked and a right password gives
 * them back, so the limits count failures only and parallel guessing cannot overshoot them. A successful login does
 * not clear earlier failures, so an attacker cannot reset a budget by timing guesses around the owner's logins.
 * A browser that signed in to the account before presents its device token (`device_token`, auth/login-devices.ts):
 * its failures count against its own budget instead of the account's, so guesses from elsewhere never refuse it.
 * With two-factor authentication on (accounts/two-factor.ts), a right password without `totp_code` is refused under
 * `totp_code` (the units given back: it was no failure), and a wrong code keeps the units like a wrong password.
 */
import { eq } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { loginInput, SessionAnswer } from '../../common/api/account'
import { accountName, findUser } from '../auth/account-name'
import { audit } from '../auth/audit'
import { deviceTokenAfterLogin, knownDevice, LOGIN_DEVICE_RULE } from '../auth/login-devices'
import { isTrustedAddress, LOGIN_PAIR_RULE, takeAccountUnit } from '../auth/login-throttle'
import { checkPassword, hashPassword, needsRehash } from '../auth/passwords'
import { RATE_RULES, rateLimitError, reserve } from '../auth/rate-limit'
import { createSession } from '../auth/sessions'
import { buildUserInfo } from '../auth/user-info'
import { users } from '../db/schema'
import type { ServiceDeps } from '../domain/deps'
import { rejected } from '../domain/errors'
import type { Client } from './client'
import { checkSecondFactor, twoFactorSecret } from './two-factor'

/**
 * Checks the password of `input`'s account and opens a session: a new token and the user info.
 * @throws DomainError bad_input (account field missing), rate_limited `tooManyAttempts` (with retryAfterS),
 *   rejected `loginFailed` naming `password` (unknown account or wrong password alike), rejected `accountDisabled`,
 *   rejected `twoFactorRequired`/`twoFactorWrong`/`twoFactorUsed` naming `totp_code`.
 */
export async function loginWithPassword(
  deps: Pick<ServiceDeps, 'db'>,
  input: z.output<typeof loginInput>,
  client: Pick<Client, 'ip' | 'userAgent' | 'locale'>,
): Promise<SessionAnswer> {
  const { db } = deps
  const { ip, userAgent, locale } = client
  const account = accountName(input, locale)
  const refuse = async (retryAfterS: number) => {
    await audit(db, {
      userId: null,
      action: 'rate_limited',
      result: 'refused',
      detail: `login account=${account.target}`,
      ip,
    })
    return rateLimitError(locale, 'tooManyAttempts', retryAfterS)
  }
  const slot = await reserve(db, [
    { rule: LOGIN_PAIR_RULE, subject: `${account.target} ${ip}` },
    { rule: RATE_RULES.loginIp, subject: ip },
  ])
  if (!slot.granted) throw await refuse(slot.retryAfterS)
  const user = await findUser(db, account)
  // Asked for unknown accounts too (user id 0 has no rows), so both cost the same queries.
  const device = await knownDevice(db, user?.id ?? 0, input.device_token)
  // A browser that signed in before fails against its own budget; past it, the token counts for nothing.
  const deviceSlot = device && (await reserve(db, [{ rule: LOGIN_DEVICE_RULE, subject: device.subject }]))
  const ownDevice = deviceSlot?.granted === true
  const trusted = (await isTrustedAddress(db, user?.id ?? 0, ip)) || ownDevice
  const unit = trusted ? undefined : await takeAccountUnit(db, account.target)
  if (unit && !unit.granted) {
    await slot.release()
    throw await refuse(unit.retryAfterS)
  }
  /** Gives back the units this attempt took: a right password is no failure. */
  const giveBack = async () => {
    await slot.release()
    await unit?.release()
    if (deviceSlot?.granted) await deviceSlot.release()
  }
  const ok = await checkPassword(user?.passwordHash ?? null, input.password)
  if (!user || !ok) {
    const reason = user ? 'wrong password' : 'unknown account'
    await audit(db, {
      userId: user?.id ?? null,
      action: 'login',
      result: 'fail',
      detail: `account=${account.target} reason=${reason}`,
      ip,
    })
    throw rejected('loginFailed', 'password')
  }
  const secret = await twoFactorSecret(db, user.id)
  if (secret && user.status === 'active') {
    if (!input.totp_code) {
      await giveBack()
      throw rejected('twoFactorRequired', 'totp_code')
    }
    // A wrong code throws with the login units still taken (a failure like a wrong password) and its own unit.
    await checkSecondFactor(
      db,
      { userId: user.id, ip, locale },
      {
        secret,
        code: input.totp_code,
        field: 'totp_code',
        recovery: true,
        action: 'login',
      },
    )
  }
  await giveBack()
  if (user.status !== 'active') {
    await audit(db, { userId: user.id, action: 'login', result: 'refused', detail: 'account disabled', ip })
    throw rejected('accountDisabled')
  }
  if (needsRehash(user.passwordHash!)) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id))
  }
  await audit(db, { userId: user.id, action: 'login', result: 'ok', detail: `account=${account.target}`, ip })
  const token = await createSession(db, user.id, { ip, userAgent })
  const deviceToken = await deviceTokenAfterLogin(db, user.id, device, input.device_token)
  return { token, user: (await buildUserInfo(db, user.id))!, device_token: deviceToken }
}
