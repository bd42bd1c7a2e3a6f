/**
 * POST user/login by e-mail or phone and password. An unknown account and a wrong password answer the same message
 * after the same argon2 work (and the same queries). Failures are limited per (account, client address), per client
 * address, and per account for addresses that never signed in to it, with a short backoff rather than a lockout
 * (auth/login-throttle.ts). Each attempt takes its units before the password is checked and a right password gives
 * them back, so the limits count failures only and parallel guessing cannot overshoot them. A successful login does
 * not clear earlier failures, so an attacker cannot reset a budget by timing guesses around the owner's logins.
 * The client address is the socket peer unless TRUST_PROXY names the proxy in front (config.ts).
 */
import { loginInput, sessionAnswer } from '../../../common/api/account'
import { loginWithPassword } from '../../accounts/login'
import { defineRoute } from '../route'

export const loginRoute = defineRoute({
  method: 'POST',
  path: 'user/login',
  summary:
    'Signs in with e-mail or phone and password: answers a new session token and the user info. 5 failures per ' +
    'account and client address or 50 per client address in 15 minutes; per account from addresses that never ' +
    'signed in to it, 10 then one per 40 s: HTTP 429 with Retry-After. A browser that presents the device_token an ' +
    'earlier sign-in to the account gave it is exempt from the per-account limit and has 5 failures per 15 minutes ' +
    'of its own. Answers the device_token to keep.',
  input: loginInput,
  data: sessionAnswer,
  handler: ({ body, deps, locale, ip, userAgent }) => loginWithPassword(deps, body, { ip, userAgent, locale }),
})
