/**
 * POST user/send_code: a 6-digit code to an e-mail (or a phone by SMS) for registering or for adding an e-mail to a
 * wallet account. Limited per client address (twenty an hour) and per address (one a minute, five an hour).
 */
import { eq } from 'drizzle-orm'
import { CODE_RESEND_S, CODE_TTL_S, sendCodeAnswer, sendCodeInput } from '../../../common/api/account'
import { CODE_UNAUTHORIZED, type Locale } from '../../../common/constants'
import { accountName, findUser, maskedAccount, type AccountName } from '../../auth/account-name'
import { audit } from '../../auth/audit'
import { codeMessage } from '../../auth/code-message'
import { deleteCode, issueCode, lastCodeAt } from '../../auth/codes'
import { rejected } from '../../auth/messages'
import { createMessenger } from '../../auth/messenger'
import { RATE_RULES, rateLimitError, reserve, type RateHit } from '../../auth/rate-limit'
import type { Db } from '../../db/client'
import { users } from '../../db/schema'
import { readSettings } from '../../db/settings'
import { ApiError } from '../api-error'
import { defineRoute } from '../route'

export const sendCodeRoute = defineRoute({
  method: 'POST',
  path: 'user/send_code',
  summary:
    'Sends a 6-digit verification code (valid 10 min) to an e-mail or phone, for register or bind_email (signed in). ' +
    'One per minute and five per hour per address: HTTP 429 with Retry-After beyond that.',
  input: sendCodeInput,
  data: sendCodeAnswer,
  async handler({ body, deps, locale, ip, session }) {
    const account = accountName(body, locale)
    if (body.purpose === 'bind_email') {
      if (!session) throw new ApiError(CODE_UNAUTHORIZED, 'unauthorized', undefined, null, 401)
      if (account.type !== 'email') throw rejected('bindEmailNeedsEmail')
      const [me] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, session.userId))
      if (me?.email) throw rejected('emailAlreadyBound')
    }
    const now = Date.now()
    // The client-address window first: it also bounds probing which addresses are registered.
    await limit(deps.db, [{ rule: RATE_RULES.codeIp, subject: ip }], account, ip, locale, now)
    const owner = await findUser(deps.db, account)
    if (owner && body.purpose === 'register') {
      throw rejected(account.type === 'email' ? 'emailRegistered' : 'phoneRegistered', account.type)
    }
    if (owner && body.purpose === 'bind_email') {
      throw rejected(owner.id === session?.userId ? 'emailAlreadyBound' : 'emailInUse', 'email')
    }
    const giveBack = await limitPerAddress(deps.db, account, ip, locale, now)

    const issued = await issueCode(deps.db, { channel: account.channel, target: account.target, purpose: body.purpose }, now)
    const { site_name } = await readSettings(deps.db)
    const delivery = await createMessenger(deps).send(codeMessage(locale, account, site_name, issued.code))
    if (delivery.status === 'failed') {
      // Nobody received this code: forget it and its units, so asking again at once is not refused as a resend.
      await deleteCode(deps.db, issued.id)
      await giveBack()
      throw rejected('codeSendFailed')
    }
    return { sent_to: maskedAccount(account), resend_after_s: CODE_RESEND_S, expires_in_s: CODE_TTL_S }
  },
})

/**
 * One code per CODE_RESEND_S per address, measured from the last code (so the answer's `resend_after_s` is exact),
 * plus the fixed windows per address, which also hold under concurrent requests.
 * @throws ApiError 429 'tooManyCodes' with Retry-After
 */
async function limitPerAddress(
  db: Db,
  account: AccountName,
  ip: string,
  locale: Locale,
  now: number,
): Promise<() => Promise<void>> {
  const last = await lastCodeAt(db, account.target)
  const wait = last === null ? 0 : Math.ceil((last + CODE_RESEND_S * 1000 - now) / 1000)
  if (wait > 0) await refuse(db, account, ip, locale, wait)
  const hits = [
    { rule: RATE_RULES.codeAddressMinute, subject: account.target },
    { rule: RATE_RULES.codeAddressHour, subject: account.target },
  ]
  return limit(db, hits, account, ip, locale, now)
}

/** Takes a unit of each window in `hits` (answering how to give them back), or refuses. */
async function limit(
  db: Db,
  hits: RateHit[],
  account: AccountName,
  ip: string,
  locale: Locale,
  now: number,
): Promise<() => Promise<void>> {
  const r = await reserve(db, hits, now)
  if (!r.granted) return refuse(db, account, ip, locale, r.retryAfterS)
  return r.release
}

async function refuse(db: Db, account: AccountName, ip: string, locale: Locale, retryAfterS: number): Promise<never> {
  await audit(db, { userId: null, action: 'rate_limited', result: 'refused', detail: `send_code to=${account.target}`, ip })
  throw rateLimitError(locale, 'tooManyCodes', retryAfterS)
}
