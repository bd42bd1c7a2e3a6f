/**
 * The signed-in user's sessions (issue 24 part 7, ASVS 7.5.2): the list of their live sessions with device, address
 * and last use, and ending one of them (another phone signed out, or this one). Ending is audited.
 */
import type { Locale } from '../../common/constants'
import type { SessionList } from '../../common/api/account'
import { audit } from '../auth/audit'
import { listLiveSessions, revokeOwnSession, type AuthSession } from '../auth/sessions'
import { userAgentNames } from '../auth/user-agent'
import { formatUtc } from '../db/announcements'
import type { ServiceDeps } from '../domain/deps'
import { notFound } from '../domain/errors'
import { fillMessage } from '../domain/message'

/** "Chrome on Android" in `locale` from a stored user agent; the one name known, or "Unknown device". */
export function deviceName(locale: Locale, userAgent: string): string {
  const { browser, os } = userAgentNames(userAgent)
  if (browser && os) return fillMessage(locale, 'deviceOn', { browser, os })
  return browser ?? os ?? fillMessage(locale, 'deviceUnknown', {})
}

/**
 * The live sessions of the caller (`session`), most recently used first, each with its device named in `locale`,
 * its address, sign-in and last-use times (`YYYY-MM-DD HH:mm:ss` UTC) and whether it is the calling one.
 */
export async function listSessions(
  { db }: Pick<ServiceDeps, 'db'>,
  session: AuthSession,
  locale: Locale,
  now = Date.now(),
): Promise<SessionList> {
  const rows = await listLiveSessions(db, session.userId, now)
  return {
    list: rows.map((r) => ({
      id: r.id,
      device: deviceName(locale, r.userAgent),
      ip: r.ip,
      created_at: formatUtc(r.createdAt),
      last_used_at: formatUtc(r.lastSeenAt),
      current: r.id === session.sessionId,
    })),
  }
}

/**
 * Ends session `id` of `userId` (its token answers 401 from the next call on); the caller's own one is allowed and
 * signs this device out. Audited as `session_revoke`.
 * @throws DomainError not_found `sessionNotFound` under `id` when `id` is not a live session of `userId`: unknown,
 *   another user's or already ended alike, so the answer says nothing about other users' sessions.
 */
export async function endSession(
  { db }: Pick<ServiceDeps, 'db'>,
  userId: number,
  id: number,
  client: { ip: string },
): Promise<void> {
  if (!(await revokeOwnSession(db, userId, id))) {
    await audit(db, { userId, action: 'session_revoke', result: 'fail', detail: `session=${id}`, ip: client.ip })
    throw notFound('sessionNotFound', 'id')
  }
  await audit(db, { userId, action: 'session_revoke', result: 'ok', detail: `session=${id}`, ip: client.ip })
}
