/**
 * Fixtures of the second-contract tests (micro*.test.ts): an app over a fake feed whose tickers the test sends, a
 * funded player, placing an order while the feed keeps pricing (an order opens at the first price received after it
 * is accepted), and a settler whose clock the test sets.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { MicroOrder } from '../../common/api/micro'
import type { TickerTick } from '../../common/feed/messages'
import type { Database } from '../../server/db/client'
import { startMicroSettler, type MicroSettler } from '../../server/trading/micro/settler'
import { bucketsOf, moneyUser, openChain, serviceCalls } from '../helpers/ledger-ops'
import { moneyCall } from '../helpers/money-calls'
import { fakeMarket, type FakeMarket } from '../helpers/server-fake-market'
import { testApp, type TestApp } from '../helpers/server-app'
import { makeUser, type TestUser } from '../helpers/server-users'

export interface MicroSuite {
  database: Database
  t: TestApp
  market: FakeMarket
  operator: TestUser
}

/** An app over a fresh database from `open` and a fake 'replay' feed, for the tests of one describe block. */
export function microSuiteOn(open: () => Promise<Database>): MicroSuite {
  const s = {} as MicroSuite
  beforeAll(async () => {
    s.database = await open()
    s.market = fakeMarket({ source: 'replay' })
    s.t = await testApp({ db: s.database.db, market: s.market })
    await openChain(s.database.db, 'USDT', { fee: '1', min: '2' })
    s.operator = await makeUser(s.database.db, 'operator')
  })
  afterAll(async () => {
    await s.t?.app.close()
    await s.database?.close()
  })
  return s
}

/** A ticker of `symbol` (default BTC/USDT) at `price`, event time `ts` (ms), as the hub would send it. */
export function ticker(s: Pick<MicroSuite, 'market'>, price: number, ts: number, symbol = 'btcusdt'): void {
  const tick: TickerTick = {
    open: price,
    high: price,
    low: price,
    close: price,
    amount: 1,
    vol: price,
    count: 1,
    bid: price,
    bidSize: 1,
    ask: price,
    askSize: 1,
    lastPrice: price,
    lastSize: 1,
  }
  s.market.emit({ type: 'ticker', symbol, ts, tick })
}

/**
 * Resolves `call` while the feed sends a ticker of `symbol` at `price` (event time `ts()`, default now) every few ms
 * once someone has started listening for the next price (an order opens at the first price received after it is
 * accepted), until it answers. Nothing is sent while no one waits: a caller that answers at once (the old rule, the
 * latest price before acceptance) sees only the prices sent before.
 */
export async function whilePricing<T>(
  s: Pick<MicroSuite, 'market'>,
  call: Promise<T>,
  price: number,
  opts: { symbol?: string; ts?: () => number } = {},
): Promise<T> {
  const base = s.market.listenerCount()
  let done = false
  const answer = call.finally(() => (done = true))
  while (!done) {
    if (s.market.listenerCount() > base) ticker(s, price, opts.ts?.() ?? Date.now(), opts.symbol)
    await new Promise((r) => setTimeout(r, 5))
  }
  return answer
}

/** A user with `usdt` USDT in the options wallet of the live book (deposited, then moved from the coin account). */
export async function player(s: MicroSuite, usdt: string): Promise<TestUser> {
  const user = await makeUser(s.database.db)
  const money = await moneyUser(s.database.db, user.id)
  const calls = serviceCalls(s.database.db, new Map([[user.id, money]]))
  await calls.deposit(user.id, 'USDT', parseDecimal(usdt), randomUUID())
  const who = { userId: user.id, book: 'live' as const, key: randomUUID() }
  await calls.transfer(who, { currency: 'USDT', from: 'spot', to: 'option', amount: parseDecimal(usdt) })
  return user
}

/** POST micro/order_place as `u` (BTC/USDT, 30 s unless `order` says otherwise). */
export const place = (s: MicroSuite, u: TestUser, order: object) =>
  moneyCall<MicroOrder>(s.t.app, u.token, 'POST', 'micro/order_place', {
    symbol: 'btcusdt',
    duration_s: 30,
    client_oid: randomUUID(),
    ...order,
  })

/** GET micro/order_detail of `id` as `u`. */
export const detail = async (s: MicroSuite, u: TestUser, id: number) =>
  (await moneyCall<MicroOrder>(s.t.app, u.token, 'GET', 'micro/order_detail', { id: String(id) })).body.data

/** The live options wallet of `u` in USDT. */
export const option = (s: MicroSuite, u: TestUser) => bucketsOf(s.database.db, u.id, 'USDT', 'option')

/** `admin/ledger_check` answers ok with no mismatch. */
export async function expectBalancedLedger(s: MicroSuite): Promise<void> {
  const check = await moneyCall<{ ok: boolean }>(s.t.app, s.operator.token, 'GET', 'admin/ledger_check')
  expect(check.body.data).toMatchObject({ ok: true, mismatches: [] })
}

/** A settler whose clock reads `clock.now` (passes run when the test calls `pass()`). */
export function settlerAt(s: MicroSuite, clock: { now: number }): MicroSettler {
  return startMicroSettler({
    db: s.database.db,
    market: s.market,
    now: () => new Date(clock.now),
    intervalMs: 3_600_000,
  })
}
