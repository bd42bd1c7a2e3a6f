/**
 * Device tokens against lockout (issue 24 part 7; OWASP "Slow Down Online Guessing Attacks with Device Cookies"). A
 * stranger guessing from many addresses empties the account's failure bucket (login-throttle.ts), and the owner
 * signing in from a new address (a phone changes address on every train) was then refused for up to 40 s too. Now a
 * browser that signed in to the account with its password holds a device token (a random 256-bit value the app keeps
 * per account; only its SHA-256 is stored, `login_devices`), and a sign-in that presents a valid one for that account:
 *
 * - does not take from the account's bucket, so the stranger's guesses never refuse it;
 * - has a budget of its own, LOGIN_DEVICE_RULE (5 failures per 15 min per token): past it the token counts for
 *   nothing until the window ends (OWASP's "lockout list"), and the browser is limited like any other;
 * - is still under the per-(account, address) and per-address limits.
 *
 * A token is good for DEVICE_TOKEN_DAYS after its last use, and only for the account it was issued to: a token of
 * another account, an unknown or an expired one is as good as none. An account keeps MAX_DEVICES_PER_USER tokens at
 * most, and a password change or reset, a two-factor change or disabling the account forgets them all (forgetDevices):
 * someone who knew the password cannot keep budgets minted meanwhile. Tokens are not sessions: signing out keeps it.
 */
import { and, eq, gt, sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/client'
import { loginDevices } from '../db/schema'
import type { RateRule } from './rate-limit'
import { hashToken } from './sessions'

/** Failures per device token per 15 minutes before it stops counting as the owner's browser. */
export const LOGIN_DEVICE_RULE = { name: 'login:device', limit: 5, windowS: 900 } as const satisfies RateRule
/** A device token unused this long is forgotten. */
export const DEVICE_TOKEN_DAYS = 180
/** Tokens an account keeps at most (the least recently used go first): sign-ins cannot mint budgets without end. */
export const MAX_DEVICES_PER_USER = 10

/** A known device of the account: its row, and the rate-limit subject of its budget. */
export interface KnownDevice {
  id: number
  subject: string
}

/**
 * The device `token` stands for, when it was issued to `userId` and used within DEVICE_TOKEN_DAYS; else undefined.
 * Asked for unknown accounts too (user id 0 has no rows), so a sign-in costs the same queries either way.
 */
export async function knownDevice(db: Db, userId: number, token: string | undefined): Promise<KnownDevice | undefined> {
  if (!token) return undefined
  const hash = hashToken(token)
  const [row] = await db
    .select({ id: loginDevices.id })
    .from(loginDevices)
    .where(
      and(
        eq(loginDevices.tokenHash, hash),
        eq(loginDevices.userId, userId),
        gt(loginDevices.lastUsedAt, sql`now() - make_interval(days => ${DEVICE_TOKEN_DAYS}::int)`),
      ),
    )
  return row ? { id: row.id, subject: hash } : undefined
}

/**
 * After a successful sign-in: the token of `device` (its last use now), or a new token for `userId` when the browser
 * presented none that counts. Answers the token the app keeps.
 */
export async function deviceTokenAfterLogin(
  db: Db,
  userId: number,
  device: KnownDevice | undefined,
  presented: string | undefined,
): Promise<string> {
  if (device && presented) {
    await db
      .update(loginDevices)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(loginDevices.id, device.id))
    return presented
  }
  const token = randomBytes(32).toString('base64url')
  await db.insert(loginDevices).values({ userId, tokenHash: hashToken(token) })
  // Beyond MAX_DEVICES_PER_USER, and expired ones: gone (each token is a budget of its own).
  await db.execute(sql`
    delete from ${loginDevices} where ${loginDevices.userId} = ${userId} and (
      ${loginDevices.lastUsedAt} <= now() - make_interval(days => ${DEVICE_TOKEN_DAYS}::int)
      or ${loginDevices.id} not in (
        select ${loginDevices.id} from ${loginDevices} where ${loginDevices.userId} = ${userId}
        order by ${loginDevices.lastUsedAt} desc, ${loginDevices.id} desc limit ${MAX_DEVICES_PER_USER}))`)
  return token
}

/**
 * Forgets every device token of `userId`: with a password changed or reset, two-factor authentication turned on or
 * off, or the account disabled, tokens minted while someone else knew the password count for nothing (in the caller's
 * transaction when given one). The owner's browsers get a new token at their next sign-in.
 */
export async function forgetDevices(db: Db, userId: number): Promise<void> {
  await db.delete(loginDevices).where(eq(loginDevices.userId, userId))
}
