/**
 * Sessions (reliability F6, ASVS 7.x): the client holds an opaque 256-bit random token sent in the `token` header;
 * the database keeps only its SHA-256, so a leaked table does not let anyone in. A session ends at its absolute
 * expiry, after IDLE_MS without use, at logout, or when its user changes password (every session of the user).
 */
import type { Book } from '../../common/api/user-info'
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sessions, users, type Role } from '../db/schema'

/** Idle timeout, ms (7 days: a phone app is opened every few days; ASVS 7.3.1 leaves the figure to the risk). */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000
/** Absolute lifetime from login, ms (30 days, ASVS 7.3.2). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000
/** `last_seen_at` is written at most this often, ms, to keep reads from becoming writes. */
const TOUCH_EVERY_MS = 60_000

/** A resolved session. */
export interface AuthSession {
  sessionId: number
  userId: number
  role: Role
  /** The book the session acts on (assets/demo_enter, demo_exit); every money call uses it. */
  book: Book
}

/** SHA-256 hex of a token (what the table stores). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Starts a session for `userId` and returns its token (43 base64url characters = 256 random bits).
 * @param meta client address and user agent, kept for the user's own session list and the audit trail.
 */
export async function createSession(
  db: Db,
  userId: number,
  meta: { ip: string; userAgent: string },
  now = Date.now(),
): Promise<string> {
  const { token, row } = newSession(userId, meta, now)
  await db.insert(sessions).values(row)
  return token
}

/**
 * A fresh token for `userId` and the `sessions` row that stores it (its hash, both expiries from `now`, ms since the
 * epoch), not yet inserted: createSession inserts one, tests and benches insert thousands in one statement.
 */
export function newSession(
  userId: number,
  meta: { ip: string; userAgent: string },
  now = Date.now(),
): { token: string; row: typeof sessions.$inferInsert } {
  const token = randomBytes(32).toString('base64url')
  return {
    token,
    row: {
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
      lastSeenAt: new Date(now),
      ip: meta.ip,
      userAgent: meta.userAgent,
    },
  }
}

/** The live session of `token`, or null when unknown, revoked, expired, idle too long or its user is disabled. */
export async function resolveSession(db: Db, token: string, now = Date.now()): Promise<AuthSession | null> {
  if (token.length < 20 || token.length > 100) return null
  const live = await liveSession(db, eq(sessions.tokenHash, hashToken(token)), now)
  if (!live) return null
  if (now - live.lastSeenAt > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, live.session.sessionId))
  }
  return live.session
}

/**
 * The live session with row id `sessionId` (the id a signed image URL carries instead of the token), read-only:
 * looking at a picture does not extend a session. Same rules as resolveSession.
 */
export async function resolveSessionById(db: Db, sessionId: number, now = Date.now()): Promise<AuthSession | null> {
  return (await liveSession(db, eq(sessions.id, sessionId), now))?.session ?? null
}

/** The one session matching `where` if it is live (not revoked, within both expiries, user active). */
async function liveSession(
  db: Db,
  where: SQL,
  now: number,
): Promise<{ session: AuthSession; lastSeenAt: number } | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      role: users.role,
      book: sessions.book,
      status: users.status,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(where)
  if (!row || row.revokedAt || row.status !== 'active') return null
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) return null
  return {
    session: { sessionId: row.sessionId, userId: row.userId, role: row.role, book: row.book },
    lastSeenAt: row.lastSeenAt.getTime(),
  }
}

/** Ends one session (logout). Idempotent. */
export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
}

/** A live session of a user as their session list shows it (dates as stored; `userAgent` up to 256 characters). */
export interface LiveSessionRow {
  id: number
  userAgent: string
  ip: string
  createdAt: Date
  lastSeenAt: Date
}

/** What keeps a session of `userId` live at `now` (ms): not revoked, within its absolute and idle expiries. */
function liveOf(userId: number, now: number): SQL {
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, new Date(now)),
    gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
  )!
}

/** The live sessions of `userId` at `now` (ms), most recently used first (then newest). */
export async function listLiveSessions(db: Db, userId: number, now = Date.now()): Promise<LiveSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(liveOf(userId, now))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
}

/**
 * Ends session `sessionId` if it is a live session of `userId` at `now` (ms); false when it is not (unknown, another
 * user's, already revoked or expired): the caller cannot tell these apart, so nothing leaks about other users.
 */
export async function revokeOwnSession(db: Db, userId: number, sessionId: number, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), liveOf(userId, now)))
    .returning({ id: sessions.id })
  return rows.length === 1
}

/** Ends every session of `userId` (password change, ASVS 7.4.3). Returns how many were live. */
export async function revokeAllSessions(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id })
  return rows.length
}
