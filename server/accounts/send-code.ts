/**
 * Sending a 6-digit code to an e-mail (or a phone by SMS) for registering, for adding an e-mail to a wallet account,
 * or for resetting a forgotten password. Limited per client address (twenty an hour) and per address (one a minute,
 * five an hour). For register, an address that already has an account gets the same answer, the same limits and the
 * same work (a code is made and stored hashed, so resend timing matches too), but its message says "you already
 * have an account" instead of carrying the code; for reset_password, the other way round: an address no account
 * uses is told so instead of getting a code. The answer never tells a stranger which addresses are registered.
 */
import { eq } from 'drizzle-orm'
import type * as z from 'zod/mini'
import { CODE_RESEND_S, CODE_TTL_S, type sendCodeAnswer, type sendCodeInput } from '../../common/api/account'
import type { Locale } from '../../common/constants'
import { accountName, findUser, maskedAccount, type AccountName } from '../auth/account-name'
import { audit } from '../auth/audit'
import {
  codeMessage,
  noAccountMessage,
  registeredMessage,
  resetCodeMessage,
  withAntiPhishing,
} from '../auth/code-message'
import { deleteCode, issueCode, lastCodeAt } from '../auth/codes'
import { createMessenger } from '../auth/messenger'
import { RATE_RULES, rateLimitError, reserve, type RateHit } from '../auth/rate-limit'
import type { Db } from '../db/client'
import { users, type CodePurpose } from '../db/schema'
import { readSettings } from '../db/settings'
import { nowOf, type ServiceDeps } from '../domain/deps'
import { rejected } from '../domain/errors'
import type { Client } from './client'

/**
 * Sends a code for `input.purpose` to `input`'s address, written in the caller's language; answers where it went
 * (masked) and when it may be asked again. `userId` is the signed-in caller (required for bind_email: the route
 * answers 401 before calling without one).
 * @throws DomainError bad_input (address field missing), rejected (`bindEmailNeedsEmail`, `emailAlreadyBound`,
 *   `emailInUse` naming `email`, `codeSendFailed`), rate_limited `tooManyCodes` (with retryAfterS).
 */
export async function sendCode(
  deps: Pick<ServiceDeps, 'db' | 'log' | 'sms' | 'smtpUrl' | 'now'>,
  input: Omit<z.output<typeof sendCodeInput>, 'purpose'> & { purpose: CodePurpose },
  { ip, locale, userId }: Pick<Client, 'ip' | 'locale'> & { userId: number | null },
): Promise<z.output<typeof sendCodeAnswer>> {
  const { db } = deps
  const account = accountName(input, locale)
  if (input.purpose === 'bind_email') {
    if (userId === null) throw new Error('send_code for bind_email needs a signed-in caller')
    if (account.type !== 'email') throw rejected('bindEmailNeedsEmail')
    const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
    if (me?.email) throw rejected('emailAlreadyBound')
  }
  const now = nowOf(deps).getTime()
  // The client-address window first: it also bounds probing which addresses are registered.
  await limit(db, [{ rule: RATE_RULES.codeIp, subject: ip }], account, ip, locale, now)
  const owner = await findUser(db, account)
  if (owner && input.purpose === 'bind_email') {
    throw rejected(owner.id === userId ? 'emailAlreadyBound' : 'emailInUse', 'email')
  }
  const giveBack = await limitPerAddress(db, account, ip, locale, now)

  const issued = await issueCode(db, { channel: account.channel, target: account.target, purpose: input.purpose }, now)
  const { site_name } = await readSettings(db)
  const message =
    input.purpose === 'reset_password'
      ? owner
        ? resetCodeMessage(locale, account, site_name, issued.code)
        : noAccountMessage(locale, account, site_name)
      : owner && input.purpose === 'register'
        ? registeredMessage(locale, account, site_name)
        : codeMessage(locale, account, site_name, issued.code)
  // Only to an account's own address (a bind_email code goes to an address that is not the caller's yet).
  const phrase = owner && input.purpose !== 'bind_email' ? owner.antiPhishing : null
  const delivery = await createMessenger(deps).send(withAntiPhishing(locale, message, phrase))
  if (delivery.status === 'failed') {
    // Nobody received this code: forget it and its units, so asking again at once is not refused as a resend.
    await deleteCode(db, issued.id)
    await giveBack()
    throw rejected('codeSendFailed')
  }
  return { sent_to: maskedAccount(account), resend_after_s: CODE_RESEND_S, expires_in_s: CODE_TTL_S }
}

/**
 * One code per CODE_RESEND_S per address, measured from the last code (so the answer's `resend_after_s` is exact),
 * plus the fixed windows per address, which also hold under concurrent requests.
 * @throws DomainError rate_limited 'tooManyCodes' with retryAfterS
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
  return () => r.release()
}

async function refuse(db: Db, account: AccountName, ip: string, locale: Locale, retryAfterS: number): Promise<never> {
  await audit(db, {
    userId: null,
    action: 'rate_limited',
    result: 'refused',
    detail: `send_code to=${account.target}`,
    ip,
  })
  throw rateLimitError(locale, 'tooManyCodes', retryAfterS)
}
