/**
 * The world of the futures model (contract-model-suite.ts): the suite's app, feed and risk engine (contract-fixtures.ts)
 * with two markets, BTC/USDT and ETH/USDT, each fresh or stale on its own; the funding job on a funding clock the test
 * moves from one funding time to the next; and an anchor account holding a small position in each market for the
 * whole file, so that every funding time gets its rate while it is current (funding-rates.ts fixes rates only for
 * symbols with open positions: without the anchor, a later position would be charged for the funding times missed
 * meanwhile, since its opening time is the wall clock's and the funding clock runs ahead of it).
 *
 * Staleness without sleeping: the feed's heartbeat (HEARTBEAT_MS, as contract-fixtures.ts sends it) repeats the
 * latest book of each fresh market at the wall clock; a stale market gets no heartbeat, and its latest book and trade
 * are sent with a feed time older than the market's `price_max_age_ms` (server/trading/freshness.ts), which is what
 * the server sees after that long without a price.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect } from 'vitest'
import { negate, parseDecimal, subtract, type DecimalString } from '../../common/amount'
import type { ContractOrder } from '../../common/api/contract'
import { startFundingJob, type FundingJob } from '../../server/trading/contract/funding-job'
import { priceMaxAgeMs } from '../../server/trading/freshness'
import { createSession } from '../../server/auth/sessions'
import { users } from '../../server/db/schema'
import { moneyTransaction } from '../../server/ledger/idempotent'
import { postTransactions } from '../../server/ledger/post-many'
import { moneyCall } from '../helpers/money-calls'
import type { TestUser } from '../helpers/server-users'
import { HEARTBEAT_MS, type ContractSuite } from './contract-fixtures'

/** The markets of the model: seed mid, the range moves stay in, the book's half spread and depth (base currency). */
export const MARKETS = {
  btcusdt: { base: 60_000, lo: 50_000, hi: 70_000, half: 5, depth: 5, amountScale: 3 },
  ethusdt: { base: 3_000, lo: 2_500, hi: 3_500, half: 0.5, depth: 50, amountScale: 2 },
} as const
export type Sym = keyof typeof MARKETS
export const SYMS = Object.keys(MARKETS) as Sym[]

/** What a sequence's trader is given: deposited to the spot wallet, of which OPENING moves to the futures wallet. */
export const DEPOSIT = '500'
export const OPENING = '300'

/** The funding clock: the wall clock until a funding step sets it. */
export interface FundingClock {
  at: number | undefined
  now: () => Date
}

export interface World {
  s: ContractSuite
  funding: FundingJob
  clock: FundingClock
  /** Each market's mid now. */
  mid: Record<Sym, number>
  /** Markets whose feed is stalled (their latest price older than the freshness limit). */
  stale: Set<Sym>
  /** Each market's freshness limit, ms. */
  maxAge: Record<Sym, number>
  /** The engine's failure count when the sequence began. */
  failuresBefore: number
  /** The latest book of every fresh market again, at the wall clock. */
  beat(): void
}

/** A trader of one sequence and what it deposited (nothing leaves the platform in the model: no withdrawals). */
export interface Trader {
  user: Pick<TestUser, 'id' | 'token'>
  deposited: DecimalString
  /** What of it went to the futures wallet at the start. */
  opening: DecimalString
}

const d = parseDecimal
let version = 1_000_000_000
let tradeId = 1_000_000_000

/** Sends `symbol`'s book (one level a side) and a trade at `tradeAt` (default the mid), at feed time `ts`. */
export function emitMarket(w: World, symbol: Sym, ts = Date.now(), tradeAt?: number) {
  const m = MARKETS[symbol]
  const mid = w.mid[symbol]
  const v = version++
  w.s.market.emit({
    type: 'book',
    symbol,
    ts,
    tick: { bids: [[mid - m.half, m.depth]], asks: [[mid + m.half, m.depth]], version: v, ts },
  })
  const id = tradeId++
  w.s.market.emit({
    type: 'trades',
    symbol,
    ts,
    trades: [{ id, ts, tradeId: id, amount: m.depth, price: tradeAt ?? mid, direction: 'buy' }],
  })
}

/** `symbol` at its mid now, fresh: a stalled feed resumes. */
export function freshMarket(w: World, symbol: Sym, tradeAt?: number) {
  w.stale.delete(symbol)
  emitMarket(w, symbol, Date.now(), tradeAt)
}

/** `symbol` stalls: its latest price (at its mid now) is 1 s older than its freshness limit, and no heartbeat follows. */
export function staleMarket(w: World, symbol: Sym) {
  w.stale.add(symbol)
  emitMarket(w, symbol, Date.now() - w.maxAge[symbol] - 1000)
}

/** Moves `symbol`'s mid by `bp` basis points, kept in the market's range; answers the new mid. */
export function shift(w: World, symbol: Sym, bp: number): number {
  const m = MARKETS[symbol]
  const to = w.mid[symbol] * (1 + bp / 10_000)
  w.mid[symbol] = Math.round(Math.min(m.hi, Math.max(m.lo, to)) * 100) / 100
  return w.mid[symbol]
}

/** A call as `u`, the fresh markets' books repeated just before (a slow database can hold the event loop). */
export function call<T>(w: World, u: Pick<TestUser, 'token'>, method: 'GET' | 'POST', path: string, body?: object) {
  w.beat()
  return moneyCall<T>(w.s.t.app, u.token, method, path, body)
}

/**
 * Lets the engine see every committed change and finish what it decided; none of its actions may have failed since
 * the sequence began (its log says why one did).
 */
export async function settle(w: World) {
  await w.s.engine.reloadAll()
  await w.s.engine.idle()
  const failures = w.s.engine.stats().failures - w.failuresBefore
  expect(failures, `risk engine failures: ${w.s.engineLog.slice(-3).join(' | ')}`).toBe(0)
}

/**
 * New users, each with `deposit` USDT deposited, `opening` of it in the futures wallet and the rest in the spot wallet
 * (one ledger transaction for all of them, as the deposit review posts it: from `system:deposits`).
 */
export async function newTraders(w: World, n: number, deposit = DEPOSIT, opening = OPENING): Promise<Trader[]> {
  const db = w.s.database.db
  const made = await db
    .insert(users)
    .values(
      Array.from({ length: n }, () => ({
        email: `model-${randomUUID()}@example.com`,
        inviteCode: randomUUID().slice(0, 8),
      })),
    )
    .returning({ id: users.id })
  const traders: Trader[] = []
  for (const { id } of made) {
    const token = await createSession(db, id, { ip: '127.0.0.1', userAgent: 'vitest' })
    traders.push({ user: { id, token }, deposited: d(deposit), opening: d(opening) })
  }
  await moneyTransaction(db, (tx) =>
    postTransactions(
      tx,
      traders.map((t) => ({
        kind: 'deposit',
        book: 'live' as const,
        userId: t.user.id,
        reference: `model:${randomUUID()}`,
        actor: 'system',
        entries: [
          {
            owner: { system: 'deposits' as const },
            currency: 'USDT',
            bucket: 'available' as const,
            amount: negate(t.deposited),
          },
          {
            owner: { userId: t.user.id, wallet: 'spot' as const },
            currency: 'USDT',
            bucket: 'available' as const,
            amount: subtract(t.deposited, t.opening),
          },
          {
            owner: { userId: t.user.id, wallet: 'contract' as const },
            currency: 'USDT',
            bucket: 'available' as const,
            amount: t.opening,
          },
        ].filter((e) => e.amount !== '0'),
      })),
    ),
  )
  return traders
}

/**
 * The model's world on suite `s`: per-market heartbeat (the suite's own is held), the funding job on the test's
 * funding clock, both markets fresh at their seed mids and the anchor's positions open. Set up before the file's
 * tests, stopped after them.
 */
export function modelWorld(s: ContractSuite): World {
  const w = { s, stale: new Set<Sym>(), mid: {}, maxAge: {}, failuresBefore: 0 } as World
  let heartbeat: ReturnType<typeof setInterval> | undefined
  w.clock = {
    at: undefined,
    now: () => new Date(w.clock.at ?? Date.now()),
  }
  w.beat = () => {
    for (const symbol of SYMS) if (!w.stale.has(symbol)) emitMarket(w, symbol)
  }
  beforeAll(async () => {
    s.stalled = true
    heartbeat = setInterval(() => w.beat(), HEARTBEAT_MS)
    for (const symbol of SYMS) {
      w.mid[symbol] = MARKETS[symbol].base
      w.maxAge[symbol] = await priceMaxAgeMs(s.database.db, symbol)
      freshMarket(w, symbol)
    }
    w.funding = await startFundingJob({
      db: s.database.db,
      market: s.market,
      now: () => w.clock.now(),
      intervalMs: 3_600_000,
      sampleMs: 0,
    })
    // The anchor: 2× positions far from liquidation in the model's price ranges, open for the whole file.
    const [anchor] = await newTraders(w, 1, '100000', '100000')
    for (const [symbol, side, amount] of [
      ['btcusdt', 'long', '0.001'],
      ['ethusdt', 'short', '0.01'],
    ] as const) {
      const res = await call<ContractOrder>(w, anchor!.user, 'POST', 'contract/order_place', {
        symbol,
        side,
        type: 'market',
        amount,
        leverage: 2,
        client_oid: randomUUID(),
      })
      expect(res.body.msg, `anchor ${symbol}`).toBe('success')
    }
  })
  afterAll(async () => {
    clearInterval(heartbeat)
    await w.funding?.stop()
  })
  return w
}

/** Time spent per label, ms (CONTRACT_MODEL_PROFILE=1 prints it). */
export const spent = new Map<string, number>()

/** Runs `f`, adding its time to `spent` under `label`. */
export async function timed<T>(label: string, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now()
  try {
    return await f()
  } finally {
    spent.set(label, (spent.get(label) ?? 0) + performance.now() - t0)
  }
}
