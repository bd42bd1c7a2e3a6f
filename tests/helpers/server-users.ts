/**
 * Users and operators with a live session, made straight in the database so suites do not depend on the sign-up
 * flow (which has its own suites).
 */
import { randomBytes } from 'node:crypto'
import { createSession, newSession, resolveSession } from '../../server/auth/sessions'
import type { Db } from '../../server/db/client'
import { sessions, users } from '../../server/db/schema'

export interface TestUser {
  id: number
  token: string
  sessionId: number
  email: string
}

/** A user (or operator) with one live session. */
export async function makeUser(db: Db, role: 'user' | 'operator' = 'user'): Promise<TestUser> {
  const email = `${role}-${randomBytes(4).toString('hex')}@example.com`
  const [row] = await db
    .insert(users)
    .values({ email, inviteCode: randomBytes(4).toString('hex').toUpperCase(), role })
    .returning({ id: users.id })
  const token = await createSession(db, row!.id, { ip: '127.0.0.1', userAgent: 'vitest' })
  const session = await resolveSession(db, token)
  return { id: row!.id, token, sessionId: session!.sessionId, email }
}

/** Rows per insert statement in `makeUsers` (PostgreSQL binds at most 65,535 parameters per statement). */
const BULK_ROWS = 1000

/**
 * `n` users with one live session each, inserted a thousand rows per statement (a bench's thousand users in well
 * under a second, where `makeUser` takes a few ms each), in ascending id.
 */
export async function makeUsers(db: Db, n: number): Promise<TestUser[]> {
  const tag = randomBytes(4).toString('hex')
  const made: TestUser[] = []
  for (let from = 0; from < n; from += BULK_ROWS) {
    const count = Math.min(BULK_ROWS, n - from)
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          email: `bulk-${tag}-${from + i}@example.com`,
          inviteCode: `${tag}${(from + i).toString(36)}`.toUpperCase(),
        })),
      )
      .returning({ id: users.id, email: users.email })
    const fresh = rows.map((r) => ({ ...r, ...newSession(r.id, { ip: '127.0.0.1', userAgent: 'bench' }) }))
    const ids = await db
      .insert(sessions)
      .values(fresh.map((f) => f.row))
      .returning({ id: sessions.id, userId: sessions.userId })
    const sessionOf = new Map(ids.map((s) => [s.userId, s.id]))
    for (const f of fresh) made.push({ id: f.id, token: f.token, sessionId: sessionOf.get(f.id)!, email: f.email! })
  }
  return made.sort((a, b) => a.id - b.id)
}
