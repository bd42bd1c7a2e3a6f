/**
 * Spot order state machine as a fast-check model (issue 11 "Done when"): random sequences of limit buys and sells,
 * market buys and sells, cancels (of open and of closed orders) and feed trades run through the real calls and the
 * real matcher, against a model of each order's filled amount and state. After EVERY step:
 * - each order moved only along legal transitions (pending → partially filled → filled, either open one → cancelled;
 *   filled and cancelled never change), and its filled amount is what the model says (a trade through the prices
 *   of resting orders shares what it printed among them per side, the best price first, then the oldest);
 * - an order's state fits its figures (filled = amount ⇔ filled; nothing frozen once filled or cancelled);
 * - the user's frozen USDT and BTC are the frozen amounts of its open orders, and a release was posted at most once
 *   per order;
 * - what the user holds is the opening funds moved by its fills exactly (Σ quote paid and received, base bought and
 *   sold, fees), and the ledger check holds (every currency sums to zero, balances equal their entries, none < 0).
 * SPOT_MODEL_RUNS overrides the number of sequences (default 150 per database).
 */
import fc from 'fast-check'
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { add, compare, negate, parseDecimal, subtract, type DecimalString } from '../../common/amount'
import type { Order, OrderState } from '../../common/api/trade'
import type { DepthTick } from '../../common/feed/messages'
import type { Database } from '../../server/db/client'
import { ledgerTransactions, spotFills, spotOrders } from '../../server/db/schema'
import { checkLedger } from '../../server/ledger/check'
import { startSpotMatcher, type SpotMatcher } from '../../server/trading/spot/matcher'
import { bucketsOf, clearMoneyTables, moneyUser, openChain, serviceCalls } from '../helpers/ledger-ops'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { fakeMarket, type FakeMarket } from '../helpers/server-fake-market'
import { testApp, type TestApp } from '../helpers/server-app'
import { makeUser, type TestUser } from '../helpers/server-users'

const RUNS = Number(process.env.SPOT_MODEL_RUNS ?? 150)
const PRICES = ['59000', '60000', '61000'] as const
const OPENING = { USDT: '10000', BTC: '0.2' } as const
const d = parseDecimal
/** BTC amounts of 0.001 … 0.05 from a count of thousandths. */
const btc = (n: number) => d((n / 1000).toFixed(3))

/** Steps that did something, by kind: a generator change cannot quietly reduce the test to refusals. */
const seen = new Map<string, number>()
const saw = (kind: string) => seen.set(kind, (seen.get(kind) ?? 0) + 1)

const LEGAL: Record<OrderState, readonly OrderState[]> = {
  pending: ['pending', 'partially_filled', 'filled', 'cancelled'],
  partially_filled: ['partially_filled', 'filled', 'cancelled'],
  filled: ['filled'],
  cancelled: ['cancelled'],
  rejected: ['rejected'],
}

interface ModelOrder {
  id: number
  side: 'buy' | 'sell'
  price: DecimalString
  amount: DecimalString
  filled: DecimalString
  open: boolean
  placedAt: number
}
interface Model {
  orders: ModelOrder[]
  states: Map<number, OrderState>
}
interface Real {
  t: TestApp
  market: FakeMarket
  matcher: SpotMatcher
  database: Database
  user: TestUser
  tradeId: number
}

const place = (r: Real, order: object) =>
  moneyCall<Order>(r.t.app, r.user.token, 'POST', 'trade/order_place', {
    symbol: 'btcusdt',
    client_oid: randomUUID(),
    ...order,
  })

class PlaceLimit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly side: 'buy' | 'sell',
    readonly price: string,
    readonly thousandths: number,
  ) {}
  check = () => true
  async run(m: Model, r: Real) {
    // A book none of the model's prices crosses: every limit order rests (crossing limits: spot-exploits.test.ts).
    const ts = Date.now()
    const tick = { asks: [[62000, 1]], bids: [[58000, 1]], version: ts, ts } satisfies DepthTick
    r.market.emit({ type: 'book', symbol: 'btcusdt', ts, tick, recorded: false })
    const res = await place(r, { side: this.side, type: 'limit', price: this.price, amount: btc(this.thousandths) })
    if (res.body.code === 1) {
      m.orders.push({
        id: res.body.data.id,
        side: this.side,
        price: d(this.price),
        amount: btc(this.thousandths),
        filled: d('0'),
        open: true,
        placedAt: Date.now(),
      })
    } else expect(res.body.msg, `limit ${this.side}`).toBe('Lack of funds')
    await verify(m, r, this.toString())
  }
  toString = () => `limit ${this.side} ${btc(this.thousandths)} @ ${this.price}`
}

class PlaceMarket implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly side: 'buy' | 'sell',
    readonly thousandths: number,
  ) {}
  check = () => true
  async run(m: Model, r: Real) {
    const ts = Date.now()
    r.market.emit({
      type: 'book',
      symbol: 'btcusdt',
      ts,
      tick: {
        asks: [
          [60000, 0.02],
          [60100, 0.03],
        ],
        bids: [
          [59900, 0.02],
          [59800, 0.03],
        ],
        version: ts,
        ts,
      },
      recorded: false,
    })
    const res = await place(r, { side: this.side, type: 'market', amount: btc(this.thousandths) })
    if (this.thousandths > 50) expect(res.body.msg).toMatch(/does not hold enough/)
    else if (res.body.code === 1) {
      expect(res.body.data).toMatchObject({ status: 'filled', deal_amount: String(btc(this.thousandths)) })
      saw('market fill')
    } else expect(res.body.msg).toBe('Lack of funds')
    await verify(m, r, this.toString())
  }
  toString = () => `market ${this.side} ${btc(this.thousandths)}`
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.orders.length > 0
  async run(m: Model, r: Real) {
    const o = m.orders[this.pick % m.orders.length]!
    const res = await moneyCall<Order>(r.t.app, r.user.token, 'POST', 'trade/order_cancel', { id: o.id })
    if (o.open) {
      expect(res.body, `cancel #${o.id}`).toMatchObject({ code: 1, data: { status: 'cancelled' } })
      saw(compare(o.filled, d('0')) > 0 ? 'cancel after a fill' : 'cancel')
      o.open = false
    } else expect(res.body.msg).toBe('This order can no longer be cancelled')
    await verify(m, r, this.toString())
  }
  toString = () => `cancel #${this.pick}`
}

class Trade implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly price: string,
    readonly thousandths: number,
  ) {}
  check = () => true
  async run(m: Model, r: Real) {
    const ts = Date.now() + 1
    const amount = btc(this.thousandths)
    const tradeId = ++r.tradeId
    r.market.emit({
      type: 'trades',
      symbol: 'btcusdt',
      ts,
      trades: [{ id: tradeId, tradeId, ts, price: Number(this.price), amount: Number(amount), direction: 'buy' }],
      recorded: false,
    })
    await r.matcher.idle()
    for (const side of ['buy', 'sell'] as const) {
      // The print is shared per side: the best price first, then the oldest, each up to what it needs.
      const through = m.orders
        .filter((o) => {
          const c = compare(d(this.price), o.price)
          return o.side === side && o.open && ts >= o.placedAt && (side === 'buy' ? c <= 0 : c >= 0)
        })
        .sort((a, b) => (side === 'buy' ? compare(b.price, a.price) : compare(a.price, b.price)) || a.id - b.id)
      let printed = amount
      for (const o of through) {
        if (compare(printed, d('0')) <= 0) break
        const left = subtract(o.amount, o.filled)
        const take = compare(printed, left) < 0 ? printed : left
        o.filled = add(o.filled, take)
        printed = subtract(printed, take)
        saw(through.length > 1 ? 'shared print' : 'limit fill')
        if (compare(o.filled, o.amount) === 0) o.open = false
      }
    }
    await verify(m, r, this.toString())
  }
  toString = () => `trade ${btc(this.thousandths)} @ ${this.price}`
}

async function verify(m: Model, r: Real, step: string) {
  const db = r.database.db
  const rows = await db.select().from(spotOrders).where(eq(spotOrders.userId, r.user.id))
  const frozen = { USDT: d('0'), BTC: d('0') }
  for (const row of rows) {
    const before = m.states.get(row.id) ?? 'pending'
    expect(LEGAL[before], `${step}: order #${row.id} ${before} → ${row.status}`).toContain(row.status)
    m.states.set(row.id, row.status)
    const filled = d(row.filledAmount)
    const isFull = compare(filled, d(row.amount)) === 0
    expect(row.status === 'filled', `${step}: #${row.id} filled ⇔ all filled`).toBe(isFull)
    if (row.status === 'pending') expect(filled).toBe('0')
    if (row.status === 'filled' || row.status === 'cancelled')
      expect(row.frozen, `#${row.id} frozen`).toMatch(/^0(\.0+)?$/)
    const model = m.orders.find((o) => o.id === row.id)
    if (model) {
      expect(filled, `${step}: #${row.id} filled amount`).toBe(model.filled)
      expect(row.status === 'pending' || row.status === 'partially_filled').toBe(model.open)
      const ccy = row.side === 'buy' ? 'USDT' : 'BTC'
      if (model.open) frozen[ccy] = add(frozen[ccy], d(row.frozen))
    }
  }
  const usdt = await bucketsOf(db, r.user.id, 'USDT')
  const btcB = await bucketsOf(db, r.user.id, 'BTC')
  expect({ usdt: usdt.frozen, btc: btcB.frozen }, `${step}: frozen = open orders' frozen`).toEqual({
    usdt: frozen.USDT,
    btc: frozen.BTC,
  })
  // Holdings = the opening funds moved by the fills, exactly.
  const fills = await db
    .select({ side: spotOrders.side, amount: spotFills.amount, quote: spotFills.quoteAmount, fee: spotFills.fee })
    .from(spotFills)
    .innerJoin(spotOrders, eq(spotFills.orderId, spotOrders.id))
    .where(eq(spotOrders.userId, r.user.id))
  let expUsdt = d(OPENING.USDT)
  let expBtc = d(OPENING.BTC)
  for (const f of fills) {
    if (f.side === 'buy') {
      expUsdt = add(expUsdt, negate(d(f.quote)))
      expBtc = add(expBtc, subtract(d(f.amount), d(f.fee)))
    } else {
      expUsdt = add(expUsdt, subtract(d(f.quote), d(f.fee)))
      expBtc = add(expBtc, negate(d(f.amount)))
    }
  }
  expect(add(d(usdt.available), d(usdt.frozen)), `${step}: USDT held`).toBe(expUsdt)
  expect(add(d(btcB.available), d(btcB.frozen)), `${step}: BTC held`).toBe(expBtc)
  const releases = await db
    .select({ ref: ledgerTransactions.reference, n: sql<number>`count(*)::int` })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, 'spot_release'), eq(ledgerTransactions.userId, r.user.id)))
    .groupBy(ledgerTransactions.reference)
  for (const rel of releases) expect(rel.n, `${step}: releases of ${rel.ref}`).toBe(1)
  const check = await checkLedger(db)
  expect(check.ok, `${step}: ledger check ${JSON.stringify(check.mismatches)}`).toBe(true)
}

const commands = fc.commands(
  [
    fc
      .tuple(
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        fc.constantFrom(...PRICES),
        fc.integer({ min: 1, max: 50 }),
      )
      .map(([side, price, n]) => new PlaceLimit(side, price, n)),
    fc
      .tuple(fc.constantFrom<'buy' | 'sell'>('buy', 'sell'), fc.integer({ min: 1, max: 60 }))
      .map(([side, n]) => new PlaceMarket(side, n)),
    fc.nat().map((i) => new Cancel(i)),
    fc
      .tuple(fc.constantFrom(...PRICES, '58500', '61500'), fc.integer({ min: 1, max: 40 }))
      .map(([price, n]) => new Trade(price, n)),
  ],
  { maxCommands: 20 },
)

function describeModel(name: string, open: () => Promise<Database>) {
  describe(`spot order model on ${name}`, () => {
    let database: Database
    let t: TestApp
    let market: FakeMarket
    let matcher: SpotMatcher
    let tradeId = 0
    beforeAll(async () => {
      database = await open()
      market = fakeMarket({ source: 'sim' })
      t = await testApp({ db: database.db, market })
      matcher = startSpotMatcher({ db: database.db, market })
      await openChain(database.db, 'BTC', { fee: '0', min: '0.001' })
      await openChain(database.db, 'USDT', { fee: '1', min: '2' })
    })
    afterAll(async () => {
      matcher?.stop()
      await t?.app.close()
      await database?.close()
    })

    it(`keeps every order on a legal path and every unit accounted for, over ${RUNS} random sequences`, async () => {
      seen.clear()
      await fc.assert(
        fc.asyncProperty(commands, async (cmds) => {
          const db = database.db
          await clearMoneyTables(db)
          const user = await makeUser(db)
          const calls = serviceCalls(db, new Map([[user.id, await moneyUser(db, user.id)]]))
          await calls.deposit(user.id, 'USDT', d(OPENING.USDT), randomUUID())
          await calls.deposit(user.id, 'BTC', d(OPENING.BTC), randomUUID())
          const real: Real = { t, market, matcher, database, user, tradeId }
          await fc.asyncModelRun(() => ({ model: { orders: [], states: new Map() }, real }), cmds)
          tradeId = real.tradeId
        }),
        { numRuns: RUNS },
      )
      console.log(`spot order model on ${name}: ${RUNS} runs`, Object.fromEntries(seen))
      if (RUNS >= 100) {
        for (const kind of ['limit fill', 'shared print', 'market fill', 'cancel', 'cancel after a fill']) {
          expect(seen.get(kind) ?? 0, `${kind} steps`).toBeGreaterThan(0)
        }
      }
    }, 600_000)
  })
}

describeModel('PGlite', () => pgliteTestDb())

await describePostgres('spot order model', (open) => describeModel('PostgreSQL', open))
