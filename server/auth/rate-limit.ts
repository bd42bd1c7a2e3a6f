/**
 * Rate limits (reliability A1, ASVS 6.3.x): fixed windows counted in `rate_counters`, so every server process on one
 * database shares them. A call reserves one unit in each of its windows with a single upsert per window
 * (`… on conflict do update set count = count + 1 returning count`), which stays exact under concurrency: of N
 * parallel attempts at most `limit` get through. A caller that should count only failures (wrong passwords) gives
 * the unit back on success.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Locale } from '../../common/constants'
import { rateLimited, type DomainError } from '../domain/errors'
import type { Db } from '../db/client'
import { rateCounters } from '../db/schema'

/** One limit: at most `limit` units per fixed window of `windowS` seconds. */
export interface RateRule {
  /** Key prefix, e.g. `login:acct`. */
  name: string
  limit: number
  windowS: number
}

/**
 * The limits of the auth calls. Login failures: 50 per 15 min per client address (the per-account and
 * per-(account, address) limits are in login-throttle.ts, built so a stranger cannot lock the owner out); codes: one per minute and five per hour per address, twenty per
 * hour per client address; wrong old / login / transaction passwords on signed-in calls: 5 per 15 min per user;
 * wallet sign-in messages: 30 per 15 min per client address (each stores a nonce).
 */
export const RATE_RULES = {
  loginIp: { name: 'login:ip', limit: 50, windowS: 900 },
  codeAddressMinute: { name: 'code:addr', limit: 1, windowS: 60 },
  codeAddressHour: { name: 'code:addr', limit: 5, windowS: 3600 },
  codeIp: { name: 'code:ip', limit: 20, windowS: 3600 },
  secretAccount: { name: 'secret:acct', limit: 5, windowS: 900 },
  /**
   * Password-reset attempts per account address a day (issue 24 part 7): with 5 codes an hour, 5 guesses each, a
   * 6-digit code would otherwise fall to 600 guesses a day (a 20 % chance in a year); 10 a day make it 0.4 %.
   */
  resetAddressDay: { name: 'reset:addr', limit: 10, windowS: 86_400 },
  siweNonceIp: { name: 'siwe:ip', limit: 30, windowS: 900 },
  /**
   * Wrong two-factor codes per user (issue 24 part 7), at sign-in, at withdrawal and when turning it on or off: 5 per
   * 15 min. Three codes are right at any moment (TOTP_WINDOW), so 480 guesses a day find one with odds of 0.14 %;
   * only someone who already has the password (or a session) can spend this budget.
   */
  twoFactorAccount: { name: 'totp:acct', limit: 5, windowS: 900 },
} as const satisfies Record<string, RateRule>

/** One unit to take from `rule`'s window for `subject` (an account name, a client address, a user id). */
export interface RateHit {
  rule: RateRule
  subject: string
}

/** Outcome of a reservation: refused with the seconds until the fullest window ends, or granted. */
export type Reservation =
  | { granted: false; retryAfterS: number }
  | {
      granted: true
      /** Gives the units back (the attempt turned out not to count, e.g. a right password). */ release(): Promise<void>
    }

interface Slot {
  key: string
  windowStart: Date
  endsAt: number
}

function slot(hit: RateHit, now: number): Slot {
  const windowMs = hit.rule.windowS * 1000
  const start = Math.floor(now / windowMs) * windowMs
  return {
    key: `${hit.rule.name}:${hit.rule.windowS}:${hit.subject}`,
    windowStart: new Date(start),
    endsAt: start + windowMs,
  }
}

/**
 * Takes one unit from each window of `hits`. When any window is over its limit nothing is kept (the units taken
 * are given back) and the answer says when to retry.
 * @param now ms since the epoch (a parameter so tests can place calls inside one window)
 */
export async function reserve(db: Db, hits: readonly RateHit[], now = Date.now()): Promise<Reservation> {
  const slots = hits.map((h) => slot(h, now))
  const counts: number[] = []
  for (const s of slots) counts.push(await take(db, s))
  const over = slots.filter((_, i) => counts[i]! > hits[i]!.rule.limit)
  const giveBack = () => Promise.all(slots.map((s) => untake(db, s))).then(() => undefined)
  if (over.length > 0) {
    await giveBack()
    return { granted: false, retryAfterS: Math.max(...over.map((s) => Math.ceil((s.endsAt - now) / 1000))) }
  }
  let released = false
  return {
    granted: true,
    release: async () => {
      if (released) return
      released = true
      await giveBack()
    },
  }
}

async function take(db: Db, s: Slot): Promise<number> {
  // Earlier windows of this key are over: drop them so the table keeps one row per active key.
  await db.delete(rateCounters).where(and(eq(rateCounters.key, s.key), lt(rateCounters.windowStart, s.windowStart)))
  const [row] = await db
    .insert(rateCounters)
    .values({ key: s.key, windowStart: s.windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { count: sql`${rateCounters.count} + 1` },
    })
    .returning({ count: rateCounters.count })
  return row!.count
}

async function untake(db: Db, s: Slot): Promise<void> {
  await db
    .update(rateCounters)
    .set({ count: sql`${rateCounters.count} - 1` })
    .where(and(eq(rateCounters.key, s.key), eq(rateCounters.windowStart, s.windowStart), gt(rateCounters.count, 0)))
}

/** Messages of a refusal: sign-in and password attempts, or code requests. */
export type RateLimitMessage = 'tooManyAttempts' | 'tooManyCodes'

/**
 * The refusal of a call over its limit: a `rate_limited` DomainError whose message says when to retry ("in 45
 * seconds", "in 12 minutes", in the caller's language at the edge); the API answers HTTP 429, envelope code 429 and
 * `Retry-After` in whole seconds (server/api/domain-error.ts).
 * @param _locale unused (kept so callers read the same); the edge picks the language
 */
export function rateLimitError(_locale: Locale, key: RateLimitMessage, retryAfterS: number): DomainError {
  return rateLimited(key, retryAfterS)
}
