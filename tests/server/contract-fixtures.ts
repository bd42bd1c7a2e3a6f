/**
 * Futures test bench: the HTTP app and a risk engine on one database and one fake feed whose books and trades the test
 * sends (at the wall clock, so books are fresh), users with USDT in the contract wallet, and the calls. Like a live
 * feed, the fake one repeats each symbol's latest book every HEARTBEAT_MS at the wall clock (prices that move money
 * may be at most 2 s old: server/trading/freshness.ts), unless the test stalls it (`s.stalled = true`).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { ContractHistory, ContractOrder, Position } from '../../common/api/contract'
import type { Database } from '../../server/db/client'
import { startContractEngine, type ContractEngine } from '../../server/trading/contract/engine'
import { bucketsOf, moneyUser, openChain, serviceCalls } from '../helpers/ledger-ops'
import { moneyCall } from '../helpers/money-calls'
import { fakeMarket, type FakeMarket } from '../helpers/server-fake-market'
import { testApp, type TestApp } from '../helpers/server-app'
import { makeUser, type TestUser } from '../helpers/server-users'

export interface ContractSuite {
  database: Database
  t: TestApp
  market: FakeMarket
  engine: ContractEngine
  operator: TestUser
  /** True while the feed's heartbeat is held (the feed stalled): books age. */
  stalled: boolean
  /** One heartbeat now (the latest books again at the wall clock), unless stalled. */
  beat: () => void
  /** The risk engine's log lines (a failed action says why here). */
  engineLog: string[]
}

let version = 1
let tradeId = 1

/** How often the fake feed repeats its latest books, ms. */
export const HEARTBEAT_MS = 250

/**
 * The suite's app, feed and engine on the database `open` gives, closed after the file; `scope`: the partitions the
 * engine acts on (server/cluster/partitions.ts; default all, one engine per database).
 */
export function contractSuite(
  open: () => Promise<Database>,
  opts: { scope?: ReadonlySet<number> } = {},
): ContractSuite {
  const s = { stalled: false, engineLog: [] as string[] } as ContractSuite
  let heartbeat: ReturnType<typeof setInterval> | undefined
  beforeAll(async () => {
    s.database = await open()
    s.market = fakeMarket({ source: 'replay' })
    const symbols = new Set<string>()
    const emit = s.market.emit.bind(s.market)
    s.market.emit = (e) => {
      if (e.type === 'book') symbols.add(e.symbol)
      emit(e)
    }
    s.beat = () => {
      if (s.stalled) return
      for (const symbol of symbols) {
        const last = s.market.lastBook(symbol)
        if (!last) continue
        const ts = Date.now()
        emit({ type: 'book', symbol, ts, tick: { ...last.tick, version: version++, ts }, recorded: last.recorded })
      }
    }
    heartbeat = setInterval(s.beat, HEARTBEAT_MS)
    s.t = await testApp({ db: s.database.db, market: s.market })
    s.engine = await startContractEngine({
      db: s.database.db,
      market: s.market,
      log: (l) => s.engineLog.push(l),
      scope: opts.scope,
    })
    await openChain(s.database.db, 'USDT', { fee: '1', min: '2' })
    s.operator = await makeUser(s.database.db, 'operator')
  })
  afterAll(async () => {
    clearInterval(heartbeat)
    await s.engine?.stop()
    await s.t?.app.close()
    await s.database?.close()
  })
  return s
}

/** A book of `symbol` with one bid and one ask level (size 5), at the wall clock. */
export function book(s: ContractSuite, bid: number, ask: number, symbol = 'btcusdt', size = 5) {
  const ts = Date.now()
  s.market.emit({
    type: 'book',
    symbol,
    ts,
    tick: { bids: [[bid, size]], asks: [[ask, size]], version: version++, ts },
  })
}

/** One print of `symbol` at `price` of `size` BTC (a buy), at the wall clock; ids unique in the process. */
export function print(s: ContractSuite, price: number, size: number, symbol = 'btcusdt') {
  const ts = Date.now()
  const id = tradeId++
  s.market.emit({
    type: 'trades',
    symbol,
    ts,
    trades: [{ id, ts, tradeId: id, amount: size, price, direction: 'buy' }],
  })
}

/** One trade of `symbol` at `price` (0.5 BTC), at the wall clock. */
export function trade(s: ContractSuite, price: number, symbol = 'btcusdt') {
  print(s, price, 0.5, symbol)
}

/** The market at `bid`/`ask` with a trade at the mid: the mark becomes the mid. */
export function marketAt(s: ContractSuite, bid: number, ask: number, symbol = 'btcusdt') {
  book(s, bid, ask, symbol)
  trade(s, (bid + ask) / 2, symbol)
}

/**
 * A user with `usdt` USDT in the live contract wallet (deposited, then moved from the coin account): `user`, or a new
 * one.
 */
export async function trader(s: ContractSuite, usdt: string, user?: TestUser): Promise<TestUser> {
  user ??= await makeUser(s.database.db)
  const money = await moneyUser(s.database.db, user.id)
  const calls = serviceCalls(s.database.db, new Map([[user.id, money]]))
  await calls.deposit(user.id, 'USDT', parseDecimal(usdt), randomUUID())
  const who = { userId: user.id, book: 'live' as const, key: randomUUID() }
  await calls.transfer(who, { currency: 'USDT', from: 'spot', to: 'contract', amount: parseDecimal(usdt) })
  return user
}

/**
 * POST contract/order_place as `u` (BTC/USDT, 10×, market long by default), the feed's latest books repeated just
 * before (a slow test database can hold the event loop past the heartbeat).
 */
export const open = (s: ContractSuite, u: TestUser, order: object) => {
  s.beat()
  return moneyCall<ContractOrder>(s.t.app, u.token, 'POST', 'contract/order_place', {
    symbol: 'btcusdt',
    side: 'long',
    type: 'market',
    leverage: 10,
    client_oid: randomUUID(),
    ...order,
  })
}

export const positions = async (s: ContractSuite, u: TestUser) =>
  (await moneyCall<Position[]>(s.t.app, u.token, 'GET', 'contract/positions')).body.data

export const history = async (s: ContractSuite, u: TestUser) =>
  (await moneyCall<{ list: ContractHistory[] }>(s.t.app, u.token, 'GET', 'contract/history')).body.data.list

/** The user's contract wallet buckets. */
export const wallet = (s: ContractSuite, u: TestUser) => bucketsOf(s.database.db, u.id, 'USDT', 'contract')

/**
 * Lets the engine see every committed change, then waits until it has acted on everything it decided; none of its
 * actions may have failed (a failed batch would hide behind its one-by-one fallback).
 */
export async function settled(s: ContractSuite): Promise<void> {
  await s.engine.reloadAll()
  await s.engine.idle()
  expect(s.engine.stats().failures).toBe(0)
}

/** The operator's ledger check holds. */
export async function expectBalancedLedger(s: ContractSuite) {
  const check = await moneyCall<{ ok: boolean }>(s.t.app, s.operator.token, 'GET', 'admin/ledger_check')
  expect(check.body.data).toMatchObject({ ok: true, mismatches: [] })
}
