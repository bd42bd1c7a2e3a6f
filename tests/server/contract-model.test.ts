/**
 * Futures as a fast-check model (issue 12; reliability.md L1 with "liquidate" in the mix): random sequences of market
 * and limit opens (long and short, 2–50×, with and without TP/SL), cancels, closes of one and of all, TP/SL changes
 * and market moves (a book and a trade at a new price, then the risk engine acts: take-profits, stop-losses,
 * entrust fills, liquidations) through the real calls and the real engine. After EVERY step, from the database:
 * - the ledger check holds (every currency sums to zero, balances equal their entries, no user balance below 0);
 * - the contract wallet's frozen USDT is Σ open positions' margin + Σ pending orders' margin and fee;
 * - its total (available + frozen) is the opening funds + Σ closed positions' (PnL − fees + insurance) − Σ open
 *   positions' opening fee, exactly;
 * - every order is pending, cancelled, or filled with its position; each closed or liquidated position was booked
 *   once (one `position:<id>` ledger transaction) and an open one never;
 * - after a market move the account is not left liquidatable at the engine's marks. A mark older than 2 s pauses
 *   liquidation (server/trading/freshness.ts): when a step took longer than that (a loaded machine), the feed's next
 *   heartbeats (fresh marks at the same price, as contract-fixtures.ts sends them) must liquidate it, at most 3 of them.
 * CONTRACT_MODEL_RUNS overrides the number of sequences (default 20 per database, up to 25 steps each).
 */
import fc from 'fast-check'
import { randomUUID } from 'node:crypto'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { add, negate, parseDecimal, subtract, type DecimalString } from '../../common/amount'
import type { ContractOrder, Position } from '../../common/api/contract'
import { accountFigures, isLiquidatable } from '../../common/trading/contract-math'
import type { Database } from '../../server/db/client'
import { contractOrders, contractPositions, ledgerTransactions } from '../../server/db/schema'
import { checkLedger } from '../../server/ledger/check'
import { marksFor } from '../../server/trading/contract/marks'
import { figuresOf } from '../../server/trading/contract/views'
import { DEFAULT_PRICE_MAX_AGE_MS } from '../../server/trading/freshness'
import { clearMoneyTables, openChain } from '../helpers/ledger-ops'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { contractSuite, marketAt, trader, wallet, type ContractSuite } from './contract-fixtures'
import type { TestUser } from '../helpers/server-users'

const RUNS = Number(process.env.CONTRACT_MODEL_RUNS ?? 20)
const OPENING = '300'
const d = parseDecimal

/** Steps that did something, by kind: a generator change cannot quietly reduce the test to refusals. */
const seen = new Map<string, number>()
const saw = (kind: string) => seen.set(kind, (seen.get(kind) ?? 0) + 1)

interface Real {
  s: ContractSuite
  user: TestUser
  /** The market's mid now (quote currency). */
  mid: number
}
type Model = Record<string, never>

/** A call as the user, the feed's latest books repeated just before (as contract-fixtures.ts `open` does). */
const call = <T>(r: Real, method: 'GET' | 'POST', path: string, body?: object) => {
  r.s.beat()
  return moneyCall<T>(r.s.t.app, r.user.token, method, path, body)
}

/** A call that answered "already closed" met a position the risk engine had closed, not an open one. */
async function expectClosedByEngine(r: Real, id: number) {
  const [row] = await r.s.database.db
    .select({ status: contractPositions.status })
    .from(contractPositions)
    .where(eq(contractPositions.id, id))
  expect(row?.status, 'closed by the risk engine').not.toBe('open')
}

class Open implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly side: 'long' | 'short',
    readonly type: 'market' | 'limit',
    readonly thousandths: number,
    readonly leverage: number,
    readonly offset: number,
    readonly withTpsl: boolean,
  ) {}
  check = () => true
  async run(_m: Model, r: Real) {
    const price = r.mid + this.offset
    const away = this.side === 'long' ? 1 : -1
    const order = {
      symbol: 'btcusdt',
      side: this.side,
      type: this.type,
      amount: (this.thousandths / 1000).toFixed(3),
      leverage: this.leverage,
      client_oid: randomUUID(),
      ...(this.type === 'limit' ? { price: price.toFixed(2) } : {}),
      ...(this.withTpsl ? { tp: (r.mid + away * 800).toFixed(2), sl: (r.mid - away * 800).toFixed(2) } : {}),
    }
    const res = await call<ContractOrder>(r, 'POST', 'contract/order_place', order)
    if (res.body.code === 1) saw(`${this.type} open`)
    else {
      expect(res.body.msg).toMatch(/Lack of funds|maintenance margin|take-profit|stop-loss/)
      saw('open refused')
    }
    await verify(r, this.toString())
  }
  toString = () =>
    `${this.type} ${this.side} ${this.thousandths / 1000} ×${this.leverage}${this.type === 'limit' ? ` @mid${this.offset >= 0 ? '+' : ''}${this.offset}` : ''}${this.withTpsl ? ' tp/sl' : ''}`
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = () => true
  async run(_m: Model, r: Real) {
    const list = await call<{ list: ContractOrder[] }>(r, 'GET', 'contract/order_list', { state: 'open' })
    const o = list.body.data.list[this.pick % Math.max(1, list.body.data.list.length)]
    if (o) {
      const res = await call(r, 'POST', 'contract/order_cancel', { id: o.id })
      if (res.body.code === 1) saw('cancel')
      else expect(res.body.msg).toBe('This order can no longer be cancelled')
    }
    await verify(r, this.toString())
  }
  toString = () => `cancel #${this.pick}`
}

class Close implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly all: boolean,
  ) {}
  check = () => true
  async run(_m: Model, r: Real) {
    marketAt(r.s, r.mid - 5, r.mid + 5)
    if (this.all) {
      const res = await call(r, 'POST', 'contract/close_all', {})
      if (res.body.code === 1) saw('close all')
      else expect(res.body.msg).toBe('You have no open positions')
    } else {
      const list = await call<Position[]>(r, 'GET', 'contract/positions')
      const p = list.body.data[this.pick % Math.max(1, list.body.data.length)]
      if (p) {
        const res = await call(r, 'POST', 'contract/position_close', { id: p.id })
        if (res.body.code === 1) saw('close')
        else {
          // The book set above can move the mark through a take-profit, stop-loss or the liquidation price: the risk
          // engine may close the position between the list and this call. Then, and only then, it is already closed.
          expect(res.body.msg).toBe('This position is already closed')
          await expectClosedByEngine(r, p.id)
          saw('close raced a trigger')
        }
      }
    }
    await verify(r, this.toString())
  }
  toString = () => (this.all ? 'close all' : `close #${this.pick}`)
}

class SetTpsl implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly distance: number,
  ) {}
  check = () => true
  async run(_m: Model, r: Real) {
    const list = await call<Position[]>(r, 'GET', 'contract/positions')
    const p = list.body.data[this.pick % Math.max(1, list.body.data.length)]
    if (p) {
      const away = p.side === 'long' ? 1 : -1
      const open = Number(p.open_price)
      const res = await call(r, 'POST', 'contract/position_tpsl', {
        id: p.id,
        tp: (open + away * this.distance).toFixed(2),
        sl: (r.mid - away * this.distance).toFixed(2),
      })
      if (res.body.code === 1) saw('tpsl')
      else if (res.body.msg === 'This position is already closed') {
        // A take-profit or stop-loss set at or past the mark closes the position at once (the engine reloads the
        // account on its notice and acts at the marks it has): the next change finds it closed, and only then.
        await expectClosedByEngine(r, p.id)
        saw('tp/sl raced a trigger')
      } else expect(res.body.msg).toMatch(/take-profit|stop-loss/)
    }
    await verify(r, this.toString())
  }
  toString = () => `tp/sl #${this.pick} ±${this.distance}`
}

class Move implements fc.AsyncCommand<Model, Real> {
  constructor(readonly by: number) {}
  check = () => true
  async run(_m: Model, r: Real) {
    r.mid = Math.min(70_000, Math.max(50_000, r.mid + this.by))
    const before = r.s.engine.stats()
    const movedAt = Date.now()
    marketAt(r.s, r.mid - 5, r.mid + 5)
    await r.s.engine.reloadAll()
    await r.s.engine.idle()
    const after = r.s.engine.stats()
    expect(after.failures).toBe(0)
    saw('move')
    for (const k of ['triggers', 'liquidations', 'fills'] as const) {
      if (after[k] > before[k]) saw(k)
    }
    await verify(r, this.toString(), movedAt)
  }
  toString = () => `move ${this.by >= 0 ? '+' : ''}${this.by}`
}

/** Whether the user's account is liquidatable at the engine's marks, from the database; the mark's age, ms. */
async function liquidatableAtMarks(r: Real): Promise<{ liquidatable: boolean; age: number | undefined }> {
  const open = await r.s.database.db
    .select()
    .from(contractPositions)
    .where(and(eq(contractPositions.userId, r.user.id), eq(contractPositions.status, 'open')))
  const marks = marksFor(r.s.market)
  const mark = marks.mark('btcusdt')
  const age = mark && Date.now() - mark.event.ts
  if (open.length === 0) return { liquidatable: false, age }
  const w = await wallet(r.s, r.user)
  const figures = accountFigures(
    d(w.available),
    open.map((p) => figuresOf(p, marks.mark(p.symbol)?.price)),
  )
  return { liquidatable: isLiquidatable(figures, open.length), age }
}

/**
 * After a market move at `movedAt` (epoch ms): the engine liquidated what the move called for. Within the freshness
 * limit of the move the engine acted on fresh marks and has no excuse; past it, it may have paused on a stale mark,
 * and then one of the next 3 fresh heartbeats (at the same price) must liquidate.
 */
async function expectNotLiquidatable(r: Real, step: string, movedAt: number) {
  const slow = Date.now() - movedAt > DEFAULT_PRICE_MAX_AGE_MS
  for (let beats = 0; ; beats++) {
    const { liquidatable, age } = await liquidatableAtMarks(r)
    if (!liquidatable) return
    const why = `left liquidatable after ${step} (step ${slow ? 'slower' : 'faster'} than the freshness limit, ${beats} fresh heartbeats since, mark ${age} ms old)`
    expect(slow && beats < 3, why).toBe(true)
    saw('liquidation waited for a fresh mark')
    r.s.beat()
    await r.s.engine.reloadAll()
    await r.s.engine.idle()
  }
}

/** The invariants of the header, from the database; after a market move at `movedAt` (epoch ms), no liquidation due. */
async function verify(r: Real, step: string, movedAt?: number) {
  // The engine acts on its own after a step: a take-profit or stop-loss set at or past the mark, or a position opened
  // past its liquidation price, is closed as soon as the account's notice reloads it. The invariants are those of a
  // quiet moment: let it see every committed change and finish what it decided before reading.
  await r.s.engine.reloadAll()
  await r.s.engine.idle()
  if (movedAt !== undefined) await expectNotLiquidatable(r, step, movedAt)
  const db = r.s.database.db
  const ledger = await checkLedger(db)
  expect(ledger, `ledger after ${step}`).toMatchObject({ ok: true })
  const positions = await db.select().from(contractPositions).where(eq(contractPositions.userId, r.user.id))
  const orders = await db.select().from(contractOrders).where(eq(contractOrders.userId, r.user.id))
  const open = positions.filter((p) => p.status === 'open')
  const pending = orders.filter((o) => o.status === 'pending')
  const sum = (xs: DecimalString[]) => xs.reduce((a, b) => add(a, b), d('0'))
  const w = await wallet(r.s, r.user)
  const frozen = add(sum(open.map((p) => d(p.margin))), sum(pending.map((o) => add(d(o.margin), d(o.fee)))))
  expect(w.frozen, `frozen after ${step}`).toBe(frozen)
  const closed = positions.filter((p) => p.status !== 'open')
  const earned = sum(
    closed.map((p) => add(subtract(subtract(d(p.realizedPnl!), d(p.openFee)), d(p.closeFee!)), d(p.insurancePaid!))),
  )
  const total = add(d(OPENING), add(earned, negate(sum(open.map((p) => d(p.openFee))))))
  expect(add(d(w.available), d(w.frozen)), `total after ${step}`).toBe(total)
  for (const o of orders) {
    if (o.status === 'filled') expect(positions.some((p) => p.id === o.positionId)).toBe(true)
    else expect(o.positionId).toBeNull()
  }
  if (positions.length > 0) {
    const booked = await db
      .select({ reference: ledgerTransactions.reference, n: count() })
      .from(ledgerTransactions)
      .where(
        and(
          inArray(ledgerTransactions.kind, ['contract_close', 'contract_liquidation']),
          inArray(
            ledgerTransactions.reference,
            positions.map((p) => `position:${p.id}`),
          ),
        ),
      )
      .groupBy(ledgerTransactions.reference)
    const times = new Map(booked.map((b) => [b.reference, b.n]))
    for (const p of positions) expect(times.get(`position:${p.id}`) ?? 0).toBe(p.status === 'open' ? 0 : 1)
  }
}

const commands = [
  fc
    .tuple(
      fc.constantFrom('long' as const, 'short' as const),
      fc.constantFrom('market' as const, 'limit' as const),
      fc.integer({ min: 1, max: 200 }),
      fc.constantFrom(2, 10, 25, 50),
      fc.integer({ min: -300, max: 300 }),
      fc.boolean(),
    )
    .map(([side, type, n, lev, off, tpsl]) => new Open(side, type, n, lev, off, tpsl)),
  fc.nat(9).map((n) => new Cancel(n)),
  fc.tuple(fc.nat(9), fc.boolean()).map(([n, all]) => new Close(n, all)),
  fc.tuple(fc.nat(9), fc.integer({ min: 50, max: 1500 })).map(([n, dist]) => new SetTpsl(n, dist)),
  fc.integer({ min: -3000, max: 3000 }).map((by) => new Move(by)),
]

function describeModel(name: string, open: () => Promise<Database>) {
  describe(`futures model on ${name}`, () => {
    const s = contractSuite(open)
    beforeAll(() => seen.clear())
    afterAll(() => console.log(`futures model (${name}): ${[...seen].map(([k, n]) => `${k} ${n}`).join(', ')}`))

    it(`keeps every invariant after every step (${RUNS} sequences)`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 25, size: '+1' }), async (cmds) => {
          await s.database.db.execute(sql`delete from contract_positions`)
          await s.database.db.execute(sql`delete from contract_orders`)
          await clearMoneyTables(s.database.db)
          await s.database.db.execute(sql`delete from ledger_transactions where kind like ${'contract_%'}`)
          await openChain(s.database.db, 'USDT', { fee: '1', min: '2' })
          await s.engine.reloadAll()
          const r: Real = { s, user: await trader(s, OPENING), mid: 60_000 }
          marketAt(s, r.mid - 5, r.mid + 5)
          // Every sequence starts with a 50× long using most of the wallet: moves of a few percent liquidate it.
          await new Open('long', 'market', 240, 50, 0, false).run({}, r)
          await fc.asyncModelRun(() => ({ model: {}, real: r }), cmds)
        }),
        { numRuns: RUNS },
      )
      // The generators reached every kind of step, not only refusals. (Liquidations, fills and triggers happen in most
      // runs and are counted in the log line; their own tests are contract.test.ts and contract-replay.test.ts.)
      for (const kind of ['market open', 'limit open', 'close', 'move']) expect(seen.get(kind) ?? 0).toBeGreaterThan(0)
    }, 600_000)
  })
}

describeModel('PGlite', () => pgliteTestDb())
await describePostgres('futures model', (openDb) => describeModel('PostgreSQL', openDb))
