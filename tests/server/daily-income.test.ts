/**
 * Today's income (issue 24 part 4, server/money/daily-income.ts) after a scripted day, on PGlite and PostgreSQL, with
 * the feed at BTC 60,000/60,010 now and 59,000 at 00:00:
 * - yesterday: 1,000 USDT into the futures wallet, 0.5 BTC deposited, a 10× long of 0.1 BTC opened at 60,010 (all
 *   moved before 00:00 by back-dating their rows);
 * - today: 2,000 USDT deposited, 900 of it moved to the options wallet (transfers: not
 *   income), a market buy of BTC, a second long opened and closed at once (a loss of 0.5 and two fees), a 100 USDT Rise
 *   won at 80 % (fee 1), 200 USDT subscribed, 0.35 of yield credited and redeemed early for a fee of 1.
 * Income = Σ parts, every part as computed by hand, and the economic identity holds: value now − value at 00:00 −
 * what was moved in since = the income (to the cent, each part rounded toward −∞). A deposit or transfer never counts.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import { CODE_BAD_INPUT } from '../../common/constants'
import type { Order } from '../../common/api/trade'
import type { DailyIncome } from '../../common/api/income'
import type { Position } from '../../common/api/contract'
import { contractFills, contractPositions, ledgerTransactions } from '../../server/db/schema'
import { dayStartIn } from '../../server/money/daily-income'
import { postTransaction } from '../../server/ledger/post'
import { buyPosting, incomePosting, redeemPosting } from '../../server/trading/earn/postings'
import { moneyCall } from '../helpers/money-calls'
import { openChain, serviceCalls } from '../helpers/ledger-ops'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { contractSuite, marketAt, open, positions, settled, trader, type ContractSuite } from './contract-fixtures'

const DAY_MS = 86_400_000

/** Moves every ledger transaction of `userId` so far, its positions' opening time and their fills two days back. */
async function beforeMidnight(s: ContractSuite, userId: number) {
  const db = s.database.db
  await db
    .update(ledgerTransactions)
    .set({ createdAt: sql`${ledgerTransactions.createdAt} - interval '2 days'` })
    .where(eq(ledgerTransactions.userId, userId))
  await db
    .update(contractPositions)
    .set({ openedAt: sql`${contractPositions.openedAt} - interval '2 days'` })
    .where(eq(contractPositions.userId, userId))
  await db
    .update(contractFills)
    .set({ createdAt: sql`${contractFills.createdAt} - interval '2 days'` })
    .where(
      inArray(
        contractFills.positionId,
        db.select({ id: contractPositions.id }).from(contractPositions).where(eq(contractPositions.userId, userId)),
      ),
    )
}

const income = async (s: ContractSuite, token: string, tz = 'UTC') =>
  moneyCall<DailyIncome>(s.t.app, token, 'GET', `assets/daily_income?tz=${encodeURIComponent(tz)}`)

function describeIncome(name: string, s: ContractSuite) {
  it(`adds up a scripted day: holdings, trading, futures, options, yield and fees, transfers left out (${name})`, async () => {
    const db = s.database.db
    marketAt(s, 60000, 60010) // mark 60,005
    s.market.ticker('btcusdt', 60005)
    s.market.setPriceAt('btcusdt', 59000)
    await openChain(db, 'BTC', { fee: '0.0001', min: '0.0002' })

    // Yesterday.
    const u = await trader(s, '1000')
    const calls = serviceCalls(db, new Map()) // deposits and transfers only: no withdrawal address needed
    await calls.deposit(u.id, 'BTC', parseDecimal('0.5'), randomUUID())
    const held = await open(s, u, { amount: '0.1' })
    expect(held.body).toMatchObject({ code: 1, data: { status: 'filled' } })
    await beforeMidnight(s, u.id)
    const start = await income(s, u.token)
    expect(start.body.data.income_usdt, 'before anything today: only the price change since 00:00').toBe('603')

    // Today: money moved in and between wallets.
    await calls.deposit(u.id, 'USDT', parseDecimal('2000'), randomUUID())
    const who = { userId: u.id, book: 'live' as const, key: randomUUID() }
    await calls.transfer(who, { currency: 'USDT', from: 'spot', to: 'option', amount: parseDecimal('900') })
    const moved = await income(s, u.token)
    expect(moved.body.data.income_usdt, 'deposits and transfers are not income').toBe('603')

    // A market buy of 0.01 BTC at the ask.
    s.beat()
    const buy = await moneyCall<Order>(s.t.app, u.token, 'POST', 'trade/order_place', {
      symbol: 'btcusdt',
      side: 'buy',
      type: 'market',
      amount: '0.01',
      client_oid: randomUUID(),
    })
    expect(buy.body, 'the spot buy').toMatchObject({ code: 1 })

    // A second long of 0.05 opened and closed at once: −0.5 at the bid, fees 1.500125 + 1.5.
    const second = await open(s, u, { amount: '0.05' })
    expect(second.body).toMatchObject({ code: 1 })
    const id = second.body.data.position_id!
    s.beat()
    const closed = await moneyCall(s.t.app, u.token, 'POST', 'contract/position_close', { id })
    expect(closed.body).toMatchObject({ code: 1 })
    await settled(s)
    expect((await positions(s, u)).map((p: Position) => p.id)).not.toContain(id)

    // A 100 USDT Rise (fee 1) won at 80 %; a 200 USDT subscription with 0.35 of yield, redeemed early for 1.
    await postTransaction(db, {
      kind: 'micro_order',
      book: 'live',
      userId: u.id,
      reference: `micro:${u.id}001`,
      actor: `user:${u.id}`,
      entries: [
        {
          owner: { userId: u.id, wallet: 'option' },
          currency: 'USDT',
          bucket: 'available',
          amount: parseDecimal('-101'),
        },
        { owner: { userId: u.id, wallet: 'option' }, currency: 'USDT', bucket: 'frozen', amount: parseDecimal('100') },
        { owner: { system: 'fees' }, currency: 'USDT', bucket: 'available', amount: parseDecimal('1') },
      ],
    })
    await postTransaction(db, {
      kind: 'micro_settle',
      book: 'live',
      userId: u.id,
      reference: `micro:${u.id}001`,
      actor: 'system',
      entries: [
        { owner: { userId: u.id, wallet: 'option' }, currency: 'USDT', bucket: 'frozen', amount: parseDecimal('-100') },
        {
          owner: { userId: u.id, wallet: 'option' },
          currency: 'USDT',
          bucket: 'available',
          amount: parseDecimal('180'),
        },
        { owner: { system: 'counterparty' }, currency: 'USDT', bucket: 'available', amount: parseDecimal('-80') },
      ],
    })
    const sub = { id: u.id * 1000 + 1, userId: u.id, book: 'live' as const, currency: 'USDT', amount: '200' }
    await postTransaction(db, buyPosting(sub))
    await postTransaction(db, incomePosting(sub, 1, parseDecimal('0.35')))
    await postTransaction(db, redeemPosting(sub, parseDecimal('1'), `user:${u.id}`))

    const day = await income(s, u.token)
    expect(day.status).toBe(200)
    const r = day.body.data
    const fill = buy.body.data
    // Parts by hand (each rounded toward −∞ per wallet):
    // holdings: 0.5 BTC × (60,005 − 59,000) = 502.50; unrealized: the old long from (59,000 − 60,010) × 0.1 = −101 to
    // (60,005 − 60,010) × 0.1 = −0.5: +100.50; realized: (60,000 − 60,010) × 0.05 = −0.50; options +80; yield 0.35.
    expect(r.wallets.find((w) => w.wallet === 'spot')!.parts.holdings).toBe('502.5')
    expect(r.parts.unrealized_pnl).toBe('100.5')
    expect(r.parts.realized_pnl).toBe('-0.5')
    expect(r.parts.options).toBe('80')
    expect(r.parts.yield).toBe('0.35')
    expect(r.parts.funding).toBe('0')
    // The buy is worth 0.01 × 60,005 now for 0.01 × 60,010 paid: −0.05 (its BTC fee under fees).
    expect(r.parts.trading).toBe('-0.05')
    // Fees: futures 1.500125 + 1.5 (contract), options 1, redemption 1 and the buy's fee in BTC at 60,005 (spot).
    const btcFee = parseDecimal(fill.fee)
    const spotFee = Number(btcFee) * 60005 + 1
    expect(r.wallets.find((w) => w.wallet === 'contract')!.parts.fees).toBe('-3.01')
    expect(r.wallets.find((w) => w.wallet === 'option')!.parts.fees).toBe('-1')
    expect(Number(r.wallets.find((w) => w.wallet === 'spot')!.parts.fees)).toBeCloseTo(
      -Math.ceil(spotFee * 100) / 100,
      9,
    )
    // The total is the sum of its parts, and of the wallets'.
    const sum = (xs: string[]) => xs.reduce((a, b) => a + Math.round(Number(b) * 100), 0)
    expect(sum(Object.values(r.parts))).toBe(Math.round(Number(r.income_usdt) * 100))
    expect(sum(r.wallets.map((w) => w.income_usdt))).toBe(Math.round(Number(r.income_usdt) * 100))
    expect(r.complete).toBe(true)

    // The identity: value now − value at 00:00 − money moved in since (2,000 USDT), within the parts' rounding.
    const overview = await moneyCall<{ total_usdt: string; daily_income_usdt: string }>(
      s.t.app,
      u.token,
      'GET',
      'assets/overview',
    )
    expect(overview.body.data.daily_income_usdt).toBe(r.income_usdt)
    const upnlNow = (60005 - 60010) * 0.1
    const valueNow = Number(overview.body.data.total_usdt) + upnlNow
    // At 00:00: 1,000 USDT less the first long's fee 3.0005 in the futures wallet, its PnL at 59,000 (−101), 0.5 BTC.
    const valueStart = 1000 - 3.0005 - 101 + 0.5 * 59000
    const identity = valueNow - valueStart - 2000
    expect(Math.abs(identity - Number(r.income_usdt))).toBeLessThan(0.01 * 17) // 8 parts × 3 wallets rounded down
    expect(Number(r.income_usdt)).toBeLessThanOrEqual(identity + 0.01)
  })

  it(`values a coin moved in today from its price then, and leaves out a position without a price at 00:00 (${name})`, async () => {
    marketAt(s, 60000, 60010)
    s.market.ticker('btcusdt', 60005)
    const u = await trader(s, '1000')
    const calls = serviceCalls(s.database.db, new Map())
    const held = await open(s, u, { amount: '0.1' })
    expect(held.body).toMatchObject({ code: 1 })
    await beforeMidnight(s, u.id)
    // 59,000 until a minute ago, 59,500 since: the BTC deposited now gained 0.2 × (60,005 − 59,500) = 101, not
    // 0.2 × (60,005 − 59,000); the long from 00:00 gained (60,005 − 59,000) × 0.1 = 100.5.
    const depositedAt = Date.now() - 60_000
    s.market.setPriceAt('btcusdt', (ms) => (ms < depositedAt ? 59000 : 59500))
    await calls.deposit(u.id, 'BTC', parseDecimal('0.2'), randomUUID())
    let r = (await income(s, u.token)).body.data
    expect(r.parts).toMatchObject({ holdings: '101', unrealized_pnl: '100.5' })
    expect(r.complete).toBe(true)
    // No candles back to 00:00: the position's change is left out (not its whole PnL since opening), and said so.
    s.market.setPriceAt('btcusdt', (ms) => (ms < depositedAt ? undefined : 59500))
    r = (await income(s, u.token)).body.data
    expect(r.parts).toMatchObject({ holdings: '101', unrealized_pnl: '0' })
    expect(r.complete).toBe(false)
    s.market.setPriceAt('btcusdt', undefined)
  })

  it(`counts from 00:00 in the user's time zone, and names an unknown zone (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const u = await trader(s, '100')
    const tokyo = await income(s, u.token, 'Asia/Tokyo')
    expect(tokyo.status).toBe(200)
    const since = tokyo.body.data.since
    // 00:00 in Tokyo is 15:00 UTC the day before: within the last day, on a UTC hour ending in :00.
    expect(Date.now() - since).toBeLessThan(DAY_MS)
    expect(new Date(since).getUTCHours()).toBe(15)
    expect(tokyo.body.data.time_zone).toBe('Asia/Tokyo')
    // Any spelling the zone database accepts is answered in its own (one cached zone per real zone, not per string).
    const spelled = await income(s, u.token, 'aSiA/tOkYo')
    expect(spelled.body.data).toMatchObject({ time_zone: 'Asia/Tokyo', since })
    const bad = await income(s, u.token, 'Mars/Olympus')
    expect(bad.body).toMatchObject({ code: CODE_BAD_INPUT, msg: 'This time zone is not known', data: { field: 'tz' } })
    const rows = await s.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.userId, u.id), inArray(ledgerTransactions.kind, ['deposit', 'transfer'])))
    expect(rows[0]!.n).toBe(2)
  })
}

describe('00:00 in a time zone', () => {
  it('is the local midnight also on the days daylight saving starts and ends', () => {
    // Sydney: AEST (+10) until 02:00 on 4 October 2026, AEDT (+11) until 03:00 on 5 April 2026.
    expect(new Date(dayStartIn('Australia/Sydney', Date.parse('2026-10-04T12:00:00Z'))).toISOString()).toBe(
      '2026-10-03T14:00:00.000Z',
    )
    expect(new Date(dayStartIn('Australia/Sydney', Date.parse('2026-04-05T12:00:00Z'))).toISOString()).toBe(
      '2026-04-04T13:00:00.000Z',
    )
    expect(new Date(dayStartIn('America/New_York', Date.parse('2026-03-08T12:00:00Z'))).toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    )
    expect(new Date(dayStartIn('UTC', Date.parse('2026-12-01T12:34:56Z'))).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    )
  })
})

describe('daily income on PGlite', () => {
  describeIncome(
    'PGlite',
    contractSuite(() => pgliteTestDb()),
  )
})

await describePostgres('daily income', (openDb) => {
  describe('daily income on PostgreSQL', () => {
    describeIncome('PostgreSQL', contractSuite(openDb))
  })
})
