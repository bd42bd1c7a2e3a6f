/**
 * POST user/login by e-mail or phone and password. An unknown account and a wrong password answer the same message
 * after the same argon2 work. Failures are limited per account and per client address (RATE_RULES): each attempt
 * takes a unit before the password is checked and a right password gives it back, so the windows count failures
 * only and parallel guessing cannot overshoot them. A successful login does not clear earlier failures: the
 * account's budget of wrong guesses per window stays fixed whoever logs in meanwhile (the window itself ends after
 * 15 minutes), so an attacker cannot reset it by timing guesses around the owner's logins.
 */
import { eq } from 'drizzle-orm'
import { loginInput, sessionAnswer } from '../../../common/api/account'
import { accountName, findUser } from '../../auth/account-name'
import { audit } from '../../auth/audit'
import { rejected } from '../../auth/messages'
import { checkPassword, hashPassword, needsRehash } from '../../auth/passwords'
import { RATE_RULES, rateLimitError, reserve } from '../../auth/rate-limit'
import { createSession } from '../../auth/sessions'
import { buildUserInfo } from '../../auth/user-info'
import { users } from '../../db/schema'
import { defineRoute } from '../route'

export const loginRoute = defineRoute({
  method: 'POST',
  path: 'user/login',
  summary:
    'Signs in with e-mail or phone and password: answers a new session token and the user info. 10 failures per ' +
    'account or 50 per client address in 15 minutes: HTTP 429 with Retry-After.',
  input: loginInput,
  data: sessionAnswer,
  async handler({ body, deps, locale, ip, userAgent }) {
    const account = accountName(body, locale)
    const slot = await reserve(deps.db, [
      { rule: RATE_RULES.loginAccount, subject: account.target },
      { rule: RATE_RULES.loginIp, subject: ip },
    ])
    if (!slot.granted) {
      await audit(deps.db, { userId: null, action: 'rate_limited', result: 'refused', detail: `login account=${account.target}`, ip })
      throw rateLimitError(locale, 'tooManyAttempts', slot.retryAfterS)
    }
    const user = await findUser(deps.db, account)
    const ok = await checkPassword(user?.passwordHash ?? null, body.password)
    if (!user || !ok) {
      const reason = user ? 'wrong password' : 'unknown account'
      await audit(deps.db, { userId: user?.id ?? null, action: 'login', result: 'fail', detail: `account=${account.target} reason=${reason}`, ip })
      throw rejected('loginFailed', 'password')
    }
    await slot.release()
    if (user.status !== 'active') {
      await audit(deps.db, { userId: user.id, action: 'login', result: 'refused', detail: 'account disabled', ip })
      throw rejected('accountDisabled')
    }
    if (needsRehash(user.passwordHash!)) {
      await deps.db.update(users).set({ passwordHash: await hashPassword(body.password) }).where(eq(users.id, user.id))
    }
    await audit(deps.db, { userId: user.id, action: 'login', result: 'ok', detail: `account=${account.target}`, ip })
    const token = await createSession(deps.db, user.id, { ip, userAgent })
    return { token, user: (await buildUserInfo(deps.db, user.id))! }
  },
})
