/**
 * Checking a password the signed-in user types to confirm a change (old login password, login password, old
 * trading password) under the per-user window RATE_RULES.secretAccount: a stolen session cannot guess them.
 */
import { randomBytes } from 'node:crypto'
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { Locale } from '../../common/constants'
import type { ServerMessageKey } from '../content/server-messages'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { audit, type AuditAction } from './audit'
import { rejected } from './messages'
import { checkPassword } from './passwords'
import { RATE_RULES, rateLimitError, reserve } from './rate-limit'

/** One check. */
export interface SecretCheck {
  userId: number
  /** The stored argon2id hash. */
  stored: string
  password: string
  /** Message when wrong. */
  wrong: ServerMessageKey
  /** The input holding the password, named in the refusal. */
  field?: string
  /** Audit action of the change this check guards. */
  action: AuditAction
  ip: string
  locale: Locale
}

/** Most checks of one user waiting in this process; past it a check is refused as too many attempts at once. */
export const SECRET_QUEUE_MAX = 10_000

/** How long a password found right for a stored hash is taken as right again without hashing, ms. */
export const VERIFIED_TTL_MS = 60_000
/** Most remembered verifications in this process (the oldest is forgotten first). */
export const VERIFIED_MAX = 10_000

/**
 * Recent successful checks: HMAC-SHA-256 under a key made at start (never stored) of (user, stored hash, password)
 * → when it expires (epoch ms). Argon2id is made to take tens of milliseconds per check, so a burst of a user's
 * confirmed calls (2,000 withdrawals fired at once, each with the trading password) would queue for minutes behind
 * it; one verification then serves the burst. Nothing weakens: a hit needs the very password that was just proved
 * right for the very hash stored (a password change makes a new hash, so the old password misses at once), wrong
 * guesses are never remembered and still cost a hash and a unit of the window, and neither passwords nor hashes are
 * kept, only keyed digests that are useless outside this process.
 */
const verified = new Map<string, number>()
const verifiedKey = randomBytes(32)

function verifiedDigest(c: Pick<SecretCheck, 'userId' | 'stored' | 'password'>): string {
  return bytesToHex(hmac(sha256, verifiedKey, utf8ToBytes(`${c.userId}\u0000${c.stored}\u0000${c.password}`)))
}

function recentlyVerified(digest: string, now: number): boolean {
  const until = verified.get(digest)
  if (until === undefined) return false
  if (until > now) return true
  verified.delete(digest)
  return false
}

function rememberVerified(digest: string, now: number): void {
  verified.delete(digest)
  verified.set(digest, now + VERIFIED_TTL_MS)
  // Map keeps insertion order: the first entries are the oldest.
  for (const k of verified.keys()) {
    if (verified.size <= VERIFIED_MAX) break
    verified.delete(k)
  }
}

/** Forgets every remembered verification (tests). */
export function forgetVerified(): void {
  verified.clear()
}

/** The tail of each user's queue of checks (in this process). */
const queues = new Map<number, { tail: Promise<unknown>; waiting: number }>()

/**
 * Runs the checks of one user one after another. Each check holds one unit of the user's window while it verifies;
 * without the queue, parallel calls with the right password (1,000 withdrawals fired at once) would hold more units
 * than the window has and be refused, and serializing is what keeps parallel wrong guesses within the window too.
 * Several server processes each keep their own queue, so a user's checks overlap at most once per process.
 */
function oneAtATime<T>(userId: number, check: () => Promise<T>): Promise<T> {
  const queue = queues.get(userId) ?? { tail: Promise.resolve(), waiting: 0 }
  if (queue.waiting >= SECRET_QUEUE_MAX) return Promise.reject(rateLimitError('en', 'tooManyAttempts', 1))
  queue.waiting++
  const run = queue.tail.then(check, check)
  queue.tail = run.then(
    () => undefined,
    () => undefined,
  )
  queues.set(userId, queue)
  void queue.tail.then(() => {
    if (--queue.waiting === 0 && queues.get(userId) === queue) queues.delete(userId)
  })
  return run
}

/**
 * Passes when `password` matches; a match gives its rate-limit unit back, so only wrong tries count. Checks of one
 * user run one at a time (oneAtATime); the same right password for the same stored hash within VERIFIED_TTL_MS
 * passes without hashing again.
 * @throws ApiError 429 'tooManyAttempts' when the user's window is spent, `wrong` when it does not match
 */
export function checkSecretLimited(db: Db, c: SecretCheck): Promise<void> {
  return oneAtATime(c.userId, () => checkNow(db, c))
}

async function checkNow(db: Db, c: SecretCheck): Promise<void> {
  const digest = verifiedDigest(c)
  if (recentlyVerified(digest, Date.now())) return
  const slot = await reserve(db, [{ rule: RATE_RULES.secretAccount, subject: String(c.userId) }])
  if (!slot.granted) {
    await audit(db, { userId: c.userId, action: 'rate_limited', result: 'refused', detail: c.action, ip: c.ip })
    throw rateLimitError(c.locale, 'tooManyAttempts', slot.retryAfterS)
  }
  if (!(await checkPassword(c.stored, c.password))) {
    await audit(db, { userId: c.userId, action: c.action, result: 'fail', detail: String(c.wrong), ip: c.ip })
    throw rejected(c.wrong, c.field)
  }
  rememberVerified(digest, Date.now())
  await slot.release()
}

/**
 * Confirms a change of `userId`'s security settings with their login password, when the account has one (a
 * wallet-only account has none and passes), under the same per-user window as checkSecretLimited: a stolen session
 * without the password cannot make the change. Used by two-factor enrolment and the anti-phishing code.
 * @throws DomainError rejected `loginPasswordRequired`/`loginPasswordWrong` naming `password`; 429 `tooManyAttempts`
 */
export async function confirmLoginPassword(
  db: Db,
  c: { userId: number; password: string | undefined; action: AuditAction; ip: string; locale: Locale },
): Promise<void> {
  const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, c.userId))
  if (!u?.hash) return
  if (!c.password) throw rejected('loginPasswordRequired', 'password')
  await checkSecretLimited(db, {
    ...c,
    stored: u.hash,
    password: c.password,
    wrong: 'loginPasswordWrong',
    field: 'password',
  })
}
