/**
 * The invariants of the futures model (contract-model-suite.ts header), read from the database after every step. The
 * tables grow with every sequence, so a step reads one snapshot of its own traders (snapshot.ts, one query) and of
 * the ledger entries since its sequence began; the full ledger check runs at each sequence's end.
 */
import { expect } from 'vitest'
import { add, negate, parseDecimal, sign, subtract, type DecimalString } from '../../common/amount'
import { accountFigures, isLiquidatable } from '../../common/trading/contract-math'
import type { PositionRow } from '../../server/trading/contract/account'
import { marksFor } from '../../server/trading/contract/marks'
import { figuresOf } from '../../server/trading/contract/views'
import { DEFAULT_PRICE_MAX_AGE_MS } from '../../server/trading/freshness'
import { readSnapshot, type Snapshot, type TraderRows } from './contract-model-snapshot'
import { settle, timed, type Sym, type Trader, type World } from './contract-model-world'

const d = parseDecimal
const ZERO = d('0')
const PLATFORM = ['system:counterparty', 'system:fees', 'system:insurance']

/** One sequence of the model: its world, traders and the ledger as it was before it. */
export interface Seq {
  w: World
  traders: Trader[]
  /** The last ledger entry before the sequence (its entries are those after). */
  fromEntry: number
  /** Each platform account's buckets before the sequence, by account id. */
  platformBefore: Map<number, { available: DecimalString; frozen: DecimalString }>
  /** Positions already seen liquidated with insurance paid. */
  bankrupt: Set<number>
  /** The state after the last step (what the next step picks positions and orders from). */
  last: Snapshot
}

/** Starts a sequence's bookkeeping for `traders` (made just before, nothing done with them yet). */
export async function startSeq(w: World, traders: Trader[]): Promise<Seq> {
  const q = { w, traders, fromEntry: 0, platformBefore: new Map(), bankrupt: new Set() } as unknown as Seq
  const first = await readSnapshot(q)
  q.fromEntry = first.lastEntry
  for (const a of first.platformAccounts) q.platformBefore.set(a.id, { available: d(a.available), frozen: d(a.frozen) })
  q.last = first
  return q
}

/** Whether `rows`' account is liquidatable at the engine's marks, and the symbols it holds. */
function liquidatable(w: World, rows: TraderRows): { yes: boolean; symbols: string[] } {
  const symbols = [...new Set(rows.open.map((p) => p.symbol))]
  if (rows.open.length === 0) return { yes: false, symbols }
  const marks = marksFor(w.s.market)
  const figures = accountFigures(
    rows.contract.available,
    rows.open.map((p) => figuresOf(p as unknown as PositionRow, marks.mark(p.symbol)?.price)),
  )
  return { yes: isLiquidatable(figures, rows.open.length), symbols }
}

/**
 * The invariants after a step, from the database. `movedAt`: the step sent fresh prices then (epoch ms), after which
 * no account whose markets are all fresh may be left liquidatable at the engine's marks. Within the freshness limit
 * of the step the engine has no excuse; past it (a loaded machine) it may have paused on a mark that aged meanwhile,
 * and one of the next 3 heartbeats must liquidate.
 */
export async function verify(q: Seq, step: string, movedAt?: number) {
  const { w } = q
  await timed('verify settle', () => settle(w))
  let snap = await timed('verify snapshot', () => readSnapshot(q))
  if (movedAt !== undefined) {
    const slow = Date.now() - movedAt > DEFAULT_PRICE_MAX_AGE_MS
    for (let beats = 0; ; beats++) {
      const due = q.traders.filter((t) => {
        const { yes, symbols } = liquidatable(w, snap.traders.get(t.user.id)!)
        return yes && symbols.every((s) => !w.stale.has(s as Sym))
      })
      if (due.length === 0) break
      const why = `trader ${due[0]!.user.id} left liquidatable after ${step} (step ${slow ? 'slower' : 'faster'} than the freshness limit, ${beats} heartbeats since)`
      expect(slow && beats < 3, why).toBe(true)
      w.beat()
      await settle(w)
      snap = await readSnapshot(q)
    }
  }
  expectInvariants(q, snap, step)
  q.last = snap
}

/** The figures of the header, from `snap`. */
function expectInvariants(q: Seq, snap: Snapshot, step: string) {
  let counterparty = ZERO
  let fees = ZERO
  let insurance = ZERO
  let gains = ZERO
  for (const t of q.traders) {
    const id = t.user.id
    const r = snap.traders.get(id)!
    const ctx = `trader ${id} after ${step}`
    const f = r.figures
    for (const a of [r.contract, r.spot]) {
      expect([a.available, a.frozen], `${a.wallet} wallet of ${ctx} = its entries`).toEqual([a.av, a.fr])
      expect(sign(d(a.available)) >= 0 && sign(d(a.frozen)) >= 0, `${a.wallet} wallet of ${ctx} ≥ 0`).toBe(true)
    }
    const userGains = add(
      subtract(subtract(subtract(add(f.pnl, f.funding), f.openFees), f.closeFees), f.clearance),
      f.insured,
    )
    // Every frozen amount is held by something open: positions' margin, pending orders' margin and fee.
    expect(r.contract.frozen, `futures frozen of ${ctx}`).toBe(add(f.openMargin, f.held))
    expect(r.spot.frozen, `spot frozen of ${ctx}`).toBe('0')
    const contract = add(d(r.contract.available), d(r.contract.frozen))
    const spot = add(d(r.spot.available), d(r.spot.frozen))
    expect(contract, `futures wallet of ${ctx}`).toBe(add(add(t.opening, subtract(f.into, f.outOf)), userGains))
    expect(spot, `spot wallet of ${ctx}`).toBe(add(subtract(subtract(t.deposited, t.opening), f.into), f.outOf))
    // The headline: balance = deposits − withdrawals (none) + PnL − fees ± funding + insurance paid.
    expect(add(contract, spot), `balance of ${ctx}`).toBe(add(t.deposited, userGains))
    // Insurance pays only a liquidated position, only the deficit: right after, the futures account is empty.
    for (const p of r.insured) {
      expect(p.status, `insurance paid on a ${p.status} position of ${ctx}`).toBe('liquidated')
      if (q.bankrupt.has(p.id)) continue
      q.bankrupt.add(p.id)
      expect([r.open.length, r.pending.length, contract], `futures account after bankruptcy, ${ctx}`).toEqual([
        0,
        0,
        '0',
      ])
    }
    expect(r.badOrders, `orders filled without their position (or the reverse), ${ctx}`).toEqual([])
    expect(r.badBookings, `positions booked other than once if closed, never if open, ${ctx}`).toEqual([])
    counterparty = subtract(counterparty, add(f.pnl, f.funding))
    fees = add(add(fees, f.openFees), f.closeFees)
    insurance = add(insurance, subtract(f.clearance, f.insured))
    gains = add(gains, userGains)
  }
  // What the users gained, the platform's accounts lost, to the unit: each account by what the rows say.
  const owner = (o: string) => d(snap.platform.find((p) => p.owner === o)?.total ?? '0')
  expect(
    snap.platform.map((p) => p.owner).filter((o) => !PLATFORM.includes(o)),
    `other accounts, ${step}`,
  ).toEqual([])
  expect(
    { counterparty: owner('system:counterparty'), fees: owner('system:fees'), insurance: owner('system:insurance') },
    `platform accounts after ${step}`,
  ).toEqual({ counterparty, fees, insurance })
  const platformTotal = snap.platform.reduce((a, p) => add(a, d(p.total)), ZERO)
  expect(negate(platformTotal), `Σ users' gains = −Σ platform after ${step}`).toBe(gains)
  // The ledger since the sequence began: its entries sum to zero per book and currency, and each platform account
  // moved by exactly its entries (the traders' accounts were checked whole above).
  expect(snap.unbalanced, `book/currency whose entries since the start do not sum to 0, ${step}`).toEqual([])
  for (const a of snap.platformAccounts) {
    const before = q.platformBefore.get(a.id) ?? { available: ZERO, frozen: ZERO }
    expect(
      [subtract(d(a.available), before.available), subtract(d(a.frozen), before.frozen)],
      `platform account ${a.id} after ${step}`,
    ).toEqual([d(a.av), d(a.fr)])
  }
}
