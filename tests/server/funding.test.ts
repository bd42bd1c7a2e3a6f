/**
 * Funding (issue 21 part 6) through the real job, ledger and calls, on PGlite and PostgreSQL, with the funding clock
 * the test's own. Figures by hand (BTC/USDT; book 60,000 / 60,010 of 5 BTC a side, last trade 60,005, mark 60,005;
 * defaults: 100× maximum leverage, 0.5 % maintenance rate):
 * - impact notional 200 × 100 = 20,000 USDT: impact bid 60,000 and ask 60,010 straddle the index 60,005, premium 0,
 *   rate 0 + clamp(0.01 % − 0) = 0.0001;
 * - a 0.1 BTC long pays 0.1 × 60,005 × 0.0001 = 0.60005 and a 0.1 BTC short receives it: 1,000 USDT wallets after
 *   opening (long at the ask: margin 600.1, fee 3.0005 → 396.8995; short at the bid: 600, 3 → 397) become 396.29945 and
 *   397.60005; the counterparty is where it was: Σ users' gains = the counterparty's loss, to the unit;
 * - a long opened with 603.4005 (available 0.3 after margin and fee) pays 0.3 from available and 0.30005 from its
 *   margin: margin and frozen 599.79995;
 * - every position pays once per funding time, with two jobs in parallel, after a rolled-back batch and across a
 *   restart (a new job on the same database).
 */
import { eventsAfter } from '../../server/stream/events'
import { and, eq, like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { add, parseDecimal as d, subtract } from '../../common/amount'
import type { ContractFunding, ContractFundingPayment, ContractHistory } from '../../common/api/contract'
import type { LedgerRecord } from '../../common/api/assets'
import {
  contractFundingPayments,
  contractFundingRates,
  contractPositions,
  ledgerAccounts,
  ledgerTransactions,
} from '../../server/db/schema'
import { payBatch, startFundingJob, type FundingJob } from '../../server/trading/contract/funding-job'
import { nextFundingTime } from '../../server/trading/contract/funding-rate'
import { fixDueRates } from '../../server/trading/contract/funding-rates'
import { marksFor } from '../../server/trading/contract/marks'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb, type OpenDatabase } from '../helpers/server-db'
import type { TestUser } from '../helpers/server-users'
import {
  contractSuite,
  expectBalancedLedger,
  marketAt,
  open,
  positions,
  settled,
  trader,
  wallet,
  type ContractSuite,
} from './contract-fixtures'

/** The funding clock of a suite: real time until a test moves it. */
function testClock() {
  let offset = 0
  return {
    now: () => new Date(Date.now() + offset),
    /** Moves the clock to `ms` past the next funding time (after the real now). */
    pastNextFunding(ms = 1000) {
      const target = nextFundingTime(Date.now() + offset) + ms
      offset = target - Date.now()
    },
    /** Moves it to `ms` before the next funding time. */
    beforeNextFunding(ms: number) {
      offset = nextFundingTime(Date.now() + offset) - ms - Date.now()
    },
  }
}

async function counterparty(s: ContractSuite): Promise<string> {
  const [row] = await s.database.db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, 'system:counterparty'), eq(ledgerAccounts.currency, 'USDT')))
  return row ? String(d(row.available)) : '0'
}

const paymentsOf = (s: ContractSuite, positionId: number) =>
  s.database.db.select().from(contractFundingPayments).where(eq(contractFundingPayments.positionId, positionId))

const fundingPostings = async (s: ContractSuite, positionId: number) =>
  (
    await s.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'contract_funding'),
          like(ledgerTransactions.reference, `funding:${positionId}:%`),
        ),
      )
  ).length

async function openAt(s: ContractSuite, u: TestUser, side: 'long' | 'short') {
  marketAt(s, 60000, 60010) // a fresh book (PGlite is slow on this machine)
  const placed = await open(s, u, { amount: '0.1', side })
  expect(placed.body.msg).toBe('success')
  return placed.body.data.position_id!
}

function describeFunding(name: string, openDb: OpenDatabase, parallel: boolean) {
  const s = contractSuite(openDb)
  const clock = testClock()
  let job: FundingJob

  it(`answers the estimated rate and the next funding time (${name})`, async () => {
    job = await startFundingJob({
      db: s.database.db,
      market: s.market,
      now: clock.now,
      intervalMs: 3_600_000,
      sampleMs: 0,
    })
    marketAt(s, 60000, 60010)
    expect(await job.sampler.sample()).toBeGreaterThan(0)
    const res = await moneyCall<ContractFunding>(s.t.app, '', 'GET', 'contract/funding?symbol=btcusdt')
    expect(Math.abs(res.body.data.time - clock.now().getTime())).toBeLessThan(5000)
    expect(res.body.data).toEqual({
      time: res.body.data.time,
      symbol: 'btcusdt',
      rate: '0.0001',
      next_funding_time: nextFundingTime(clock.now().getTime()),
      interest_rate: '0.0001',
      premium_index: '0',
    })
    const unknown = await moneyCall(s.t.app, '', 'GET', 'contract/funding?symbol=nosuchusdt')
    expect(unknown.body).toMatchObject({ data: { field: 'symbol' } })
  })

  it(`makes a long pay a short 0.60005 at the funding time, once, through the ledger (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const long = await trader(s, '1000')
    const short = await trader(s, '1000')
    const longId = await openAt(s, long, 'long')
    const shortId = await openAt(s, short, 'short')
    const before = await counterparty(s)
    clock.beforeNextFunding(10_000)
    marketAt(s, 60000, 60010)
    await job.sampler.sample()
    // Not yet: the funding time has not come.
    expect(await job.pass()).toBe(0)
    clock.pastNextFunding()
    expect(await job.pass()).toBeGreaterThanOrEqual(2)
    expect(await wallet(s, long)).toEqual({ available: '396.29945', frozen: '600.1' })
    expect(await wallet(s, short)).toEqual({ available: '397.60005', frozen: '600' })
    expect(await counterparty(s)).toBe(before)
    // Again, and by a job restarted on the same database: nothing more.
    expect(await job.pass()).toBe(0)
    await job.stop()
    job = await startFundingJob({
      db: s.database.db,
      market: s.market,
      now: clock.now,
      intervalMs: 3_600_000,
      sampleMs: 0,
    })
    expect(await job.pass()).toBe(0)
    expect(await paymentsOf(s, longId)).toHaveLength(1)
    expect(await fundingPostings(s, longId)).toBe(1)
    const history = await moneyCall<{ list: ContractFundingPayment[] }>(
      s.t.app,
      long.token,
      'GET',
      'contract/funding_history',
    )
    expect(history.body.data.list[0]).toMatchObject({
      position_id: longId,
      side: 'long',
      amount: '0.1',
      mark_price: '60005',
      rate: '0.0001',
      payment: '-0.60005',
      shortfall: '0',
    })
    const shortHistory = await moneyCall<{ list: ContractFundingPayment[] }>(
      s.t.app,
      short.token,
      'GET',
      'contract/funding_history',
    )
    expect(shortHistory.body.data.list[0]).toMatchObject({ position_id: shortId, payment: '0.60005' })
    const records = await moneyCall<{ list: LedgerRecord[] }>(
      s.t.app,
      long.token,
      'GET',
      'assets/ledger?type=contract_funding',
    )
    expect(records.body.data.list.map((r) => [r.type, r.amount])).toEqual([['contract_funding', '-0.60005']])
    // The closed-position history is unchanged by funding.
    const closed = await moneyCall<{ list: ContractHistory[] }>(s.t.app, long.token, 'GET', 'contract/history')
    expect(closed.body.data.list).toEqual([])
    await settled(s)
    await expectBalancedLedger(s)
  })

  it(`takes from the position's margin what available cannot cover (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const u = await trader(s, '603.4005')
    const id = await openAt(s, u, 'long')
    expect(await wallet(s, u)).toEqual({ available: '0.3', frozen: '600.1' })
    clock.beforeNextFunding(10_000)
    marketAt(s, 60000, 60010)
    await job.sampler.sample()
    clock.pastNextFunding()
    await job.pass()
    expect(await wallet(s, u)).toEqual({ available: '0', frozen: '599.79995' })
    const [p] = await positions(s, u)
    expect(p).toMatchObject({ id, margin: '599.79995' })
    // The user stream (issue 22 part 1): the position `changed`, written with the payment, as contract/positions shows it.
    const events = await eventsAfter(s.database.db, u.id, 0)
    const changed = events.filter((e) => e.topic === 'positions').at(-1)!.data
    expect(changed).toMatchObject({ event: 'changed', position: { id, margin: '599.79995', open_price: '60010' } })
    const [paid] = await paymentsOf(s, id)
    expect([paid!.payment, paid!.fromMargin, paid!.shortfall].map((v) => String(d(v)))).toEqual([
      '-0.60005',
      '0.30005',
      '0',
    ])
    await settled(s)
    await expectBalancedLedger(s)
  })

  it(`pays every position once with two jobs at once and after a rolled-back batch (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const users = await Promise.all(Array.from({ length: 12 }, () => trader(s, '1000')))
    const ids: number[] = []
    for (const [i, u] of users.entries()) ids.push(await openAt(s, u, i % 2 === 0 ? 'long' : 'short'))
    const before = await counterparty(s)
    const sumOfUsers = async () => {
      let total = d('0')
      for (const u of users) {
        const w = await wallet(s, u)
        total = add(total, add(d(w.available), d(w.frozen)))
      }
      return total
    }
    const usersBefore = await sumOfUsers()
    clock.beforeNextFunding(10_000)
    marketAt(s, 60000, 60010)
    await job.sampler.sample()
    clock.pastNextFunding()
    // The rate of this funding time fixed, then a batch killed before its COMMIT: it leaves nothing behind.
    await fixDueRates(s.database.db, job.sampler, marksFor(s.market), clock.now())
    const [rate] = await s.database.db
      .select()
      .from(contractFundingRates)
      .where(sql`${contractFundingRates.settledAt} is null and ${contractFundingRates.symbol} = 'btcusdt'`)
      .orderBy(sql`${contractFundingRates.fundingTime} desc`)
    expect(rate).toBeDefined()
    const killed = await s.database.db
      .transaction(async (tx) => {
        expect(await payBatch(tx, rate!, ids)).toBe(ids.length)
        throw new Error('killed before COMMIT')
      })
      .catch((err: Error) => err.message)
    expect(killed).toBe('killed before COMMIT')
    for (const id of ids) expect(await paymentsOf(s, id)).toHaveLength(0)
    const second = parallel ? await openDb() : undefined
    const other = await startFundingJob({
      db: second?.db ?? s.database.db,
      market: s.market,
      now: clock.now,
      intervalMs: 3_600_000,
      sampleMs: 0,
    })
    try {
      await Promise.all([job.pass(), other.pass(), job.pass(), other.pass()])
      for (const id of ids) {
        expect(await paymentsOf(s, id)).toHaveLength(1)
        expect(await fundingPostings(s, id)).toBe(1)
      }
      expect(job.stats().failures + other.stats().failures).toBe(0)
      // What the users gained the counterparty lost, to the unit: the 12 users (6 longs paid 0.60005 each, 6 shorts
      // received it), and every position open at that funding time together.
      expect(subtract(await sumOfUsers(), usersBefore)).toBe('0')
      const rows = await s.database.db
        .select({ payment: contractFundingPayments.payment })
        .from(contractFundingPayments)
        .where(eq(contractFundingPayments.fundingTime, rate!.fundingTime))
      const gained = rows.reduce((sum, r) => add(sum, d(r.payment)), d('0'))
      expect(subtract(d(before), d(await counterparty(s)))).toBe(gained)
      await settled(s)
      await expectBalancedLedger(s)
    } finally {
      await other.stop()
      await second?.close()
    }
  }, 120_000)

  it(`does not charge a position opened after the funding time (${name})`, async () => {
    await job.pass()
    marketAt(s, 60000, 60010)
    const u = await trader(s, '1000')
    const id = await openAt(s, u, 'long')
    await job.pass()
    expect(await paymentsOf(s, id)).toHaveLength(0)
    const [row] = await s.database.db.select().from(contractPositions).where(eq(contractPositions.id, id))
    expect(row?.status).toBe('open')
    await job.stop()
  })
}

describe('funding on PGlite', () => {
  describeFunding('PGlite', () => pgliteTestDb(), false)
})

await describePostgres('funding', (openDb) => {
  describe('funding on PostgreSQL', () => {
    describeFunding('PostgreSQL', openDb, true)
  })
})
