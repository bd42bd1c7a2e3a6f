/**
 * Futures races on real PostgreSQL, where transactions overlap (PGlite runs one at a time):
 * - 50 parallel closes of one position: one closes it, 49 hear "already closed", its margin is released once;
 * - 50 parallel placements with one client_oid: one position;
 * - 40 parallel market opens of 0.1 BTC (margin 600.1 + fee 3.0005 each) against 1,000 USDT: exactly one;
 * - two risk engines on one database (two server processes, each with its own feed): a take-profit and a
 *   liquidation that both decide are carried out once each (one ledger transaction per position);
 * - the ledger balances after each.
 */
import { randomUUID } from 'node:crypto'
import { and, count, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractHistory } from '../../common/api/contract'
import { contractPositions, ledgerTransactions } from '../../server/db/schema'
import { startContractEngine, type ContractEngine } from '../../server/trading/contract/engine'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres } from '../helpers/server-db'
import { fakeMarket, type FakeMarket } from '../helpers/server-fake-market'
import {
  contractSuite,
  expectBalancedLedger,
  history,
  marketAt,
  open,
  positions,
  settled,
  trader,
  wallet,
} from './contract-fixtures'

/** How many answers of each message. */
const tally = (answers: { body: { msg: string } }[]) =>
  answers.reduce<Record<string, number>>((t, a) => ({ ...t, [a.body.msg]: (t[a.body.msg] ?? 0) + 1 }), {})

await describePostgres('futures races', (openDb) => {
  describe('futures races on PostgreSQL', () => {
    const s = contractSuite(openDb)

    it('closes a position once under 50 parallel closes', async () => {
      marketAt(s, 60000, 60010)
      const u = await trader(s, '1000')
      const placed = await open(s, u, { amount: '0.1' })
      const id = placed.body.data.position_id
      const all = await Promise.all(
        Array.from({ length: 50 }, () => moneyCall(s.t.app, u.token, 'POST', 'contract/position_close', { id })),
      )
      expect(tally(all)).toEqual({ success: 1, 'This position is already closed': 49 })
      // −1 PnL (bid 60,000 − open 60,010), fees 3.0005 + 3.0 → 1,000 − 7.0005.
      expect(await wallet(s, u)).toEqual({ available: '992.9995', frozen: '0' })
      await expectBalancedLedger(s)
    })

    it('places once under 50 parallel placements with one client_oid, and once for the funds 40 compete for', async () => {
      marketAt(s, 60000, 60010)
      const u = await trader(s, '1000')
      const oid = randomUUID()
      const same = await Promise.all(Array.from({ length: 50 }, () => open(s, u, { amount: '0.01', client_oid: oid })))
      expect(new Set(same.map((a) => a.body.data.position_id)).size).toBe(1)
      expect(await positions(s, u)).toHaveLength(1)
      await moneyCall(s.t.app, u.token, 'POST', 'contract/close_all', {})
      const rich = await trader(s, '1000')
      const race = await Promise.all(Array.from({ length: 40 }, () => open(s, rich, { amount: '0.1' })))
      expect(tally(race)).toEqual({ success: 1, 'Lack of funds': 39 })
      expect(await wallet(s, rich)).toEqual({ available: '396.8995', frozen: '600.1' })
      await expectBalancedLedger(s)
    })

    describe('two engines on one database', () => {
      let second: { market: FakeMarket; engine: ContractEngine }
      beforeAll(async () => {
        const market = fakeMarket({ source: 'replay' })
        second = { market, engine: await startContractEngine({ db: s.database.db, market }) }
      })
      afterAll(() => second?.engine.stop())

      /** The same book and trade on both feeds, as two processes see one upstream. */
      const both = (bid: number, ask: number) => {
        marketAt(s, bid, ask)
        marketAt({ ...s, market: second.market }, bid, ask)
      }

      it('carries out a take-profit and a liquidation that both decide once each', async () => {
        both(60000, 60010)
        const tp = await trader(s, '1000')
        const liq = await trader(s, '1000')
        const a = await open(s, tp, { amount: '0.1', tp: '60100' })
        const b = await open(s, liq, { amount: '0.1' })
        await Promise.all([s.engine.reloadAll(), second.engine.reloadAll()])
        const before = [s.engine.stats().actions, second.engine.stats().actions]
        // The take-profit executes at the book of its tick (a conditional market order): let it, then the crash.
        both(60100, 60110)
        await Promise.all([s.engine.idle(), second.engine.idle()])
        both(50000, 50010)
        await Promise.all([settled(s), second.engine.idle()])
        // Both processes decided both actions (the take-profit and the liquidation) and carried them out.
        expect(s.engine.stats().actions - before[0]!).toBeGreaterThanOrEqual(2)
        expect(second.engine.stats().actions - before[1]!).toBeGreaterThanOrEqual(2)
        const posted = async (reference: string) => {
          const [row] = await s.database.db
            .select({ n: count() })
            .from(ledgerTransactions)
            .where(and(eq(ledgerTransactions.reference, reference), like(ledgerTransactions.kind, 'contract_%')))
          return row!.n
        }
        expect(await posted(`position:${a.body.data.position_id}`)).toBe(1)
        expect(await posted(`position:${b.body.data.position_id}`)).toBe(1)
        const [closed] = await history(s, tp)
        expect(closed).toMatchObject<Partial<ContractHistory>>({ close_reason: 'take_profit', close_price: '60100' })
        const [liquidated] = await history(s, liq)
        expect(liquidated).toMatchObject<Partial<ContractHistory>>({ state: 'liquidated' })
        expect(await wallet(s, liq)).toEqual({ available: '0', frozen: '0' })
        const [open_] = await s.database.db
          .select({ n: count() })
          .from(contractPositions)
          .where(eq(contractPositions.status, 'open'))
        expect(open_!.n).toBe(0)
        await expectBalancedLedger(s)
        both(60000, 60010)
      })
    })
  })
})
