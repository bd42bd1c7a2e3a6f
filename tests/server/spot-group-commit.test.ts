/**
 * Group commit of resting spot limit orders (issue 22 part 8, server/trading/spot/place-batch.ts), on PGlite and
 * PostgreSQL, through the real service with many placements of one account at once:
 * - they share transactions (fewer batches than orders), and each answers as if placed alone: the ones the balance
 *   covers rest with their hold frozen, the rest are refused "Lack of funds" naming the amount, in arrival order,
 *   nothing below zero; every frozen unit is held by an open order (the ledger check with its frozen reconciliation);
 * - a refused order's key refuses again on a replay (even once funds arrive), an accepted one answers its order;
 * - the same key twice, and the same client_oid under two keys, in one burst make one order each;
 * - an order that crosses the book when its batch is built takes liquidity at the taker rate (the one-order path);
 * - each order's user-stream events come together and in sequence: its freeze's balance event, then `placed`;
 * - a batch that fails as a whole leaves nothing and its orders are placed one by one.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Order } from '../../common/api/trade'
import type { Database } from '../../server/db/client'
import { spotOrders } from '../../server/db/schema'
import { DomainError } from '../../server/domain/errors'
import { checkLedger } from '../../server/ledger/check'
import { placeOrder } from '../../server/trading/spot/place'
import { batchStats } from '../../server/trading/spot/place-batch'
import type * as PostMany from '../../server/ledger/post-many'
import { bucketsOf, moneyUser, openChain, rowsOf, serviceCalls, type MoneyCalls } from '../helpers/ledger-ops'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { fakeMarket, type FakeMarket } from '../helpers/server-fake-market'
import { makeUser, type TestUser } from '../helpers/server-users'

const fail = vi.hoisted(() => ({ nextPosting: false }))
vi.mock('../../server/ledger/post-many', async (original) => {
  const real = await original<typeof PostMany>()
  return {
    ...real,
    postTransactions: (...args: Parameters<typeof real.postTransactions>) => {
      if (!fail.nextPosting) return real.postTransactions(...args)
      fail.nextPosting = false
      return Promise.reject(new Error('a posting failed (test)'))
    },
  }
})

interface Suite {
  database: Database
  market: FakeMarket
}

/** A new user with `usdt` USDT in the live spot wallet, and its money calls (for more deposits). */
async function trader(s: Suite, usdt: string): Promise<TestUser & { calls: MoneyCalls }> {
  const user = await makeUser(s.database.db)
  const calls = serviceCalls(s.database.db, new Map([[user.id, await moneyUser(s.database.db, user.id)]]))
  await calls.deposit(user.id, 'USDT', parseDecimal(usdt), randomUUID())
  return { ...user, calls }
}

/** A limit buy of 0.01 BTC at `price` through the service; answers the order or the refusal. */
function buy(s: Suite, u: TestUser, price: string, opts: { key?: string; oid?: string } = {}) {
  return placeOrder(
    { db: s.database.db, market: s.market },
    { userId: u.id, book: 'live', key: opts.key ?? randomUUID() },
    {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'limit',
      price: parseDecimal(price),
      amount: parseDecimal('0.01'),
      client_oid: opts.oid ?? randomUUID(),
    },
  ).then(
    (order) => ({ order }),
    (err: unknown) => {
      if (err instanceof DomainError) return { refused: err }
      throw err
    },
  )
}

/** A BTC/USDT book just now: best ask `ask`, best bid `bid`. */
function book(s: Suite, ask: number, bid: number) {
  const tick = {
    asks: [[ask, 5]] as [number, number][],
    bids: [[bid, 5]] as [number, number][],
    version: 1,
    ts: Date.now(),
  }
  s.market.emit({ type: 'book', symbol: 'btcusdt', ts: tick.ts, tick, recorded: true })
}

async function expectLedgerWhole(s: Suite) {
  expect(await checkLedger(s.database.db)).toMatchObject({ ok: true, mismatches: [], frozen_mismatches: [] })
}

function describeGroupCommit(name: string, open: () => Promise<Database>) {
  describe(`group commit of resting limit orders on ${name}`, () => {
    const s = {} as Suite
    beforeAll(async () => {
      s.database = await open()
      s.market = fakeMarket({ source: 'replay' })
      await openChain(s.database.db, 'USDT', { fee: '1', min: '2' })
      book(s, 60_000, 59_990)
    })
    afterAll(async () => {
      await s.database?.close()
    })

    it('shares transactions among one account’s orders; the balance covers them in arrival order, the rest refused', async () => {
      const u = await trader(s, '2500')
      const before = { ...batchStats }
      // 40 buys of 0.01 BTC at 10,000: 100 USDT each, 2,500 USDT cover 25.
      const answers = await Promise.all(Array.from({ length: 40 }, () => buy(s, u, '10000')))
      const placed = answers.flatMap((a) => ('order' in a ? [a.order] : []))
      const refused = answers.flatMap((a) => ('refused' in a ? [a.refused] : []))
      expect(placed).toHaveLength(25)
      expect(placed.every((o) => o.status === 'pending')).toBe(true)
      expect(refused.map((e) => [e.messageKey, e.field])).toEqual(Array(15).fill(['lackOfFunds', 'amount']))
      expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '0', frozen: '2500' })
      const batches = batchStats.batches - before.batches
      expect(batchStats.orders - before.orders, 'every order answered by a batch').toBe(40)
      expect(batches, `${batches} transactions for 40 orders`).toBeLessThan(40)
      await expectLedgerWhole(s)
    })

    it('says the same again on a replay of a refused key, and answers its order on a replay of an accepted one', async () => {
      const u = await trader(s, '150')
      const sent = [0, 1].map(() => ({ key: randomUUID(), oid: randomUUID() }))
      const answers = await Promise.all(sent.map((k) => buy(s, u, '10000', k)))
      const refused = answers.findIndex((a) => 'refused' in a)
      expect(
        answers.filter((a) => 'refused' in a),
        'one of the two covered',
      ).toHaveLength(1)
      const accepted = (answers[1 - refused] as { order: Order }).order
      await u.calls.deposit(u.id, 'USDT', parseDecimal('1000'), randomUUID())
      const again = await buy(s, u, '10000', sent[refused])
      expect('refused' in again && again.refused.messageKey, 'refused again, funds or not').toBe('lackOfFunds')
      const replay = await buy(s, u, '10000', sent[1 - refused])
      expect('order' in replay && replay.order).toEqual(accepted)
      const other = await buy(s, u, '10000', { key: sent[1 - refused]!.key })
      expect('refused' in other && other.refused.messageKey, 'the key with another order').toBe('idempotencyKeyReused')
      const orders = await s.database.db.select().from(spotOrders).where(eq(spotOrders.userId, u.id))
      expect(orders.map((o) => o.id)).toEqual([accepted.id])
    })

    it('makes one order of the same key twice, and of one client_oid under two keys, in one burst', async () => {
      const u = await trader(s, '1000')
      const key = randomUUID()
      const oid = randomUUID()
      const sameKey = { key, oid: randomUUID() }
      const answers = await Promise.all([
        buy(s, u, '10000', sameKey),
        buy(s, u, '10000', sameKey),
        buy(s, u, '10000', { oid }),
        buy(s, u, '10000', { oid }),
      ])
      const ids = answers.map((a) => ('order' in a ? a.order.id : a.refused.messageKey))
      expect(ids[0]).toBe(ids[1])
      expect(ids[2]).toBe(ids[3])
      expect(new Set(ids).size).toBe(2)
      expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '800', frozen: '200' })
      await expectLedgerWhole(s)
    })

    it('sends an order that crosses the book to the one-order path: it takes at the taker rate', async () => {
      const u = await trader(s, '2000')
      book(s, 60_000, 59_990)
      const burst = [buy(s, u, '10000'), buy(s, u, '10000')]
      // The book moves before the next batch is built: a buy at 61,000 now crosses the ask at 60,000.
      const crossing = buy(s, u, '61000')
      const [a, b, c] = await Promise.all([...burst, crossing])
      expect([a, b].map((x) => 'order' in x! && x.order.status)).toEqual(['pending', 'pending'])
      expect('order' in c! && c.order).toMatchObject({ status: 'filled', deal_amount: '0.01', deal_volume: '600' })
      const [row] = await s.database.db
        .select({ feeRate: spotOrders.feeRate })
        .from(spotOrders)
        .where(and(eq(spotOrders.userId, u.id), eq(spotOrders.price, '61000')))
      expect(Number(row!.feeRate)).toBe(0.002)
      await expectLedgerWhole(s)
    })

    it('writes each order’s events together and in sequence: its freeze’s balance event, then placed', async () => {
      const u = await trader(s, '1000')
      const answers = await Promise.all(Array.from({ length: 8 }, () => buy(s, u, '10000')))
      const ids = answers.map((a) => ('order' in a ? a.order.id : 0))
      const events = await rowsOf<{
        seq: string
        topic: string
        data: { reference?: string; order?: { id: number }; event: string }
      }>(s.database.db, sql`select seq, topic, data from user_events where user_id = ${u.id} order by seq`)
      expect(events.map((e) => Number(e.seq))).toEqual(events.map((_, i) => i + 1))
      const orderEvents = events.filter((e) => e.topic === 'orders')
      expect(orderEvents.map((e) => e.data.event)).toEqual(Array(8).fill('placed'))
      for (const id of ids) {
        const at = events.findIndex((e) => e.topic === 'orders' && e.data.order?.id === id)
        expect(events[at - 1]!.data.reference, `the event before order ${id}'s placed`).toBe(`order:${id}`)
      }
    })

    it('places a failed batch’s orders one by one, nothing of the batch left', async () => {
      const u = await trader(s, '1000')
      const before = { ...batchStats }
      fail.nextPosting = true
      const answers = await Promise.all(Array.from({ length: 5 }, () => buy(s, u, '10000')))
      expect(answers.every((a) => 'order' in a && a.order.status === 'pending')).toBe(true)
      expect(batchStats.fallbacks - before.fallbacks).toBe(1)
      expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '500', frozen: '500' })
      const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(
        s.database.db,
        sql`select count(*)::int as n from idempotency_keys where user_id = ${u.id} and outcome is null`,
      )
      expect(n, 'no key row left without its answer').toBe(0)
      await expectLedgerWhole(s)
    })
  })
}

describeGroupCommit('PGlite', () => pgliteTestDb())
await describePostgres('group commit', (open) => describeGroupCommit('PostgreSQL', open))
