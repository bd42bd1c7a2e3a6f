/**
 * What the futures model (contract-model-suite.ts) found, shrunk to a test of its own, on PGlite and PostgreSQL.
 *
 * A voluntary close whose loss the available balance cannot cover takes the rest from the margin of the account's
 * positions that stay open, in id order (server/trading/contract/netting.ts `takeCover`), each up to its WHOLE margin;
 * a position left with margin 0 breaks the row's CHECK (margin > 0), so the close's transaction fails: the user's close
 * answers an internal error, and a take-profit or stop-loss in the same spot fails on every tick (the model saw
 * "trigger:918 failed: Failed query: update contract_positions set margin = margin − 81.0135 … 916"), which also holds
 * off the liquidation check the engine runs after a trigger.
 *
 * Figures (BTC/USDT book 59,995 / 60,005; ETH/USDT 3,000 / 3,001; taker fee 0.05 %; 400 USDT in the futures wallet):
 * long 0.1 BTC at 60,005 ×50 (margin 120.01, fee 3.00025), short 0.1 BTC at 59,995 ×50 (119.99, 2.99975), long 1 ETH
 * at 3,001 ×50 (60.02, 1.5005): available 92.4795. ETH falls to 2,700 / 2,701 (the account stays above maintenance:
 * equity ≈ 91 against ≈ 73.5). Closing the ETH long at 2,700: PnL −301, fee 1.35, so 92.4795 + 60.02 − 301 − 1.35 =
 * −149.8505 must come from the BTC positions' 240 of margin: all 120.01 of the long's, then 29.8405 of the short's.
 */
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contractPositions } from '../../server/db/schema'
import type { Database } from '../../server/db/client'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { book, contractSuite, expectBalancedLedger, marketAt, open, settled, trade, trader } from './contract-fixtures'

function describeFound(name: string, openDb: () => Promise<Database>) {
  describe(`futures model findings on ${name}`, () => {
    const s = contractSuite(openDb)

    it('closes a position whose loss takes another position’s whole margin without a failed query', async () => {
      marketAt(s, 59995, 60005)
      book(s, 3000, 3001, 'ethusdt', 50)
      trade(s, 3000.5, 'ethusdt')
      const u = await trader(s, '400')
      const ids: number[] = []
      for (const order of [
        { amount: '0.1', leverage: 50 },
        { amount: '0.1', leverage: 50, side: 'short' },
        { symbol: 'ethusdt', amount: '1', leverage: 50 },
      ]) {
        const placed = await open(s, u, order)
        expect(placed.body.msg).toBe('success')
        ids.push(placed.body.data.position_id!)
      }
      book(s, 2700, 2701, 'ethusdt', 50)
      trade(s, 2700.5, 'ethusdt')
      await settled(s)
      s.beat()
      const res = await moneyCall(s.t.app, u.token, 'POST', 'contract/position_close', { id: ids[2] })
      // Old code: HTTP 500, an internal error (the CHECK margin > 0 of the BTC long, left with 0).
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 200, msg: 'success' })
      const open_ = await s.database.db
        .select({ id: contractPositions.id, margin: contractPositions.margin })
        .from(contractPositions)
        .where(and(eq(contractPositions.userId, u.id), eq(contractPositions.status, 'open')))
      for (const p of open_) expect(Number(p.margin), `margin of position ${p.id}`).toBeGreaterThan(0)
      await expectBalancedLedger(s)
    })
  })
}

describeFound('PGlite', () => pgliteTestDb())
await describePostgres('futures model findings', (openDb) => describeFound('PostgreSQL', openDb))
