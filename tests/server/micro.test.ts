/**
 * Second contracts through the HTTP calls and the settlement job (issue 11 parts 2 and 3), on a fake feed whose
 * tickers the test sends and a settler whose clock the test sets:
 * - the seeded products (30, 60, 120, 300 s for BTC/USDT and ETH/USDT);
 * - a 30 s rise opened at 60000 (the first price received after acceptance) settles at the first price at or after
 *   delivery (not an earlier one): up → won, the stake back with 80 % on top; down → lost; an equal price → draw, the
 *   stake back; open and close prices with their feed times on the order;
 * - bad input by field (duration not offered, below the minimum, unknown market, stale price, short funds), nothing
 *   frozen;
 * - a settler started after delivery (a restart: it has seen no price before) settles at the first price it sees
 *   within 10 s after delivery; a contract whose delivery passed long before the restart is voided, stake back;
 * - on PostgreSQL two settlers on one database settle 120 due contracts, each exactly once; one settler settles
 *   1,100 contracts of two users due in the same second in one pass (batches side by side), the balances, balance_after
 *   chains and each user's event numbers exact;
 * - the ledger balances after each.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { add, parseDecimal } from '../../common/amount'
import type { MicroProduct } from '../../common/api/micro'
import { ledgerAccounts, ledgerEntries, ledgerTransactions, microOrders, userEvents } from '../../server/db/schema'
import { moneyTransaction } from '../../server/ledger/idempotent'
import { postTransaction } from '../../server/ledger/post'
import { runAdmin } from '../../server/cli/admin-commands'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import {
  type MicroSuite,
  detail,
  expectBalancedLedger,
  microSuiteOn,
  option,
  place as placeNow,
  player,
  settlerAt,
  ticker,
  whilePricing,
} from './micro-suite'
import type { TestUser } from '../helpers/server-users'

type Suite = MicroSuite
const suiteOn = microSuiteOn

/** Places an order while the feed prices BTC/USDT (or `order.symbol`) at `price`: it opens at that price. */
const place = (s: Suite, u: TestUser, order: { symbol?: string; [field: string]: unknown }, price = 60000) =>
  whilePricing(s, placeNow(s, u, order), price, { symbol: order.symbol ?? 'btcusdt' })

function describeMicro(name: string, s: Suite) {
  it(`lists the seeded products (${name})`, async () => {
    const r = await moneyCall<MicroProduct[]>(s.t.app, '', 'GET', 'micro/products', { symbol: 'btcusdt' })
    expect(r.body.data.map((p) => [p.duration_s, p.payout_rate, p.min_amount, p.fee_rate, p.currency])).toEqual([
      [30, '0.8', '10', '0', 'USDT'],
      [60, '0.85', '10', '0', 'USDT'],
      [120, '0.88', '10', '0', 'USDT'],
      [300, '0.9', '10', '0', 'USDT'],
    ])
  })

  it(`settles rise, fall and equal at the first price at or after delivery (${name})`, async () => {
    const u = await player(s, '1000')
    const clock = { now: Date.now() }
    const settler = settlerAt(s, clock)
    try {
      const opened = Date.now()
      const up = await place(s, u, { direction: 'up', amount: '100' })
      const down = await place(s, u, { direction: 'down', amount: '50' })
      expect(up.body.data).toMatchObject({ status: 'open', open_price: '60000', pnl: null })
      expect(up.body.data.open_ts).toBeGreaterThanOrEqual(opened)
      expect(await option(s, u)).toEqual({ available: '850', frozen: '150' })
      const delivery = Date.now() + 30_000
      // Before delivery: a price that would decide them the other way is not the close.
      ticker(s, 59000, delivery - 2000)
      clock.now = delivery + 5000
      expect(await settler.pass()).toBe(0)
      ticker(s, 60000.5, delivery + 1200)
      expect(await settler.pass()).toBe(2)
      const won = await detail(s, u, up.body.data.id)
      expect(won).toMatchObject({ status: 'won', close_price: '60000.5', pnl: '80', percentage: '80' })
      expect(won.close_ts).toBe(delivery + 1200)
      expect(await detail(s, u, down.body.data.id)).toMatchObject({ status: 'lost', pnl: '-50', percentage: '-100' })
      // An equal price is a draw: the stake comes back (ETH/USDT, whose prices this test has not moved ahead).
      const flat = await place(s, u, { symbol: 'ethusdt', direction: 'up', amount: '20' }, 3000)
      const flatDelivery = Date.now() + 30_000
      ticker(s, 3000, flatDelivery + 500, 'ethusdt')
      clock.now = flatDelivery + 5000
      expect(await settler.pass()).toBe(1)
      expect(await detail(s, u, flat.body.data.id)).toMatchObject({ status: 'draw', pnl: '0', close_price: '3000' })
      // 850 + (100 + 80) + 0 = 1030.
      expect(await option(s, u)).toEqual({ available: '1030', frozen: '0' })
      expect(await settler.pass()).toBe(0)
      // Settled in batches (a failed batch counts a failure and falls back to one transaction per order).
      expect(settler.stats()).toEqual({ settled: 3, failures: 0 })
      await expectBalancedLedger(s)
    } finally {
      await settler.stop()
    }
  })

  it(`refuses bad input by field, freezing nothing (${name})`, async () => {
    const u = await player(s, '30')
    const refuse = async (order: object, field: string, msg: string, priceAge = 0) => {
      const call = placeNow(s, u, { direction: 'up', amount: '20', ...order })
      const r = await whilePricing(s, call, 60000, { ts: () => Date.now() - priceAge })
      expect(r.body, JSON.stringify(order)).toMatchObject({ msg, data: { field } })
    }
    await refuse({ duration_s: 45 }, 'duration_s', 'BTC/USDT options are not offered for 45 seconds')
    await refuse({ amount: '5' }, 'amount', 'The minimum stake is 10 USDT')
    await refuse({ amount: '40' }, 'amount', 'Lack of funds')
    await refuse({ symbol: 'nopeusdt' }, 'symbol', 'This market does not exist')
    // Only prices a minute old arrive: none opens it within the market's maximum age (2 s).
    await refuse({}, 'symbol', 'Prices are not up to date right now. Please try again in a moment', 60_000)
    expect(await option(s, u)).toEqual({ available: '30', frozen: '0' })
  })

  it(`plays in the demo book against demo balances only (${name})`, async () => {
    const u = await player(s, '50')
    expect((await moneyCall(s.t.app, u.token, 'POST', 'assets/demo_enter')).body.code).toBe(1)
    const moved = await moneyCall(s.t.app, u.token, 'POST', 'assets/transfer', {
      currency: 'USDT',
      from: 'spot',
      to: 'option',
      amount: '1000',
    })
    expect(moved.body.code).toBe(1)
    const r = await place(s, u, { direction: 'up', amount: '500' })
    expect(r.body.data).toMatchObject({ status: 'open', amount: '500' })
    expect((await moneyCall(s.t.app, u.token, 'POST', 'assets/demo_exit')).body.code).toBe(1)
    expect(await option(s, u)).toEqual({ available: '50', frozen: '0' })
    const live = await moneyCall<{ total: number }>(s.t.app, u.token, 'GET', 'micro/order_list', {})
    expect(live.body.data.total).toBe(0)
    await expectBalancedLedger(s)
  })

  it(`settles after a restart at the first price the new process sees within 10 s (${name})`, async () => {
    const u = await player(s, '100')
    const r = await place(s, u, { direction: 'down', amount: '10' }, 61000)
    const delivery = Date.now() + 30_000
    // The first process stops before delivery; the next starts 2 s after it, having seen no price yet.
    const clock = { now: delivery + 2000 }
    const next = settlerAt(s, clock)
    try {
      expect(await next.pass()).toBe(0)
      ticker(s, 60990, delivery + 3000)
      // (It also settles what earlier tests left open on this database, such as the demo contract.)
      expect(await next.pass()).toBeGreaterThanOrEqual(1)
      expect(await detail(s, u, r.body.data.id)).toMatchObject({ status: 'won', close_ts: delivery + 3000, pnl: '8' })
      await expectBalancedLedger(s)
    } finally {
      await next.stop()
    }
  })

  it(`voids a contract whose delivery passed long before a restart, stake back (${name})`, async () => {
    const u = await player(s, '100')
    const r = await place(s, u, { direction: 'up', amount: '10' }, 61000)
    expect(await option(s, u)).toEqual({ available: '90', frozen: '10' })
    const delivery = Date.now() + 60_000
    // The next process starts a minute after delivery: no price it can see is within 10 s after it.
    const clock = { now: delivery + 60_000 }
    const next = settlerAt(s, clock)
    try {
      ticker(s, 62000, delivery + 61_000)
      expect(await next.pass()).toBe(0)
      // Once it has listened for 10 s itself (another process that saw the delivery would have settled it by then).
      clock.now += 10_000
      expect(await next.pass()).toBeGreaterThanOrEqual(1)
      expect(await detail(s, u, r.body.data.id)).toMatchObject({
        status: 'voided',
        void_reason: 'no_price',
        close_price: null,
        pnl: '0',
      })
      expect(await option(s, u)).toEqual({ available: '100', frozen: '0' })
      await expectBalancedLedger(s)
    } finally {
      await next.stop()
    }
  })
}

describe('second contracts on PGlite', () => {
  const s = suiteOn(() => pgliteTestDb())
  describeMicro('PGlite', s)

  it('lets the operator change and add products, from the call and the command line', async () => {
    const saved = await moneyCall(s.t.app, s.operator.token, 'POST', 'admin/micro_product_save', {
      symbol: 'btcusdt',
      duration_s: 60,
      payout_rate: '0.87',
      min_amount: '20',
      fee_rate: '0.01',
      enabled: true,
    })
    expect(saved.body).toMatchObject({ code: 1, data: { duration_s: 60, payout_rate: '0.87', min_amount: '20' } })
    const bad = await moneyCall(s.t.app, s.operator.token, 'POST', 'admin/micro_product_save', {
      symbol: 'btcusdt',
      duration_s: 60,
      payout_rate: '12',
      min_amount: '20',
      fee_rate: '0',
      enabled: true,
    })
    expect(bad.body).toMatchObject({ data: { field: 'payout_rate' } })
    const out: string[] = []
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) }
    expect(await runAdmin(s.database.db, ['micro', 'set', 'btcusdt', '45', '--payout', '0.82', '--min', '5'], io)).toBe(
      0,
    )
    expect(out.at(-1)).toBe('btcusdt 45 s: payout 0.82, min 5 USDT, fee 0')
    expect(await runAdmin(s.database.db, ['micro', 'set', 'btcusdt', '90'], io)).toBe(2)
    expect(await runAdmin(s.database.db, ['micro', 'list'], io)).toBe(0)
    expect(out.filter((l) => l.startsWith('btcusdt')).map((l) => l.replace(/\s+/g, ' '))).toEqual(
      expect.arrayContaining([
        'btcusdt 45 s payout 0.82 min 5 fee 0 open',
        'btcusdt 60 s payout 0.87 min 20 fee 0.01 open',
      ]),
    )
    // A 1 % fee on a 20 USDT stake at 60 s: 20.2 leave the options wallet, 20 of them frozen.
    const u = await player(s, '100')
    const r = await place(s, u, { direction: 'up', amount: '20', duration_s: 60 })
    expect(r.body.data).toMatchObject({ fee: '0.2', payout_rate: '0.87' })
    expect(await option(s, u)).toEqual({ available: '79.8', frozen: '20' })
  })
})

/** Each of `u`'s option entries has the balance before it plus its amount as its balance_after, in entry order. */
async function expectBalanceAfterChain(s: Suite, u: TestUser): Promise<void> {
  const entries = await s.database.db
    .select({ bucket: ledgerEntries.bucket, amount: ledgerEntries.amount, after: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(and(eq(ledgerAccounts.userId, u.id), eq(ledgerAccounts.wallet, 'option')))
    .orderBy(asc(ledgerEntries.id))
  const running = { available: parseDecimal('0'), frozen: parseDecimal('0') }
  for (const e of entries) {
    running[e.bucket] = add(running[e.bucket], parseDecimal(e.amount))
    expect(parseDecimal(e.after), `balance_after of a ${e.bucket} entry`).toBe(running[e.bucket])
  }
}

/**
 * `n` contracts of 1 USDT of `u` (ups and downs alternately, open at 60000) delivered at `delivery`, written in bulk
 * with one posting freezing their stakes: the shape of a busy second, without placing each through the API.
 */
async function bulkContracts(s: Suite, u: TestUser, n: number, delivery: Date): Promise<void> {
  await s.database.db.execute(sql`
    insert into micro_orders (user_id, book, symbol, currency, direction, duration_s, amount, fee, payout_rate,
      open_price, open_ts, open_source, delivery_at, status, client_oid)
    select ${u.id}, 'live', 'btcusdt', 'USDT', case when g % 2 = 0 then 'up' else 'down' end, 30, 1, 0, 0.8,
      60000, ${new Date(delivery.getTime() - 30_000)}, 'replay', ${delivery}, 'open', 'bulk-' || ${u.id} || '-' || g
    from generate_series(1, ${n}) g`)
  const owner = { userId: u.id, wallet: 'option' as const }
  await moneyTransaction(s.database.db, (tx) =>
    postTransaction(tx, {
      kind: 'micro_order',
      book: 'live',
      userId: u.id,
      reference: `bulk:${u.id}`,
      actor: 'system',
      entries: [
        { owner, currency: 'USDT', bucket: 'available', amount: parseDecimal(`-${n}`) },
        { owner, currency: 'USDT', bucket: 'frozen', amount: parseDecimal(String(n)) },
      ],
    }),
  )
}

await describePostgres('second contracts', (open) => {
  describe('second contracts on PostgreSQL', () => {
    const s = suiteOn(open)
    describeMicro('PostgreSQL', s)

    it('settles 120 due contracts once each with two settlers on one database', async () => {
      const u = await player(s, '2000')
      const placed = await whilePricing(
        s,
        Promise.all(
          Array.from({ length: 120 }, (_, i) => placeNow(s, u, { direction: i % 2 ? 'up' : 'down', amount: '10' })),
        ),
        60000,
      )
      expect(placed.every((p) => p.body.code === 1)).toBe(true)
      const ids = placed.map((p) => p.body.data.id)
      // A price 100 ms after each delivery (each within the 10 s after it, however long placing took).
      const deliveries = (
        await s.database.db.select({ at: microOrders.deliveryAt }).from(microOrders).where(inArray(microOrders.id, ids))
      )
        .map((r) => r.at.getTime())
        .sort((x, y) => x - y)
      const clock = { now: deliveries.at(-1)! + 2000 }
      const [a, b] = [settlerAt(s, clock), settlerAt(s, clock)]
      try {
        for (const at of deliveries) ticker(s, 60100, at + 100)
        const [na, nb] = await Promise.all([a.pass(), b.pass()])
        expect(na + nb).toBe(120)
        const [settled] = await s.database.db
          .select({ n: count() })
          .from(ledgerTransactions)
          .where(and(eq(ledgerTransactions.kind, 'micro_settle'), eq(ledgerTransactions.userId, u.id)))
        expect(settled!.n).toBe(120)
        const open = await s.database.db.select().from(microOrders).where(eq(microOrders.status, 'open'))
        expect(open.filter((o) => ids.includes(o.id))).toEqual([])
        // 60 ups won 8 each, 60 downs lost 10: 2000 − 600 + 60 × 8 = 1880.
        expect(await option(s, u)).toEqual({ available: '1880', frozen: '0' })
        expect(a.stats().failures + b.stats().failures, 'no batch fell back to one by one').toBe(0)
        await expectBalanceAfterChain(s, u)
        await expectBalancedLedger(s)
      } finally {
        await Promise.all([a.stop(), b.stop()])
      }
    })

    it('settles 1,100 contracts of two users due in one second in one pass, batches side by side, each once', async () => {
      // More than IN_FLIGHT × PASS_LIMIT, so the lanes take several batches each, side by side on one account.
      const perUser = 550
      const users = [await player(s, '600'), await player(s, '600')]
      const delivery = new Date(Date.now() - 1000)
      for (const u of users) await bulkContracts(s, u, perUser, delivery)
      const clock = { now: delivery.getTime() + 2000 }
      const settler = settlerAt(s, clock)
      try {
        ticker(s, 60100, delivery.getTime() + 100)
        expect(await settler.pass()).toBe(2 * perUser)
        expect(settler.stats().failures, 'no batch fell back to one by one').toBe(0)
        for (const u of users) {
          // 275 ups won 0.8 each (stake back: 1.8), 275 downs lost 1: 600 − 550 + 275 × 1.8 = 545.
          expect(await option(s, u)).toEqual({ available: '545', frozen: '0' })
          const [settled] = await s.database.db
            .select({ n: count() })
            .from(ledgerTransactions)
            .where(and(eq(ledgerTransactions.kind, 'micro_settle'), eq(ledgerTransactions.userId, u.id)))
          expect(settled!.n).toBe(perUser)
          await expectBalanceAfterChain(s, u)
          // The user's stream: numbered without a gap or a repeat, one `settled` event per contract, and the last
          // balance event says what the wallet holds.
          const events = await s.database.db
            .select({ seq: userEvents.seq, topic: userEvents.topic, data: userEvents.data })
            .from(userEvents)
            .where(eq(userEvents.userId, u.id))
            .orderBy(asc(userEvents.seq))
          expect(events.map((e) => Number(e.seq))).toEqual(events.map((_, i) => i + 1))
          const settledEvents = events.filter(
            (e) => e.topic === 'orders' && (e.data as { event?: string }).event === 'settled',
          )
          expect(settledEvents).toHaveLength(perUser)
          const lastBalance = events.filter((e) => e.topic === 'accounts').at(-1)!.data
          expect(lastBalance).toMatchObject({ wallet: 'option', available: '545', frozen: '0' })
        }
        await expectBalancedLedger(s)
      } finally {
        await settler.stop()
      }
    })
  })
})
