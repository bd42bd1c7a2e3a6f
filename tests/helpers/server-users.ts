/**
 * Users and operators with a live session, made straight in the database so suites do not depend on the sign-up
 * flow (which has its own suites).
 */
import { randomBytes } from 'node:crypto'
import { createSession, resolveSession } from '../../server/auth/sessions'
import type { Db } from '../../server/db/client'
import { users } from '../../server/db/schema'

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
