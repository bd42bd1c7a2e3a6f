/**
 * The bulk user helper of benches (tests/helpers/server-users.ts `makeUsers`): every user it makes can sign in with
 * its own token, across the thousand-row statements it inserts in, as `makeUser`'s users can.
 */
import { describe, expect, it } from 'vitest'
import { resolveSession } from '../../server/auth/sessions'
import { pgliteTestDb } from '../helpers/server-db'
import { makeUsers } from '../helpers/server-users'

describe('makeUsers', () => {
  it('makes n users in ascending id, each with a live session of its own token', async () => {
    const database = await pgliteTestDb()
    try {
      const users = await makeUsers(database.db, 1001)
      expect(users).toHaveLength(1001)
      expect(users.map((u) => u.id)).toEqual([...users.map((u) => u.id)].sort((a, b) => a - b))
      expect(new Set(users.map((u) => u.token)).size).toBe(1001)
      expect(new Set(users.map((u) => u.email)).size).toBe(1001)
      // The first, the last of the first statement, the first of the second, and the last.
      for (const u of [users[0]!, users[999]!, users[1000]!]) {
        expect(await resolveSession(database.db, u.token)).toMatchObject({
          userId: u.id,
          sessionId: u.sessionId,
          role: 'user',
          book: 'live',
        })
      }
    } finally {
      await database.close()
    }
  })
})
