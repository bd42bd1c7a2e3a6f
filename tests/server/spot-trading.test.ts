/**
 * Spot orders through the HTTP calls (issue 11 parts 1 and 3), the feed a fake market the test drives, each figure
 * computed by hand:
 * - a market buy walks the asks (VWAP), pays ⌈Σ price × amount⌉ USDT and gets BTC less the 0.2 % fee, each fill
 *   citing the book it used; a stale book, a walk past the visible depth or the slippage cap, and short funds are
 *   refused naming their field, with no order and no balance moved;
 * - a limit sell freezes its BTC, waits while the feed trades below it, fills partly then wholly at its own price
 *   from trades through it (once per trade, even when the batch comes again), citing each trade;
 * - a limit buy is cancelled: its frozen USDT comes back once, and a second cancel is refused;
 * - `client_oid` places once: the same order again answers the first, another order under it is refused;
 * - the ledger balances after every test; on PostgreSQL 30 parallel placements under one client_oid make one order.
 */
import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Order, OrderDetail } from '../../common/api/trade'
import type { DepthTick, TradeItem } from '../../common/feed/messages'
import type { Database } from '../../server/db/client'
import { spotOrders } from '../../server/db/schema'
import { runAdmin } from '../../server/cli/admin-commands'
import { startSpotMatcher, type SpotMatcher } from '../../server/trading/spot/matcher'
import { bucketsOf, moneyUser, openChain, serviceCalls } from '../helpers/ledger-ops'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { fakeMarket, type FakeMarket } from '../helpers/server-fake-market'
import { testApp, type TestApp } from '../helpers/server-app'
import { makeUser, type TestUser } from '../helpers/server-users'

interface Suite {
  database: Database
  t: TestApp
  market: FakeMarket
  matcher: SpotMatcher
  operator: TestUser
}

function suiteOn(open: () => Promise<Database>): Suite {
  const s = {} as Suite
  beforeAll(async () => {
    s.database = await open()
    s.market = fakeMarket({ source: 'replay' })
    s.t = await testApp({ db: s.database.db, market: s.market })
    s.matcher = startSpotMatcher({ db: s.database.db, market: s.market })
    await openChain(s.database.db, 'BTC', { fee: '0', min: '0.001' })
    await openChain(s.database.db, 'USDT', { fee: '1', min: '2' })
    s.operator = await makeUser(s.database.db, 'operator')
  })
  afterAll(async () => {
    s.matcher?.stop()
    await s.t?.app.close()
    await s.database?.close()
  })
  return s
}

/** A user with `usdt` USDT and `btc` BTC available in the live spot wallet. */
async function trader(s: Suite, usdt: string, btc: string): Promise<TestUser> {
  const user = await makeUser(s.database.db)
  const money = await moneyUser(s.database.db, user.id)
  const calls = serviceCalls(s.database.db, new Map([[user.id, money]]))
  if (usdt !== '0') await calls.deposit(user.id, 'USDT', parseDecimal(usdt), randomUUID())
  if (btc !== '0') await calls.deposit(user.id, 'BTC', parseDecimal(btc), randomUUID())
  return user
}

let version = 0
/** Puts a BTC/USDT book `ageMs` old on the fake feed. */
function book(s: Suite, asks: [number, number][], bids: [number, number][], ageMs = 0): DepthTick {
  const tick = { asks, bids, version: ++version, ts: Date.now() - ageMs }
  s.market.emit({ type: 'book', symbol: 'btcusdt', ts: tick.ts, tick, recorded: true })
  return tick
}

let tradeId = 1000
/** A batch of BTC/USDT trades on the fake feed, just now; answers them. */
function trades(s: Suite, prints: [number, number][]): TradeItem[] {
  const ts = Date.now()
  const list = prints.map(([price, amount]) => {
    tradeId++
    return { id: tradeId, tradeId, ts, price, amount, direction: 'buy' as const }
  })
  s.market.emit({ type: 'trades', symbol: 'btcusdt', ts, trades: list, recorded: false })
  return list
}

const place = (s: Suite, u: TestUser, order: object, key?: string) =>
  moneyCall<Order>(s.t.app, u.token, 'POST', 'trade/order_place', { symbol: 'btcusdt', ...order }, { key })
const detail = (s: Suite, u: TestUser, id: number) =>
  moneyCall<OrderDetail>(s.t.app, u.token, 'GET', 'trade/order_detail', { id: String(id) })

async function ordersOf(s: Suite, u: TestUser): Promise<number> {
  const [r] = await s.database.db.select({ n: count() }).from(spotOrders).where(eq(spotOrders.userId, u.id))
  return r!.n
}

async function expectBalancedLedger(s: Suite) {
  const check = await moneyCall<{ ok: boolean }>(s.t.app, s.operator.token, 'GET', 'admin/ledger_check')
  expect(check.body.data).toMatchObject({ ok: true, mismatches: [] })
}

function describeSpot(name: string, s: Suite) {
  it(`fills a market buy across the asks at their VWAP, fee in BTC, citing the book (${name})`, async () => {
    const u = await trader(s, '100000', '0')
    const tick = book(
      s,
      [
        [60000, 0.1],
        [60010, 0.5],
      ],
      [[59990, 1]],
    )
    const r = await place(s, u, { side: 'buy', type: 'market', amount: '0.3', client_oid: 'm-buy-1' })
    expect(r.body).toMatchObject({ code: 1 })
    // 0.1 × 60000 + 0.2 × 60010 = 6000 + 12002 = 18002 USDT; fee 0.3 × 0.002 = 0.0006 BTC.
    expect(r.body.data).toMatchObject({
      status: 'filled',
      deal_amount: '0.3',
      deal_volume: '18002',
      fee: '0.0006',
      fee_currency: 'BTC',
      entrust_price: null,
    })
    expect(r.body.data.avg_price).toMatch(/^60006\.6666/)
    expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '81998', frozen: '0' })
    expect(await bucketsOf(s.database.db, u.id, 'BTC')).toEqual({ available: '0.2994', frozen: '0' })
    const d = await detail(s, u, r.body.data.id)
    expect(d.body.data.fills.map((f) => [f.price, f.amount])).toEqual([
      ['60000', '0.1'],
      ['60010', '0.2'],
    ])
    expect(d.body.data.fills[0]!.feed_event).toEqual({
      source: 'replay',
      topic: 'market.btcusdt.depth.step0',
      ts: tick.ts,
      price: '60000',
      ref: `book:${tick.version}`,
      recorded: true,
    })
    await expectBalancedLedger(s)
  })

  it(`refuses a stale book, thin depth, slippage and short funds by field, moving nothing (${name})`, async () => {
    const u = await trader(s, '1000', '0')
    const refuse = async (order: object, field: string, msg: string | RegExp) => {
      const r = await place(s, u, { side: 'buy', type: 'market', client_oid: randomUUID(), ...order })
      expect(r.body.code, JSON.stringify(r.body)).not.toBe(1)
      expect(r.body.msg).toMatch(msg)
      expect(r.body.data).toMatchObject({ field })
    }
    book(s, [[60000, 1]], [[59990, 1]], 30_000)
    await refuse({ amount: '0.01' }, 'type', 'Prices are not up to date right now. Please try again in a moment')
    book(s, [[60000, 0.001]], [[59990, 1]])
    await refuse({ amount: '0.01' }, 'amount', /does not hold enough/)
    book(
      s,
      [
        [60000, 0.001],
        [70000, 1],
      ],
      [[59990, 1]],
    )
    await refuse(
      { amount: '0.01' },
      'amount',
      'Filling this order would move the price more than 5%. Please order less or place a limit order',
    )
    book(s, [[60000, 1]], [[59990, 1]])
    await refuse({ amount: '0.1' }, 'amount', 'Lack of funds')
    await refuse({ amount: '0.01', price: '60000' }, 'price', /A market order takes no price/)
    await refuse({ amount: '0.0000001' }, 'amount', 'Quantities of BTC/USDT can have at most 6 decimal places')
    await refuse({ amount: '0.01', symbol: 'nopeusdt' }, 'symbol', 'This market does not exist')
    await refuse({ amount: '0.01', type: 'limit' }, 'price', 'Please enter a price for a limit order')
    expect(await ordersOf(s, u)).toBe(0)
    expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '1000', frozen: '0' })
    await expectBalancedLedger(s)
  })

  it(`fills a resting limit sell from trades through its price, partly then wholly, once per trade (${name})`, async () => {
    const u = await trader(s, '0', '1')
    const r = await place(s, u, { side: 'sell', type: 'limit', price: '61000', amount: '0.2', client_oid: 'ls-1' })
    expect(r.body.data).toMatchObject({ status: 'pending', deal_amount: '0', entrust_price: '61000' })
    expect(await bucketsOf(s.database.db, u.id, 'BTC')).toEqual({ available: '0.8', frozen: '0.2' })
    trades(s, [[60990, 5]])
    await s.matcher.idle()
    expect((await detail(s, u, r.body.data.id)).body.data.status).toBe('pending')
    const first = trades(s, [[61000, 0.05]])
    await s.matcher.idle()
    // 0.05 × 61000 = 3050 USDT, fee ⌈3050 × 0.002⌉ = 6.1.
    expect((await detail(s, u, r.body.data.id)).body.data).toMatchObject({
      status: 'partially_filled',
      deal_amount: '0.05',
      fee: '6.1',
    })
    s.market.emit({ type: 'trades', symbol: 'btcusdt', ts: first[0]!.ts, trades: first, recorded: false })
    trades(s, [[61005.5, 1]])
    await s.matcher.idle()
    const done = (await detail(s, u, r.body.data.id)).body.data
    // 0.2 × 61000 = 12200 USDT in all, fee 24.4: 12175.6 received.
    expect(done).toMatchObject({ status: 'filled', deal_amount: '0.2', deal_volume: '12200', fee: '24.4' })
    expect(done.fills.map((f) => [f.price, f.amount, f.feed_event.price, f.feed_event.ref])).toEqual([
      ['61000', '0.05', '61000', `trade:${first[0]!.tradeId}`],
      ['61000', '0.15', '61005.5', `trade:${first[0]!.tradeId + 1}`],
    ])
    expect(await bucketsOf(s.database.db, u.id, 'BTC')).toEqual({ available: '0.8', frozen: '0' })
    expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '12175.6', frozen: '0' })
    await expectBalancedLedger(s)
  })

  it(`cancels a limit buy once, its frozen USDT back (${name})`, async () => {
    const u = await trader(s, '5000', '0')
    const r = await place(s, u, { side: 'buy', type: 'limit', price: '50000.01', amount: '0.05', client_oid: 'lb-1' })
    // ⌈50000.01 × 0.05⌉ = 2500.0005 USDT frozen.
    expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '2499.9995', frozen: '2500.0005' })
    const open = await moneyCall<{ list: Order[] }>(s.t.app, u.token, 'GET', 'trade/order_list', { state: 'open' })
    expect(open.body.data.list.map((o) => o.id)).toEqual([r.body.data.id])
    const cancel = await moneyCall<Order>(s.t.app, u.token, 'POST', 'trade/order_cancel', { id: r.body.data.id })
    expect(cancel.body.data).toMatchObject({ status: 'cancelled' })
    expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '5000', frozen: '0' })
    const again = await moneyCall(s.t.app, u.token, 'POST', 'trade/order_cancel', { id: r.body.data.id })
    expect(again.body).toMatchObject({ msg: 'This order can no longer be cancelled', data: { field: 'id' } })
    const other = await trader(s, '0', '0')
    const theirs = await moneyCall(s.t.app, other.token, 'POST', 'trade/order_cancel', { id: r.body.data.id })
    expect(theirs.body).toMatchObject({ msg: 'Order not found' })
    await expectBalancedLedger(s)
  })

  it(`trades in the demo book against demo balances only (${name})`, async () => {
    const u = await trader(s, '500', '0')
    expect((await moneyCall(s.t.app, u.token, 'POST', 'assets/demo_enter')).body.code).toBe(1)
    book(s, [[60000, 1]], [[59990, 1]])
    const r = await place(s, u, { side: 'buy', type: 'market', amount: '0.5', client_oid: 'demo-1' })
    expect(r.body.data).toMatchObject({ status: 'filled', deal_volume: '30000' })
    const demoOrders = await moneyCall(s.t.app, u.token, 'GET', 'trade/order_list', { state: 'history' })
    expect(demoOrders.body.data).toMatchObject({ total: 1 })
    expect((await moneyCall(s.t.app, u.token, 'POST', 'assets/demo_exit')).body.code).toBe(1)
    // The live book: untouched, and the demo order is not among its orders.
    expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '500', frozen: '0' })
    expect(await bucketsOf(s.database.db, u.id, 'BTC')).toEqual({ available: '0', frozen: '0' })
    const live = await moneyCall(s.t.app, u.token, 'GET', 'trade/order_list', { state: 'history' })
    expect(live.body.data).toMatchObject({ total: 0 })
    await expectBalancedLedger(s)
  })

  it(`places once per client_oid: the same order answers the first, another is refused (${name})`, async () => {
    const u = await trader(s, '5000', '0')
    const order = { side: 'buy', type: 'limit', price: '40000', amount: '0.01', client_oid: 'dup-1' }
    const a = await place(s, u, order)
    const b = await place(s, u, order)
    expect(b.body.data.id).toBe(a.body.data.id)
    const c = await place(s, u, { ...order, amount: '0.02' })
    expect(c.body).toMatchObject({
      msg: 'This order id was already used for a different order',
      data: { field: 'client_oid' },
    })
    expect(await ordersOf(s, u)).toBe(1)
    expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '4600', frozen: '400' })
  })
}

describe('spot trading on PGlite', () => {
  const s = suiteOn(() => pgliteTestDb())
  describeSpot('PGlite', s)

  it("takes a market's terms from the operator: fees, smallest order, slippage cap, spot closed", async () => {
    const terms = {
      symbol: 'ethusdt',
      taker_fee_rate: '0.001',
      maker_fee_rate: '0.0005',
      min_amount: '0.01',
      slippage_cap: '0.01',
      spot_open: true,
      micro_open: false,
    }
    const bad = await moneyCall(s.t.app, s.operator.token, 'POST', 'admin/market_trade_config', {
      ...terms,
      taker_fee_rate: '1.5',
    })
    expect(bad.body).toMatchObject({ data: { field: 'taker_fee_rate' } })
    const saved = await moneyCall(s.t.app, s.operator.token, 'POST', 'admin/market_trade_config', terms)
    expect(saved.body).toMatchObject({ code: 1, data: { ...terms, base: 'ETH', quote: 'USDT' } })
    // The order form reads them without a session.
    const shown = await s.t.app.inject({ method: 'GET', url: '/api/trade/market_config?symbol=ethusdt' })
    expect(shown.json()).toMatchObject({ code: 1, data: { ...terms, base: 'ETH', quote: 'USDT' } })
    const unknown = await s.t.app.inject({ method: 'GET', url: '/api/trade/market_config?symbol=nosuchusdt' })
    expect(unknown.json()).toMatchObject({ msg: 'This market does not exist', data: { field: 'symbol' } })
    const u = await trader(s, '1000', '0')
    const small = await place(s, u, {
      symbol: 'ethusdt',
      side: 'buy',
      type: 'market',
      amount: '0.005',
      client_oid: 'e1',
    })
    expect(small.body).toMatchObject({ msg: 'The minimum order is 0.01 ETH', data: { field: 'amount' } })
    // From the command line: spot closed, then open again.
    const out: string[] = []
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) }
    expect(
      await runAdmin(s.database.db, ['markets', 'trade-config', 'ethusdt', '--spot', 'closed'], io),
      out.join('\n'),
    ).toBe(0)
    expect(out.at(-1)).toContain('spot closed')
    const closed = await place(s, u, {
      symbol: 'ethusdt',
      side: 'buy',
      type: 'market',
      amount: '0.02',
      client_oid: 'e2',
    })
    expect(closed.body).toMatchObject({ msg: 'Spot trading of ETH/USDT is not open', data: { field: 'symbol' } })
    expect(await runAdmin(s.database.db, ['markets', 'trade-config', 'ethusdt', '--spot', 'open'], io)).toBe(0)
    expect(await runAdmin(s.database.db, ['markets', 'trade-config', 'ethusdt'], io)).toBe(0)
    expect(out.at(-1)).toBe(
      'ethusdt (ETH/USDT): taker 0.001, maker 0.0005, min 0.01 ETH, slippage cap 0.01, spot open, micro closed, price decimals 2, amount decimals 4, price max age 2000 ms',
    )
  })
})

await describePostgres('spot trading', (open) => {
  describe('spot trading on PostgreSQL', () => {
    const s = suiteOn(open)
    describeSpot('PostgreSQL', s)

    it('makes one order of 30 parallel placements under one client_oid', async () => {
      const u = await trader(s, '5000', '0')
      const order = { side: 'buy', type: 'limit', price: '40000', amount: '0.01', client_oid: 'race-1' }
      const answers = await Promise.all(Array.from({ length: 30 }, () => place(s, u, order)))
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1)
      expect(await ordersOf(s, u)).toBe(1)
      expect(await bucketsOf(s.database.db, u.id, 'USDT')).toEqual({ available: '4600', frozen: '400' })
      await expectBalancedLedger(s)
    })
  })
})
