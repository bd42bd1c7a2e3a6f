/**
 * Ledger model test, run by ledger-model.test.ts and ledger-model-pg.test.ts (issue 10 "Done when", reliability.md L1): fast-check generates random sequences of money calls
 * — deposits, transfers between wallets, withdrawal requests (some more than the balance), approvals and rejections,
 * second reviews, idempotent replays of an earlier key with the same payload and with another one — runs them against
 * the database and against a model of exact BigInt balances, and after EVERY call checks:
 * - `checkLedger`: each book and currency's entries sum to zero, every balance equals its entries, nothing negative;
 * - the user's balances in the database equal the model's (available and frozen of every wallet and currency);
 * - the user's frozen funds equal the model's pending withdrawals (amount + fee), and across all users frozen equals
 *   Σ amount + fee of the withdrawals the database holds as pending;
 * - each answer is the one the model predicts: accepted, "Lack of funds", the same answer on a replay, "key reused".
 *
 * The calls go through the real services of server/money (claim + operator approval, transfer, withdrawal with the
 * transaction password, operator review), not through HTTP: what is under test is the ledger and its callers.
 * Each run starts from empty money tables and a fresh user with an opening deposit of each currency (so a run's
 * checks read a ledger of its own size, and most generated steps have money to move).
 *
 * Size: `npm test` runs 1,000 sequences on PostgreSQL (issue 10: ≥ 1,000 on real PostgreSQL) and 250 on PGlite (a
 * single-user database shows no race; it repeats PostgreSQL's checks) with fast-check's `small` size (≤ 10 of the
 * ≤ 30 commands, ~3 besides the 2 opening deposits; about 3 and 1 minutes on the 2-core machine). The
 * bench-sized run (`npm run bench -- model`) runs 1,000 on PostgreSQL at `medium` size (~10 commands each
 * besides the openings: 10,073 in 201 s when measured).
 * LEDGER_MODEL_RUNS and LEDGER_MODEL_SIZE override; a failure prints fast-check's seed and replay path.
 */
import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Wallet } from '../../common/api/assets'
import type { DecimalString } from '../../common/amount'
import type { Database } from '../../server/db/client'
import { DomainError } from '../../server/domain/errors'
import { checkLedger } from '../../server/ledger/check'
import {
  balancesOf,
  clearMoneyTables,
  fromUnits,
  moneyUser,
  openChain,
  rowsOf,
  serviceCalls,
  toUnits,
  type MoneyCalls,
  type Who,
} from '../helpers/ledger-ops'
import { makeUser } from '../helpers/server-users'

/**
 * Sequences per database: LEDGER_MODEL_RUNS, else 1,000 on PostgreSQL (issue 10: ≥ 1,000 on real PostgreSQL, where
 * races are real) and 250 on PGlite (one connection: the same steps without concurrency; its share of CI time is
 * better spent elsewhere).
 */
const runsOn = (name: string) => Number(process.env.LEDGER_MODEL_RUNS ?? (name === 'PGlite' ? 250 : 1000))
/** Commands per run at most: short runs, many of them (the ledger's states repeat quickly). */
const MAX_COMMANDS = 30
/** How long sequences tend to be: fast-check's `small` (≤ 10 commands), `medium` (≤ 30, ~10 on average). */
const SIZE = (process.env.LEDGER_MODEL_SIZE ?? 'small') as fc.SizeForArbitrary

/** Model amounts are BigInt units of 10^-8 (every test currency has ≤ 8 decimals). */
const SCALE = 8
const CURRENCIES = { USDT: { scale: 6, fee: '1', min: '2' }, BTC: { scale: 8, fee: '0.0002', min: '0.001' } } as const
type Currency = keyof typeof CURRENCIES
const WALLETS: readonly Wallet[] = ['spot', 'contract', 'option']

const units = (text: string) => toUnits(text, SCALE)
const text = (u: bigint) => fromUnits(u, SCALE)
/** One unit of the currency's smallest denomination, in model units. */
const tick = (c: Currency) => 10n ** BigInt(SCALE - CURRENCIES[c].scale)
const fee = (c: Currency) => units(CURRENCIES[c].fee)
const min = (c: Currency) => units(CURRENCIES[c].min)

type Refusal = { kind: string; messageKey: string }
type Outcome = { ok: unknown } | { refused: Refusal }

interface KeyedCall {
  key: string
  call: 'transfer' | 'withdraw'
  payload: { currency: Currency; amount: DecimalString; from?: Wallet; to?: Wallet }
  outcome: Outcome
}

interface Model {
  /** `wallet/currency` → buckets, model units. */
  bal: Map<string, { available: bigint; frozen: bigint }>
  /** Pending withdrawals by id: currency and amount + fee. */
  pending: Map<number, { currency: Currency; total: bigint }>
  /** Decided withdrawals by id: the decision. */
  decided: Map<number, boolean>
  calls: KeyedCall[]
  keys: number
}

interface Real {
  money: MoneyCalls
  database: Database
  userId: number
}

type Cmd = fc.AsyncCommand<Model, Real>

/** Steps run per kind and outcome, over one test (printed, and each kind must have run). */
const seen = new Map<string, number>()
const count = (kind: string) => seen.set(kind, (seen.get(kind) ?? 0) + 1)
const COVERAGE = [
  'deposit',
  'transfer accepted',
  'transfer refused',
  'withdraw accepted',
  'withdraw refused',
  'approve',
  'reject',
  'review again (same)',
  'review again (other)',
  'replay (same payload)',
  'replay (other payload)',
]

const LACK: Refusal = { kind: 'rejected', messageKey: 'lackOfFunds' }
const REUSED: Refusal = { kind: 'conflict', messageKey: 'idempotencyKeyReused' }
const ALREADY: Refusal = { kind: 'conflict', messageKey: 'alreadyReviewed' }

function buckets(m: Model, wallet: Wallet, c: Currency) {
  const key = `${wallet}/${c}`
  let b = m.bal.get(key)
  if (!b) m.bal.set(key, (b = { available: 0n, frozen: 0n }))
  return b
}

const who = (r: Real, key: string): Who => ({ userId: r.userId, book: 'live', key })

/** Runs `call`, returning its answer or its refusal; anything but a DomainError fails the test. */
async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: await call() }
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    return { refused: { kind: err.kind, messageKey: err.messageKey } }
  }
}

function expectRefused(outcome: Outcome, refusal: Refusal, what: string) {
  expect('refused' in outcome ? outcome.refused : outcome, what).toEqual(refusal)
}

/** Every invariant, after every command. */
async function verify(m: Model, r: Real, after: string): Promise<void> {
  const db = r.database.db
  const check = await checkLedger(db)
  expect(check, `ledger check after ${after}`).toMatchObject({ ok: true, mismatches: [] })
  const actual = await balancesOf(db, r.userId)
  const keys = new Set([...m.bal.keys(), ...[...actual.keys()].map((k) => k.replace(/^live\//, ''))])
  for (const key of keys) {
    const want = m.bal.get(key) ?? { available: 0n, frozen: 0n }
    const got = actual.get(`live/${key}`)
    expect(
      { key, available: units(got?.available ?? '0'), frozen: units(got?.frozen ?? '0') },
      `balance after ${after}`,
    ).toEqual({ key, ...want })
  }
  for (const c of Object.keys(CURRENCIES) as Currency[]) {
    let pending = 0n
    for (const p of m.pending.values()) if (p.currency === c) pending += p.total
    expect(buckets(m, 'spot', c).frozen, `frozen ${c} = pending withdrawals after ${after}`).toBe(pending)
  }
  const [row] = await rowsOf<{ frozen: string; pending: string }>(
    db,
    sql`select
      (select coalesce(sum(frozen), 0)::text from ledger_accounts where user_id is not null) as frozen,
      (select coalesce(sum(amount + fee), 0)::text from withdrawals where status = 'pending') as pending`,
  )
  expect(units(row!.frozen), `Σ frozen = Σ pending withdrawals (database) after ${after}`).toBe(units(row!.pending))
}

// ---- commands ----

class Deposit implements Cmd {
  constructor(
    readonly c: Currency,
    readonly amount: bigint,
  ) {}
  check = () => true
  async run(m: Model, r: Real) {
    await r.money.deposit(r.userId, this.c, text(this.amount), `k${m.keys++}`)
    buckets(m, 'spot', this.c).available += this.amount
    count('deposit')
    await verify(m, r, this.toString())
  }
  toString = () => `deposit ${text(this.amount)} ${this.c}`
}

class Transfer implements Cmd {
  /** `amount` null: all of the source wallet's available (the edge of the balance check). */
  constructor(
    readonly c: Currency,
    readonly from: Wallet,
    readonly to: Wallet,
    readonly amount: bigint | null,
  ) {}
  check = (m: Readonly<Model>) => this.amount !== null || (m.bal.get(`${this.from}/${this.c}`)?.available ?? 0n) > 0n
  async run(m: Model, r: Real) {
    const source = buckets(m, this.from, this.c)
    const amount = this.amount ?? source.available
    const payload = { currency: this.c, from: this.from, to: this.to, amount: text(amount) }
    const key = `k${m.keys++}`
    const outcome = await outcomeOf(() => r.money.transfer(who(r, key), payload))
    if (amount <= source.available) {
      expect(outcome, `${this.toString()} accepted`).toEqual({ ok: { id: expect.any(Number) as unknown } })
      source.available -= amount
      buckets(m, this.to, this.c).available += amount
      count('transfer accepted')
    } else {
      expectRefused(outcome, LACK, `${this.toString()} refused`)
      count('transfer refused')
    }
    m.calls.push({ key, call: 'transfer', payload, outcome })
    await verify(m, r, this.toString())
  }
  toString = () => `transfer ${this.amount === null ? 'all' : text(this.amount)} ${this.c} ${this.from}→${this.to}`
}

class Withdraw implements Cmd {
  /** `amount` null: exactly what is available minus the fee; `over`: one smallest unit more than that. */
  constructor(
    readonly c: Currency,
    readonly amount: bigint | null,
    readonly over = false,
  ) {}
  check = (m: Readonly<Model>) =>
    this.amount !== null || this.over || (m.bal.get(`spot/${this.c}`)?.available ?? 0n) - fee(this.c) >= min(this.c)
  async run(m: Model, r: Real) {
    const spot = buckets(m, 'spot', this.c)
    let amount = this.amount ?? spot.available - fee(this.c)
    if (this.over) amount = spot.available - fee(this.c) + tick(this.c)
    if (amount < min(this.c)) amount = min(this.c)
    const payload = { currency: this.c, amount: text(amount) }
    const key = `k${m.keys++}`
    const outcome = await outcomeOf(() => r.money.withdraw(who(r, key), payload))
    const total = amount + fee(this.c)
    if (total <= spot.available) {
      expect(this.over, `${this.toString()} must be refused`).toBe(false)
      expect(outcome, `${this.toString()} accepted`).toMatchObject({
        ok: { status: 'pending', fee: CURRENCIES[this.c].fee, arrival_amount: text(amount) },
      })
      const id = (outcome as { ok: { id: number } }).ok.id
      spot.available -= total
      spot.frozen += total
      m.pending.set(id, { currency: this.c, total })
      count('withdraw accepted')
    } else {
      expectRefused(outcome, LACK, `${this.toString()} refused`)
      count('withdraw refused')
    }
    m.calls.push({ key, call: 'withdraw', payload, outcome })
    await verify(m, r, this.toString())
  }
  toString = () =>
    `withdraw ${this.over ? 'available−fee+1 unit' : this.amount === null ? 'all' : text(this.amount)} ${this.c}`
}

class Review implements Cmd {
  constructor(
    readonly pick: number,
    readonly approve: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.pending.size > 0
  async run(m: Model, r: Real) {
    const ids = [...m.pending.keys()]
    const id = ids[this.pick % ids.length]!
    const w = m.pending.get(id)!
    const answer = await r.money.reviewWithdrawal({ id, approve: this.approve })
    expect(answer, `${this.toString()} #${id}`).toEqual({ id, status: this.approve ? 'approved' : 'rejected' })
    const spot = buckets(m, 'spot', w.currency)
    spot.frozen -= w.total
    if (!this.approve) spot.available += w.total
    m.pending.delete(id)
    m.decided.set(id, this.approve)
    count(this.approve ? 'approve' : 'reject')
    await verify(m, r, `${this.toString()} #${id}`)
  }
  toString = () => `${this.approve ? 'approve' : 'reject'} pending[${this.pick}]`
}

/**
 * A decided withdrawal reviewed again, with the same or the other decision: refused as already reviewed (the
 * decision is a conditional update of a pending request), and no money moves.
 */
class ReviewAgain implements Cmd {
  constructor(
    readonly pick: number,
    readonly same: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.decided.size > 0
  async run(m: Model, r: Real) {
    const ids = [...m.decided.keys()]
    const id = ids[this.pick % ids.length]!
    const first = m.decided.get(id)!
    const outcome = await outcomeOf(() => r.money.reviewWithdrawal({ id, approve: this.same ? first : !first }))
    expectRefused(outcome, ALREADY, `${this.toString()} #${id}`)
    count(`review again (${this.same ? 'same' : 'other'})`)
    await verify(m, r, `${this.toString()} #${id}`)
  }
  toString = () => `review decided[${this.pick}] again (${this.same ? 'same' : 'other'} decision)`
}

/** An earlier call again under its key: the same payload gets the first answer, another payload is refused. */
class Replay implements Cmd {
  constructor(
    readonly pick: number,
    readonly samePayload: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.calls.length > 0
  async run(m: Model, r: Real) {
    const first = m.calls[this.pick % m.calls.length]!
    const c = first.payload.currency
    const payload = this.samePayload
      ? first.payload
      : { ...first.payload, amount: text(units(first.payload.amount) + tick(c)) }
    const outcome = await outcomeOf(() =>
      first.call === 'transfer'
        ? r.money.transfer(who(r, first.key), payload as Parameters<MoneyCalls['transfer']>[1])
        : r.money.withdraw(who(r, first.key), { currency: payload.currency, amount: payload.amount }),
    )
    if (this.samePayload) expect(outcome, `${this.toString()}: ${first.call} ${first.key}`).toEqual(first.outcome)
    else expectRefused(outcome, REUSED, `${this.toString()}: ${first.call} ${first.key}`)
    count(`replay (${this.samePayload ? 'same' : 'other'} payload)`)
    await verify(m, r, this.toString())
  }
  toString = () => `replay calls[${this.pick}] (${this.samePayload ? 'same' : 'other'} payload)`
}

// ---- arbitraries ----

const currency = fc.constantFrom<Currency>('USDT', 'BTC')
/** 1 smallest unit … 40 whole units, often round, sometimes with every decimal used. */
const amountOf = (c: Currency) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: 40 }),
      fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10 ** CURRENCIES[c].scale - 1 })),
    )
    .map(([whole, part]) => (BigInt(whole) * 10n ** BigInt(CURRENCIES[c].scale) + BigInt(part)) * tick(c))
    .filter((u) => u > 0n)
const amount = currency.chain((c) => amountOf(c).map((a) => [c, a] as const))
/** Two different wallets, most often out of spot (where deposits land). */
const wallets = fc
  .tuple(fc.constantFrom<Wallet>('spot', 'spot', ...WALLETS), fc.constantFrom(...WALLETS))
  .filter(([a, b]) => a !== b)

/** Each run opens with a deposit of each currency (so most generated steps have money to move). */
const opening = fc
  .tuple(amountOf('USDT'), amountOf('BTC'))
  .map(([usdt, btc]) => [['USDT', usdt] as const, ['BTC', btc] as const])

const commands = fc.commands<Model, Real, false>(
  [
    amount.map(([c, a]) => new Deposit(c, a)),
    fc
      .tuple(amount, wallets, fc.boolean())
      .map(([[c, a], [from, to], all]) => new Transfer(c, from, to, all ? null : a)),
    fc
      .tuple(amount, fc.constantFrom('amount', 'all', 'over'))
      .map(([[c, a], how]) =>
        how === 'amount' ? new Withdraw(c, a > min(c) ? a : min(c)) : new Withdraw(c, null, how === 'over'),
      ),
    fc.tuple(fc.nat(), fc.boolean()).map(([i, approve]) => new Review(i, approve)),
    fc.tuple(fc.nat(), fc.boolean()).map(([i, same]) => new ReviewAgain(i, same)),
    fc.tuple(fc.nat(), fc.boolean()).map(([i, same]) => new Replay(i, same)),
  ],
  { maxCommands: MAX_COMMANDS, size: SIZE },
)

/**
 * The model on one database (`name` in the titles), as `ledger-model.test.ts` (PGlite) and `ledger-model-pg.test.ts`
 * (PostgreSQL) run it: two files, so the two databases run on two vitest workers at once.
 */
export function describeModel(name: string, open: () => Promise<Database>) {
  const RUNS = runsOn(name)
  describe(`ledger model on ${name}`, () => {
    let database: Database
    beforeAll(async () => {
      database = await open()
      for (const [c, t] of Object.entries(CURRENCIES)) await openChain(database.db, c as Currency, t)
    })
    afterAll(() => database?.close())

    it(`keeps every invariant after every step of ${RUNS} random sequences through the money services`, async () => {
      const started = performance.now()
      seen.clear()
      await fc.assert(
        fc.asyncProperty(opening, commands, async (opening, cmds) => {
          const db = database.db
          await clearMoneyTables(db)
          const user = await moneyUser(db, (await makeUser(db)).id)
          const money = serviceCalls(db, new Map([[user.userId, user]]))
          const setup = async () => {
            const model: Model = { bal: new Map(), pending: new Map(), decided: new Map(), calls: [], keys: 0 }
            const real: Real = { money, database, userId: user.userId }
            for (const [c, amount] of opening) {
              await money.deposit(user.userId, c, text(amount), `k${model.keys++}`)
              buckets(model, 'spot', c).available += amount
            }
            await verify(model, real, 'the opening deposits')
            return { model, real }
          }
          await fc.asyncModelRun(setup, cmds)
        }),
        { numRuns: RUNS },
      )
      const s = (performance.now() - started) / 1000
      const steps = [...seen.values()].reduce((a, b) => a + b, 0)
      console.log(
        `ledger model on ${name}: ${RUNS} runs, ${steps} commands, ${s.toFixed(1)} s`,
        Object.fromEntries(seen),
      )
      // Every kind of step really ran (a generator change cannot quietly reduce the test to deposits); shorter runs
      // (PGlite's 250, LEDGER_MODEL_RUNS < 500) may miss the rarer ones: PostgreSQL's 1,000 are checked.
      if (RUNS >= 500) for (const kind of COVERAGE) expect(seen.get(kind) ?? 0, `${kind} steps`).toBeGreaterThan(0)
    }, 3_600_000)
  })
}
