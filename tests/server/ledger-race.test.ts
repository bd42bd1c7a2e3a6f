/**
 * Double spend and races on the money calls, through the HTTP API (issue 10 "Done when", reliability.md L2–L4, L6):
 * - 1,000 parallel `assets/withdraw` of 0.6 BTC against 1.0 available → exactly 1 accepted, 999 "Lack of funds";
 *   2,000 of 0.001 → exactly 1,000 accepted, available 0; the same with 2,000 parallel `assets/transfer` (no password
 *   check to spread them out), while another user's transfer goes through; no other answer (no 5xx, no 429), and the
 *   ledger check holds;
 * - a naive read-then-write withdrawal written here (READ COMMITTED select, then update to the computed value) DOES
 *   oversell under the same load: the counts above would catch a lost update;
 * - the same Idempotency-Key 50× in parallel → one withdrawal, 50 identical answers; the key with another amount →
 *   "key reused";
 * - `admin/withdraw_review` approve and reject fired together, 100 rounds → exactly one decision each, its funds paid
 *   out (amount + fee) or released exactly once.
 * The parallel bursts run on real PostgreSQL, where transactions really overlap; PGlite runs one transaction at a time
 * (nothing races), so only the idempotency and review tests run there too. The BTC chain has no fee here (so 2,000 ×
 * 0.001 is exactly the 1.0 available); the review race uses USDT with a fee of 1.
 */
import { randomUUID } from 'node:crypto'
import { and, count, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Database, Db } from '../../server/db/client'
import { ledgerAccounts, ledgerTransactions, withdrawals } from '../../server/db/schema'
import {
  bucketsOf,
  fromUnits,
  moneyUser,
  openChain,
  rowsOf,
  serviceCalls,
  toUnits,
  type MoneyUser,
  type TestCurrency,
} from '../helpers/ledger-ops'
import { moneyCall, PAY_PASSWORD } from '../helpers/money-calls'
import { POOL_MAX } from '../../server/db/pool'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { makeUser, type TestUser } from '../helpers/server-users'

const SCALE = 18
const units = (t: string) => toUnits(t, SCALE)

const LACK = '200 Lack of funds'
const OK = '200 success'
const REUSED = '200 This request key was already used for a different request. Please submit again'

/** A user ready for money calls, with a session. */
type Account = TestUser & MoneyUser

/** A user with `amount` `currency` available in the live spot wallet (credited through the deposit services). */
async function fundedAccount(db: Db, currency: TestCurrency, amount: string): Promise<Account> {
  const user = await makeUser(db)
  const money = await moneyUser(db, user.id)
  await serviceCalls(db, new Map([[user.id, money]])).deposit(user.id, currency, parseDecimal(amount), randomUUID())
  return { ...user, ...money }
}

/** POST assets/withdraw of `amount` as `a` to its saved address, with its transaction password. */
function withdraw(app: FastifyInstance, a: Account, currency: TestCurrency, amount: string, key?: string) {
  const chain = currency === 'BTC' ? 'BTC' : 'TRC20'
  return moneyCall<{ id: number; status: string; fee: string; arrival_amount: string }>(
    app,
    a.token,
    'POST',
    'assets/withdraw',
    { currency, chain, address_id: a.addressIds[currency], amount, pay_password: PAY_PASSWORD },
    { key },
  )
}

/** How many answers of each kind: `<HTTP status> <msg>`. */
function tally(answers: readonly { status: number; body: { msg: string } }[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const a of answers) {
    const kind = `${a.status} ${a.body.msg}`
    counts[kind] = (counts[kind] ?? 0) + 1
  }
  return counts
}

/** The ledger check, as an operator reads it (admin/ledger_check). */
async function expectBalancedLedger(app: FastifyInstance, operator: TestUser) {
  const check = await moneyCall<{ ok: boolean; mismatches: unknown[] }>(
    app,
    operator.token,
    'GET',
    'admin/ledger_check',
  )
  expect(check.body.data).toMatchObject({ ok: true, mismatches: [] })
}

/** The user's withdrawal records of `currency`: how many and Σ amount. */
async function withdrawalsOf(db: Db, userId: number, currency: TestCurrency) {
  const [r] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${withdrawals.amount}), 0)::text` })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.currency, currency)))
  return { count: r!.n, total: parseDecimal(r!.total) }
}

/** The platform's USDT accounts that withdrawals pay into. */
async function payouts(db: Db): Promise<{ withdrawals: bigint; fees: bigint }> {
  const rows = await db
    .select({ owner: ledgerAccounts.owner, available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.currency, 'USDT'), sql`${ledgerAccounts.owner} in ('system:withdrawals', 'system:fees')`),
    )
  const of = (o: string) => units(rows.find((r) => r.owner === o)?.available ?? '0')
  return { withdrawals: of('system:withdrawals'), fees: of('system:fees') }
}

interface Suite {
  readonly database: Database
  readonly t: TestApp
  readonly operators: TestUser[]
}

function suiteOn(open: () => Promise<Database>): Suite {
  const s = {} as { database: Database; t: TestApp; operators: TestUser[] }
  beforeAll(async () => {
    s.database = await open()
    s.t = await testApp({ db: s.database.db })
    await openChain(s.database.db, 'BTC', { fee: '0', min: '0.001' })
    await openChain(s.database.db, 'USDT', { fee: '1', min: '2' })
    s.operators = [await makeUser(s.database.db, 'operator'), await makeUser(s.database.db, 'operator')]
  })
  afterAll(async () => {
    await s.t?.app.close()
    await s.database?.close()
  })
  return s
}

/** The idempotency and review races: meaningful on PGlite too (the answers must be the same, serialized or not). */
function describeKeyAndReviewRaces(name: string, s: Suite) {
  it(`answers 50 parallel duplicates of one Idempotency-Key with one withdrawal and 50 identical answers (${name})`, async () => {
    const { db } = s.database
    const a = await fundedAccount(db, 'BTC', '1')
    const key = randomUUID()
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(s.t.app, a, 'BTC', '0.3', key)))
    expect(answers[0]).toMatchObject({
      status: 200,
      body: { code: 1, data: { status: 'pending', fee: '0', arrival_amount: '0.3' } },
    })
    for (const answer of answers) expect(answer).toEqual(answers[0])
    expect(await withdrawalsOf(db, a.id, 'BTC')).toEqual({ count: 1, total: '0.3' })
    // The same key with another amount, also in parallel: refused with its own message, nothing moves.
    const other = await Promise.all(Array.from({ length: 10 }, () => withdraw(s.t.app, a, 'BTC', '0.4', key)))
    expect(tally(other)).toEqual({ [REUSED]: 10 })
    expect(other[0]!.body.data).toMatchObject({ field: 'Idempotency-Key' })
    expect(await withdraw(s.t.app, a, 'BTC', '0.3', key)).toEqual(answers[0])
    expect(await withdrawalsOf(db, a.id, 'BTC')).toEqual({ count: 1, total: '0.3' })
    expect(await bucketsOf(db, a.id, 'BTC')).toEqual({ available: '0.7', frozen: '0.3' })
    await expectBalancedLedger(s.t.app, s.operators[0]!)
  })

  it(`decides a withdrawal once when approve and reject race, 100 rounds: paid out or released once (${name})`, async () => {
    const { db } = s.database
    const [op1, op2] = s.operators as [TestUser, TestUser]
    const a = await fundedAccount(db, 'USDT', '1000')
    let available = units('1000')
    const before = await payouts(db)
    const expected = { withdrawals: before.withdrawals, fees: before.fees }
    const wins = { approved: 0, rejected: 0 }
    const review = (op: TestUser, id: number, approve: boolean) =>
      moneyCall<{ id: number; status: string }>(s.t.app, op.token, 'POST', 'admin/withdraw_review', {
        id,
        approve,
        ...(approve ? {} : { reason: 'Address on a blocklist' }),
      })
    for (let round = 0; round < 100; round++) {
      const w = await withdraw(s.t.app, a, 'USDT', '3')
      expect(w.body, `round ${round}: request`).toMatchObject({ code: 1, data: { status: 'pending', fee: '1' } })
      const id = w.body.data.id
      const answers = await Promise.all([review(op1, id, true), review(op2, id, false), review(op2, id, true)])
      const winners = answers.filter((x) => x.body.code === 1)
      expect(winners, `round ${round}: exactly one decision`).toHaveLength(1)
      const won = winners[0]!.body.data.status as 'approved' | 'rejected'
      expect(tally(answers), `round ${round}`).toEqual({
        [OK]: 1,
        '200 This request has already been reviewed': 2,
      })
      wins[won]++
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id))
      expect(row!.status, `round ${round}: the record`).toBe(won)
      const postings = await db
        .select({ kind: ledgerTransactions.kind })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.reference, `withdrawal:${id}`))
      expect(postings.map((p) => p.kind).sort(), `round ${round}: postings`).toEqual(
        ['withdraw_request', won === 'approved' ? 'withdraw_approve' : 'withdraw_reject'].sort(),
      )
      if (won === 'approved') {
        available -= units('4')
        expected.withdrawals += units('3')
        expected.fees += units('1')
      }
      expect(await bucketsOf(db, a.id, 'USDT'), `round ${round}: balance`).toEqual({
        available: fromUnits(available, SCALE),
        frozen: '0',
      })
    }
    expect(await payouts(db)).toEqual(expected)
    await expectBalancedLedger(s.t.app, op1)
    console.log(`review race on ${name}: approve won ${wins.approved}, reject won ${wins.rejected} of 100 rounds`)
  }, 120_000)
}

describe('ledger races on PGlite', () => {
  const s = suiteOn(() => pgliteTestDb())
  describeKeyAndReviewRaces('PGlite', s)
})

await describePostgres('ledger races', (open) => {
  describe('ledger races on PostgreSQL', () => {
    const s = suiteOn(open)

    it.each([
      [1000, '0.6', { [OK]: 1, [LACK]: 999 }, { available: '0.4', frozen: '0.6' }],
      [2000, '0.001', { [OK]: 1000, [LACK]: 1000 }, { available: '0', frozen: '1' }],
    ])(
      'answers %i parallel withdrawals of %s against 1.0 available with exactly the ones it covers',
      async (n, amount, answers, buckets) => {
        const { db } = s.database
        const a = await fundedAccount(db, 'BTC', '1')
        const all = await Promise.all(Array.from({ length: n }, () => withdraw(s.t.app, a, 'BTC', amount)))
        expect(tally(all)).toEqual(answers)
        expect(await bucketsOf(db, a.id, 'BTC')).toEqual(buckets)
        expect(await withdrawalsOf(db, a.id, 'BTC')).toEqual({ count: answers[OK], total: buckets.frozen })
        await expectBalancedLedger(s.t.app, s.operators[0]!)
      },
      180_000,
    )

    it('answers 2,000 parallel transfers of 0.001 against 1.0 with exactly 1,000 accepted, and another user meanwhile', async () => {
      const { db } = s.database
      const a = await fundedAccount(db, 'BTC', '1')
      const b = await fundedAccount(db, 'BTC', '1')
      const move = (who: Account) =>
        moneyCall(s.t.app, who.token, 'POST', 'assets/transfer', {
          currency: 'BTC',
          from: 'spot',
          to: 'contract',
          amount: '0.001',
        })
      let burstDone = 0
      const burst = Array.from({ length: 2000 }, () => move(a).finally(() => burstDone++))
      // Another user's transfer, sent while the burst is being served: one user's burst must neither fail it nor make
      // it wait its turn behind the whole burst (the burst runs in its own lane: server/api/user-lanes.ts).
      const other = await move(b)
      const doneBeforeOther = burstDone
      const all = await Promise.all(burst)
      expect(tally([other]), "another user's transfer during the burst").toEqual({ [OK]: 1 })
      expect(doneBeforeOther, 'burst calls answered before the other user was').toBeLessThan(1000)
      expect(tally(all)).toEqual({ [OK]: 1000, [LACK]: 1000 })
      expect(await bucketsOf(db, a.id, 'BTC', 'spot')).toEqual({ available: '0', frozen: '0' })
      expect(await bucketsOf(db, a.id, 'BTC', 'contract')).toEqual({ available: '1', frozen: '0' })
      await expectBalancedLedger(s.t.app, s.operators[0]!)
    }, 180_000)

    describeKeyAndReviewRaces('PostgreSQL', s)

    it.each([
      [1000, '0.6', 1],
      [2000, '0.001', 1000],
    ])(
      'control: a naive read-then-write withdrawal oversells under %i parallel requests of %s against 1.0',
      async (n, amount, covered) => {
        const { db } = s.database
        const accepted: number[] = []
        for (let round = 0; round < CONTROL_ROUNDS && !accepted.some((x) => x > covered); round++) {
          accepted.push(await naiveRound(db, n, amount))
        }
        console.log(`naive control, ${n} × ${amount}: accepted ${accepted.join(', ')} per round (covered: ${covered})`)
        expect(Math.max(...accepted), 'accepted more than the balance covers').toBeGreaterThan(covered)
      },
      120_000,
    )
  })
})

// ---- the negative control ----

/** Rounds the control may take to oversell once (it nearly always does in the first). */
const CONTROL_ROUNDS = 10

/**
 * A withdrawal as it must NOT be written: read the balance, decide in JavaScript, write the computed value back, in
 * one READ COMMITTED transaction. Two of them can read the same balance and both succeed: a lost update (P4). It
 * runs on a table of its own shaped like `ledger_accounts` (same NUMERIC columns and CHECK), so the real ledger
 * stays balanced for the other tests.
 */
async function naiveWithdraw(db: Db, amount: bigint): Promise<boolean> {
  return db.transaction(
    async (tx) => {
      const [read] = await rowsOf<{ available: string }>(
        tx,
        sql`select available::text as available from naive_accounts where id = 1`,
      )
      const available = units(read!.available)
      if (available < amount) return false
      await tx.execute(sql`update naive_accounts
        set available = ${fromUnits(available - amount, SCALE)}::numeric,
          frozen = frozen + ${fromUnits(amount, SCALE)}::numeric
        where id = 1`)
      return true
    },
    { isolationLevel: 'read committed' },
  )
}

/** How many of `n` parallel naive withdrawals of `amount` got through against an account holding 1.0. */
async function naiveRound(db: Db, n: number, amount: string): Promise<number> {
  await db.execute(sql`create table if not exists naive_accounts (
    id integer primary key,
    available numeric(38, 18) not null check (available >= 0),
    frozen numeric(38, 18) not null check (frozen >= 0))`)
  await db.execute(sql`insert into naive_accounts values (1, 1, 0)
    on conflict (id) do update set available = 1, frozen = 0`)
  // As many at once as the pool has connections (they overlap on the row, which is what oversells), taken by workers
  // so none waits in the pool's queue long enough to time out on a loaded machine.
  let left = n
  let accepted = 0
  await Promise.all(
    Array.from({ length: POOL_MAX }, async () => {
      while (left-- > 0) if (await naiveWithdraw(db, units(amount))) accepted++
    }),
  )
  return accepted
}
