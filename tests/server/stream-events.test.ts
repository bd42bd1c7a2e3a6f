/**
 * The user stream's `orders`, `positions` and `notices` events (issue 22 part 1), written by the money paths in the
 * transaction of the change, as a user reads them back (eventsAfter) — on PGlite and PostgreSQL:
 * - spot: a limit sell placed, then filled by a print (`placed`, `filled`, each `order` the REST list's shape, with
 *   the balance events between them); a limit buy cancelled; a market buy `placed` + `filled` at once; a buy refused
 *   for lack of funds writes nothing;
 * - futures: a market open (`orders` filled, `positions` opened); a take-profit (`positions` closed with the close
 *   price and feed time); a partial close (`changed` for what stays, `closed` for the part); a liquidation
 *   (`liquidated`);
 * - second contracts: `placed`, then `settled` by the settler's batch;
 * - notices: a deposit approved and one rejected, a withdrawal reviewed, an identity submission reviewed, a feedback
 *   replied.
 * Every user's sequence is gap-free from 1.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { CloseOrder, ContractHistory, ContractOrder, Position } from '../../common/api/contract'
import type { OrderEventData, PositionEventData } from '../../common/api/stream'
import type { Order } from '../../common/api/trade'
import type { Database } from '../../server/db/client'
import { feedback, identitySubmissions } from '../../server/db/schema'
import { claimDeposit, reviewDeposit } from '../../server/money/deposits'
import { decideSubmission } from '../../server/identity/review'
import { replyToFeedback } from '../../server/support/operator-content'
import { eventsAfter, lastSeqOf, type UserEvent } from '../../server/stream/events'
import { startSpotMatcher } from '../../server/trading/spot/matcher'
import { moneyUser, openChain, serviceCalls, TEST_CHAINS } from '../helpers/ledger-ops'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb, type OpenDatabase } from '../helpers/server-db'
import { fakeMarket } from '../helpers/server-fake-market'
import { testApp } from '../helpers/server-app'
import { makeUser, type TestUser } from '../helpers/server-users'
import {
  contractSuite,
  history,
  marketAt,
  open as openFutures,
  positions,
  settled,
  trader as futuresTrader,
  type ContractSuite,
  print,
} from './contract-fixtures'
import { microSuiteOn, place as placeMicroNow, player, settlerAt, ticker, whilePricing } from './micro-suite'

/** The events of `userId` after `after`, each as `[topic, event]`. */
const kinds = (events: readonly UserEvent[]) =>
  events.map((e) => [e.topic, (e.data as { event: string }).event] as const)

/** The user's whole sequence is 1, 2, …, n without a gap. */
async function expectGapFree(db: Database['db'], userId: number) {
  const all = await eventsAfter(db, userId, 0, { limit: 10_000 })
  expect(all.map((e) => e.seq)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1))
  expect(await lastSeqOf(db, userId)).toBe(all.length)
}

const orderOf = (e: UserEvent) => e.data as OrderEventData
const positionOf = (e: UserEvent) => e.data as PositionEventData

/** A slow shared machine: a test of several money paths may take longer than the default 30 s. */
const SLOW_MS = 120_000

function spotSuite(label: string, openDb: OpenDatabase) {
  it(
    `spot: placed, filled by a print, cancelled, filled at once; a refused order writes nothing (${label})`,
    async () => {
      const database = await openDb()
      const market = fakeMarket({ source: 'replay' })
      const t = await testApp({ db: database.db, market })
      const matcher = startSpotMatcher({ db: database.db, market })
      try {
        const { db } = database
        await openChain(db, 'BTC', { fee: '0', min: '0.001' })
        await openChain(db, 'USDT', { fee: '1', min: '2' })
        const u = await makeUser(db)
        const calls = serviceCalls(db, new Map([[u.id, await moneyUser(db, u.id)]]))
        await calls.deposit(u.id, 'BTC', parseDecimal('1'), randomUUID())
        await calls.deposit(u.id, 'USDT', parseDecimal('1000'), randomUUID())
        const place = (order: object) =>
          moneyCall<Order>(t.app, u.token, 'POST', 'trade/order_place', {
            symbol: 'btcusdt',
            client_oid: randomUUID(),
            ...order,
          })
        const list = async (state: 'open' | 'history') =>
          (
            await moneyCall<{ list: Order[] }>(t.app, u.token, 'GET', 'trade/order_list', {
              state,
              page: '1',
              limit: '50',
            })
          ).body.data.list

        // A limit sell rests, then a print through its price fills it.
        const before = await lastSeqOf(db, u.id)
        const placed = await place({ side: 'sell', type: 'limit', price: '61000', amount: '0.2' })
        expect(placed.body.data.status).toBe('pending')
        const ts = Date.now()
        market.emit({
          type: 'trades',
          symbol: 'btcusdt',
          ts,
          trades: [{ id: 1, tradeId: 1, ts, price: 61000, amount: 1, direction: 'buy' }],
          recorded: false,
        })
        await matcher.idle()
        const sell = await eventsAfter(db, u.id, before)
        expect(kinds(sell)).toEqual([
          ['accounts', 'balance'], // BTC frozen
          ['orders', 'placed'],
          ['accounts', 'balance'], // BTC given
          ['accounts', 'balance'], // USDT received
          ['orders', 'filled'],
        ])
        const [, placedEvent, , , filledEvent] = sell
        expect(placedEvent!.symbol).toBe('btcusdt')
        expect(orderOf(placedEvent!)).toMatchObject({ kind: 'spot', book: 'live', symbol: 'btcusdt', event: 'placed' })
        expect(orderOf(placedEvent!).order).toEqual(placed.body.data)
        // The filled event's order is the order as the history list shows it.
        const [done] = await list('history')
        expect(orderOf(filledEvent!).order).toEqual(done)
        expect(done).toMatchObject({ status: 'filled', deal_amount: '0.2' })

        // A resting buy cancelled: `cancelled` after the release.
        const buy = await place({ side: 'buy', type: 'limit', price: '50000', amount: '0.01' })
        const beforeCancel = await lastSeqOf(db, u.id)
        const cancelled = await moneyCall<Order>(t.app, u.token, 'POST', 'trade/order_cancel', { id: buy.body.data.id })
        expect(cancelled.body.data.status).toBe('cancelled')
        const cancel = await eventsAfter(db, u.id, beforeCancel)
        expect(kinds(cancel)).toEqual([
          ['accounts', 'balance'],
          ['orders', 'cancelled'],
        ])
        expect(orderOf(cancel[1]!).order).toEqual(cancelled.body.data)

        // A market buy fills at once: `placed` then `filled`, both the order as answered.
        const bookTs = Date.now()
        market.emit({
          type: 'book',
          symbol: 'btcusdt',
          ts: bookTs,
          tick: { asks: [[60000, 1]], bids: [[59990, 1]], version: 1, ts: bookTs },
          recorded: true,
        })
        const beforeMarket = await lastSeqOf(db, u.id)
        const bought = await place({ side: 'buy', type: 'market', amount: '0.001' })
        expect(bought.body.data.status).toBe('filled')
        const market1 = (await eventsAfter(db, u.id, beforeMarket)).filter((e) => e.topic === 'orders')
        expect(market1.map((e) => orderOf(e).event)).toEqual(['placed', 'filled'])
        expect(orderOf(market1[1]!).order).toEqual(bought.body.data)

        // Lack of funds: nothing is written, not even a number.
        const beforeRefused = await lastSeqOf(db, u.id)
        const refused = await place({ side: 'buy', type: 'market', amount: '0.9' })
        expect(refused.body.code).not.toBe(1)
        expect(await lastSeqOf(db, u.id)).toBe(beforeRefused)
        await expectGapFree(db, u.id)
      } finally {
        matcher.stop()
        await t.app.close()
        await database.close()
      }
    },
    SLOW_MS,
  )
}

function futuresSuite(label: string, s: ContractSuite) {
  it(
    `futures: a market open, its take-profit, a partial close and a liquidation (${label})`,
    async () => {
      const { db } = s.database
      marketAt(s, 60000, 60010)
      const u = await futuresTrader(s, '1000')
      const before = await lastSeqOf(db, u.id)
      const placed = await openFutures(s, u, { amount: '0.1', tp: '60100' })
      expect(placed.body.data.status).toBe('filled')
      const opened = (await eventsAfter(db, u.id, before)).filter((e) => e.topic !== 'accounts')
      expect(kinds(opened)).toEqual([
        ['orders', 'placed'],
        ['orders', 'filled'],
        ['positions', 'opened'],
      ])
      expect(orderOf(opened[1]!)).toMatchObject({ kind: 'futures', book: 'live', symbol: 'btcusdt' })
      expect(orderOf(opened[1]!).order).toEqual(placed.body.data)
      const [p] = await positions(s, u)
      // The open position as contract/positions shows it (the mark is the same one).
      expect(positionOf(opened[2]!).position).toEqual(p)

      // The take-profit is reached: `closed`, the position as history shows it, with the close price and feed time.
      await settled(s)
      const beforeTp = await lastSeqOf(db, u.id)
      marketAt(s, 60100, 60110)
      await settled(s)
      const tp = (await eventsAfter(db, u.id, beforeTp)).filter((e) => e.topic === 'positions')
      expect(kinds(tp)).toEqual([['positions', 'closed']])
      const [h] = await history(s, u)
      expect(positionOf(tp[0]!)).toMatchObject({
        book: 'live',
        symbol: 'btcusdt',
        close_price: '60100',
        feed_ts: h!.feed_event.ts,
      })
      expect(positionOf(tp[0]!).position).toEqual(h)

      // A partial close: what stays `changed`, the part `closed`.
      marketAt(s, 60000, 60010)
      await openFutures(s, u, { amount: '0.1' })
      const [q] = await positions(s, u)
      const beforePart = await lastSeqOf(db, u.id)
      s.beat()
      const part = await moneyCall<ContractHistory>(s.t.app, u.token, 'POST', 'contract/position_close', {
        id: q!.id,
        amount: '0.04',
      })
      expect(part.body.msg).toBe('success')
      const partial = (await eventsAfter(db, u.id, beforePart)).filter((e) => e.topic === 'positions')
      expect(kinds(partial)).toEqual([
        ['positions', 'closed'],
        ['positions', 'changed'],
      ])
      expect(positionOf(partial[0]!).position).toEqual(part.body.data)
      const [rest] = await positions(s, u)
      expect(positionOf(partial[1]!).position).toMatchObject({ id: q!.id, amount: '0.06', margin: rest!.margin })

      // The book falls through the rest's liquidation price (0.06 × 20,010 lost is more than the wallet): `liquidated`.
      await settled(s)
      const beforeLiq = await lastSeqOf(db, u.id)
      marketAt(s, 40000, 40010) // book and print: the mark is the mid
      await settled(s)
      const liq = (await eventsAfter(db, u.id, beforeLiq)).filter((e) => e.topic === 'positions')
      expect(kinds(liq)).toEqual([['positions', 'liquidated']])
      const [l] = await history(s, u)
      expect(l).toMatchObject({ state: 'liquidated', id: q!.id })
      expect(positionOf(liq[0]!)).toMatchObject({ close_price: '40000', feed_ts: l!.feed_event.ts })
      expect(positionOf(liq[0]!).position).toEqual(l)
      await expectGapFree(db, u.id)
      marketAt(s, 60000, 60010)
    },
    SLOW_MS,
  )

  it(
    `futures: a limit order filled by prints in parts, TP/SL set, a reduce-only close by a print, Close all (${label})`,
    async () => {
      const { db } = s.database
      marketAt(s, 60000, 60010)
      const u = await futuresTrader(s, '10000')
      const before = await lastSeqOf(db, u.id)
      const placed = await openFutures(s, u, { type: 'limit', price: '59000', amount: '0.5' })
      expect(placed.body.data.status).toBe('pending')
      await settled(s)
      print(s, 59000, 0.2)
      await settled(s)
      print(s, 58990, 1)
      await settled(s)
      const fills = (await eventsAfter(db, u.id, before)).filter((e) => e.topic !== 'accounts')
      expect(kinds(fills)).toEqual([
        ['orders', 'placed'],
        ['orders', 'partially_filled'],
        ['positions', 'opened'],
        ['orders', 'filled'],
        ['positions', 'changed'],
      ])
      expect(orderOf(fills[0]!).order).toEqual(placed.body.data)
      expect(orderOf(fills[1]!).order).toMatchObject({ status: 'pending', filled_amount: '0.2' })
      expect(positionOf(fills[2]!).position).toMatchObject({ amount: '0.2' })
      const orders = await moneyCall<{ list: ContractOrder[] }>(s.t.app, u.token, 'GET', 'contract/order_list', {
        state: 'history',
        page: '1',
        limit: '10',
      })
      expect(orderOf(fills[3]!).order).toEqual(orders.body.data.list[0])
      const [p] = await positions(s, u)
      expect(positionOf(fills[4]!).position).toMatchObject({ id: p!.id, amount: '0.5', margin: p!.margin })

      // TP/SL set: `tpsl` with the position as answered.
      const beforeTpsl = await lastSeqOf(db, u.id)
      s.beat()
      const tpsl = await moneyCall<Position>(s.t.app, u.token, 'POST', 'contract/position_tpsl', {
        id: p!.id,
        tp: '70000',
      })
      expect(tpsl.body.msg).toBe('success')
      const set = await eventsAfter(db, u.id, beforeTpsl)
      expect(kinds(set)).toEqual([['positions', 'tpsl']])
      expect(positionOf(set[0]!).position).toEqual(tpsl.body.data)

      // A reduce-only limit close rests, a print fills it: the part closes, the rest changes, the order is filled.
      const beforeClose = await lastSeqOf(db, u.id)
      s.beat()
      const close = await moneyCall<CloseOrder>(s.t.app, u.token, 'POST', 'contract/close_order', {
        id: p!.id,
        type: 'limit',
        price: '61000',
        amount: '0.1',
      })
      expect(close.body.data.status).toBe('pending')
      print(s, 61000, 1)
      await settled(s)
      const closing = (await eventsAfter(db, u.id, beforeClose)).filter((e) => e.topic !== 'accounts')
      expect(kinds(closing)).toEqual([
        ['orders', 'placed'],
        ['positions', 'closed'],
        ['positions', 'changed'],
        ['orders', 'filled'],
      ])
      expect(orderOf(closing[0]!)).toMatchObject({ kind: 'close', symbol: 'btcusdt' })
      expect(orderOf(closing[0]!).order).toEqual(close.body.data)
      expect(orderOf(closing[3]!).order).toMatchObject({ id: close.body.data.id, status: 'filled', filled: '0.1' })
      expect(positionOf(closing[1]!)).toMatchObject({ close_price: '61000' })
      expect(positionOf(closing[2]!).position).toMatchObject({ id: p!.id, amount: '0.4' })

      // A resting close order, then Close all: the position `closed`, the order `cancelled` with it.
      s.beat()
      const resting = await moneyCall<CloseOrder>(s.t.app, u.token, 'POST', 'contract/close_order', {
        id: p!.id,
        type: 'limit',
        price: '65000',
        amount: '0.1',
      })
      const beforeAll = await lastSeqOf(db, u.id)
      s.beat()
      const all = await moneyCall(s.t.app, u.token, 'POST', 'contract/close_all', {})
      expect(all.body.code).toBe(1)
      const closedAll = (await eventsAfter(db, u.id, beforeAll)).filter((e) => e.topic !== 'accounts')
      expect(kinds(closedAll)).toEqual([
        ['positions', 'closed'],
        ['orders', 'cancelled'],
      ])
      expect(positionOf(closedAll[0]!).position).toEqual((await history(s, u))[0])
      expect(orderOf(closedAll[1]!).order).toMatchObject({ id: resting.body.data.id, status: 'cancelled' })
      await expectGapFree(db, u.id)
    },
    SLOW_MS,
  )

  it(
    `futures: a close whose loss takes another position's margin: that position \`changed\` (${label})`,
    async () => {
      const { db } = s.database
      marketAt(s, 60000, 60010)
      const u = await futuresTrader(s, '1000')
      await openFutures(s, u, { amount: '0.1' })
      const short = await openFutures(s, u, { side: 'short', amount: '0.05' })
      expect(short.body.data.status).toBe('filled')
      marketAt(s, 69000, 69010) // the short loses 0.05 × 9,010 + fee: more than its margin and the available balance
      const beforeClose = await lastSeqOf(db, u.id)
      s.beat()
      const closed = await moneyCall<ContractHistory>(s.t.app, u.token, 'POST', 'contract/position_close', {
        id: short.body.data.position_id,
      })
      expect(closed.body.msg).toBe('success')
      const events = (await eventsAfter(db, u.id, beforeClose)).filter((e) => e.topic === 'positions')
      expect(kinds(events)).toEqual([
        ['positions', 'closed'],
        ['positions', 'changed'],
      ])
      const [long] = await positions(s, u)
      // The long gave up margin: the event shows it as contract/positions does.
      expect(Number(long!.margin)).toBeLessThan(600.1)
      expect(positionOf(events[1]!).position).toEqual(long)
      await expectGapFree(db, u.id)
      await moneyCall(s.t.app, u.token, 'POST', 'contract/close_all', {})
      marketAt(s, 60000, 60010)
    },
    SLOW_MS,
  )

  it(
    `futures: an order refused for lack of funds writes nothing (${label})`,
    async () => {
      const { db } = s.database
      marketAt(s, 60000, 60010)
      const u = await futuresTrader(s, '10')
      const before = await lastSeqOf(db, u.id)
      const refused = await openFutures(s, u, { amount: '0.1' })
      expect(refused.body.code).not.toBe(1)
      expect(await lastSeqOf(db, u.id)).toBe(before)
      expect(await positions(s, u)).toEqual([] as Position[])
    },
    SLOW_MS,
  )
}

function microSuite(label: string, openDb: OpenDatabase) {
  const s = microSuiteOn(openDb)
  it(
    `second contracts: placed, then settled by the batch (${label})`,
    async () => {
      const { db } = s.database
      const u = await player(s, '1000')
      const v = await player(s, '1000')
      const clock = { now: Date.now() }
      const settler = settlerAt(s, clock)
      try {
        const before = { u: await lastSeqOf(db, u.id), v: await lastSeqOf(db, v.id) }
        const place = (w: TestUser, direction: string) =>
          whilePricing(s, placeMicroNow(s, w, { direction, amount: '100' }), 60000)
        const up = await place(u, 'up')
        const down = await place(v, 'down')
        const delivery = Date.now() + 30_000
        ticker(s, 60001, delivery + 500)
        clock.now = delivery + 5000
        expect(await settler.pass()).toBe(2)
        for (const [w, order, status] of [
          [u, up, 'won'],
          [v, down, 'lost'],
        ] as const) {
          const events = (await eventsAfter(db, w.id, before[w === u ? 'u' : 'v'])).filter((e) => e.topic === 'orders')
          expect(events.map((e) => orderOf(e).event)).toEqual(['placed', 'settled'])
          expect(orderOf(events[0]!)).toMatchObject({ kind: 'micro', symbol: 'btcusdt' })
          expect(orderOf(events[0]!).order).toEqual(order.body.data)
          const detail = await moneyCall(s.t.app, w.token, 'GET', 'micro/order_detail', {
            id: String(order.body.data.id),
          })
          expect(orderOf(events[1]!).order).toEqual(detail.body.data)
          expect(orderOf(events[1]!).order).toMatchObject({ status })
          await expectGapFree(db, w.id)
        }
      } finally {
        await settler.stop()
      }
    },
    SLOW_MS,
  )
}

function noticeSuite(label: string, openDb: OpenDatabase) {
  it(
    `notices: deposits, withdrawals, identity and feedback reviewed, for the record's user (${label})`,
    async () => {
      const database = await openDb()
      try {
        const { db } = database
        await openChain(db, 'USDT', { fee: '1', min: '2' })
        const u = await makeUser(db)
        const other = await makeUser(db)
        const money = await moneyUser(db, u.id)
        const calls = serviceCalls(db, new Map([[u.id, money]]))
        const claim = () =>
          claimDeposit(
            { db },
            { userId: u.id, book: 'live', key: randomUUID() },
            {
              currency: 'USDT',
              chain: TEST_CHAINS.USDT.chain,
              amount: parseDecimal('50'),
              from_address: TEST_CHAINS.USDT.address,
            },
          )
        const notices = async (after: number) =>
          (await eventsAfter(db, u.id, after)).filter((e) => e.topic === 'notices').map((e) => e.data)

        const a = await claim()
        const b = await claim()
        const before = await lastSeqOf(db, u.id)
        await reviewDeposit({ db }, { id: a.id, approve: true, reviewerId: null })
        await reviewDeposit({ db }, { id: b.id, approve: false, reason: 'No such transfer', reviewerId: null })
        // A second decision is refused: no notice.
        await expect(reviewDeposit({ db }, { id: b.id, approve: true, reviewerId: null })).rejects.toThrow()
        expect(await notices(before)).toEqual([
          { event: 'deposit_reviewed', id: a.id, state: 'approved' },
          { event: 'deposit_reviewed', id: b.id, state: 'rejected', message: 'No such transfer' },
        ])

        const w = await calls.withdraw(
          { userId: u.id, book: 'live', key: randomUUID() },
          { currency: 'USDT', amount: parseDecimal('10') },
        )
        const beforeW = await lastSeqOf(db, u.id)
        await calls.reviewWithdrawal({ id: w.id, approve: false })
        expect(await notices(beforeW)).toEqual([
          { event: 'withdrawal_reviewed', id: w.id, state: 'rejected', message: 'Address on a blocklist' },
        ])

        const [sub] = await db
          .insert(identitySubmissions)
          .values({ userId: u.id, level: 'basic', name: 'Ada Lovelace', idNumber: 'X1234567' })
          .returning()
        const beforeId = await lastSeqOf(db, u.id)
        await decideSubmission({ db }, { id: sub!.id, decision: 'approve', reviewerId: null })
        expect(await notices(beforeId)).toEqual([{ event: 'identity_reviewed', id: sub!.id, state: 'verified' }])

        const [f] = await db
          .insert(feedback)
          .values({ userId: u.id, type: 'other', title: 'Hello', content: 'A question' })
          .returning()
        const beforeF = await lastSeqOf(db, u.id)
        await replyToFeedback({ db }, { userId: null, ip: '' }, f!.id, 'An answer')
        expect(await notices(beforeF)).toEqual([{ event: 'feedback_replied', id: f!.id, state: 'replied' }])
        // Nothing for the other user.
        expect(await lastSeqOf(db, other.id)).toBe(0)
        await expectGapFree(db, u.id)
      } finally {
        await database.close()
      }
    },
    SLOW_MS,
  )
}

describe('user stream events on PGlite', () => {
  const open = () => pgliteTestDb()
  spotSuite('PGlite', open)
  describe('futures', () => futuresSuite('PGlite', contractSuite(open)))
  describe('second contracts', () => microSuite('PGlite', open))
  noticeSuite('PGlite', open)
})

await describePostgres('user stream events', (openDb) => {
  describe('user stream events on PostgreSQL', () => {
    spotSuite('PostgreSQL', openDb)
    describe('futures', () => futuresSuite('PostgreSQL', contractSuite(openDb)))
    describe('second contracts', () => microSuite('PostgreSQL', openDb))
    noticeSuite('PostgreSQL', openDb)
  })
})
