import { afterAll, describe, it } from 'vitest'
import { openDatabase } from '../../server/db/client'
import { seedDatabase } from '../../server/db/seed'
import { describeApi } from '../helpers/server-api-suite'
import { createPgTestDatabase } from '../helpers/server-db'

const pg = await createPgTestDatabase()

if ('unavailable' in pg) {
  describe('public API on PostgreSQL', () => {
    it.skip(`skipped: ${pg.unavailable}`, () => {})
  })
} else {
  afterAll(() => pg.drop())
  describeApi('PostgreSQL', async () => {
    const database = await openDatabase({ databaseUrl: pg.url })
    await seedDatabase(database.db)
    return database
  })
}
