/**
 * Password sign-in limits that an attacker cannot turn against the owner (OWASP Authentication Cheat Sheet,
 * "Account Lockout": a lockout any stranger can trigger is itself a denial of service; OWASP "Slow Down Online
 * Guessing Attacks with Device Cookies": limit untrusted clients, not the account's known ones). Three limits:
 *
 * - per (account, client address): 5 failures per 15 minutes, then 429 until the window ends. Only this address is
 *   refused, so guessing from many addresses cannot lock the owner's own.
 * - per client address: 50 failures per 15 minutes across accounts (RATE_RULES.loginIp).
 * - per account, for addresses that never signed in to it: a burst of ACCOUNT_BURST failures, then one failure per
 *   ACCOUNT_INTERVAL_S (generic cell rate algorithm, GCRA). At most 10 + 3600/40 = 100 failures in any hour (ASVS
 *   4.0 V2.2.1: no more than 100 failed attempts per hour on one account), and the refusal lasts at most 40 s: the
 *   owner on a new address is slowed, never locked out for long. An address that signed in to the account within
 *   TRUSTED_ADDRESS_DAYS (login, wallet sign-in or registration in the audit log) is exempt from this one.
 *
 * The account bucket lives in `rate_counters` as one row per account (`window_start` fixed at the epoch) whose
 * `count` is the bucket's theoretical arrival time in seconds since GCRA_EPOCH_S; one conditional UPDATE takes a
 * unit, so parallel guesses cannot overshoot it.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { auditLog, rateCounters } from '../db/schema'
import type { RateRule } from './rate-limit'

/** Failures per (account, address) per 15 minutes before that pair is refused. */
export const LOGIN_PAIR_RULE = { name: 'login:pair', limit: 5, windowS: 900 } as const satisfies RateRule
/** Failures an untrusted address may add to an account at once. */
export const ACCOUNT_BURST = 10
/** Then one failure per this many seconds (10 + 3600/40 = 100 per hour at most). */
export const ACCOUNT_INTERVAL_S = 40
/** A successful sign-in from an address makes it trusted for the account this long. */
export const TRUSTED_ADDRESS_DAYS = 30
/** Start of the seconds counted in the bucket row (2025-01-01 UTC), so they fit an int4 until 2093. */
const GCRA_EPOCH_S = 1_735_689_600
const FIXED_WINDOW = new Date(0)

/** Whether `ip` signed in to (or registered) `userId` within TRUSTED_ADDRESS_DAYS. */
export async function isTrustedAddress(db: Db, userId: number, ip: string): Promise<boolean> {
  // The database's clock, which wrote the audit rows' created_at.
  const since = sql`now() - make_interval(days => ${TRUSTED_ADDRESS_DAYS}::int)`
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.userId, userId),
        eq(auditLog.ip, ip),
        eq(auditLog.result, 'ok'),
        inArray(auditLog.action, ['login', 'siwe_login', 'register']),
        gt(auditLog.createdAt, since),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** A unit of the account bucket: taken (give it back on a right password) or refused with the seconds to wait. */
export type AccountUnit = { granted: true; release(): Promise<void> } | { granted: false; retryAfterS: number }

const keyOf = (account: string) => `login:acct-gcra:${account}`

/** Takes one failure unit of `account`'s bucket (see the module comment). */
export async function takeAccountUnit(db: Db, account: string, now = Date.now()): Promise<AccountUnit> {
  const key = keyOf(account)
  const nowS = Math.floor(now / 1000) - GCRA_EPOCH_S
  const tryUpdate = async () => {
    const next = sql`greatest(${rateCounters.count}, ${nowS}::int) + ${ACCOUNT_INTERVAL_S}::int`
    const rows = await db
      .update(rateCounters)
      .set({ count: next })
      .where(
        and(
          eq(rateCounters.key, key),
          eq(rateCounters.windowStart, FIXED_WINDOW),
          sql`${next} <= ${nowS + ACCOUNT_BURST * ACCOUNT_INTERVAL_S}::int`,
        ),
      )
      .returning({ tat: rateCounters.count })
    return rows.length === 1
  }
  let granted = await tryUpdate()
  if (!granted) {
    const inserted = await db
      .insert(rateCounters)
      .values({ key, windowStart: FIXED_WINDOW, count: nowS + ACCOUNT_INTERVAL_S })
      .onConflictDoNothing({ target: [rateCounters.key, rateCounters.windowStart] })
      .returning({ tat: rateCounters.count })
    // Someone else made the row between our update and insert: the update decides.
    granted = inserted.length === 1 || (await tryUpdate())
  }
  if (granted) {
    let released = false
    return {
      granted: true,
      release: async () => {
        if (released) return
        released = true
        await db
          .update(rateCounters)
          .set({ count: sql`${rateCounters.count} - ${ACCOUNT_INTERVAL_S}::int` })
          .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, FIXED_WINDOW)))
      },
    }
  }
  const [row] = await db
    .select({ tat: rateCounters.count })
    .from(rateCounters)
    .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, FIXED_WINDOW)))
  // Allowed again once tat + interval - burst * interval <= now.
  const wait = (row?.tat ?? nowS) + ACCOUNT_INTERVAL_S - ACCOUNT_BURST * ACCOUNT_INTERVAL_S - nowS
  return { granted: false, retryAfterS: Math.max(1, wait) }
}
