/**
 * The risk engine's reads (server/trading/contract/book-rows.ts) hold for more accounts than PostgreSQL takes
 * parameters in one statement (65,535): found by `npm run bench -- cluster`, where one engine loading 70,000 accounts
 * failed with "bind message has 4464 parameter formats but 0 parameters". The ids now travel as one array.
 */
import { expect, it } from 'vitest'
import { readBookRows } from '../../server/trading/contract/book-rows'
import { describePostgres } from '../helpers/server-db'

await describePostgres('risk book reads', (open) => {
  it('reads 70,000 accounts in one call', async () => {
    const database = await open()
    try {
      const keys = Array.from({ length: 70_000 }, (_, i) => `live:${i + 1}`)
      const rows = await readBookRows(database.db, keys)
      expect(rows.byAccount.size).toBe(0)
      expect(rows.pending).toEqual([])
    } finally {
      await database.close()
    }
  })
})
