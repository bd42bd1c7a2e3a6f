import { afterAll, describe, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { createPgTestDatabase } from '../helpers/server-db'
import { describeFeedback } from './support-feedback-suite'

const pg = await createPgTestDatabase()

if ('unavailable' in pg) {
  describe('feedback on PostgreSQL', () => {
    it.skip(`skipped: ${pg.unavailable}`, () => {})
  })
} else {
  afterAll(() => pg.drop())
  describeFeedback('PostgreSQL', async () => {
    const database = await openDatabase({ databaseUrl: pg.url })
    await seedDatabase(database.db)
    return database
  })
}
