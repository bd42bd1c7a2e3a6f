/**
 * Futures as a fast-check model, run by contract-model.test.ts and contract-model-pg.test.ts (issue 12; issue 21 part 10; reliability.md L1 with "liquidate" in the mix): random
 * sequences through the real calls, the real risk engine and the real funding job, on PGlite and PostgreSQL. Each
 * sequence has two new traders (500 USDT deposited, 300 of it in the futures wallet): one opens a 50× BTC long with most
 * of it, the other a hedge on ETH (long and short); then up to MAX_STEPS steps (contract-model-steps.ts): market and
 * limit opens on BTC/USDT and ETH/USDT (long, short, 2–50×, with and without TP/SL), hedges, cancels, closes of one
 * position (whole or a part of it: partial closes), Close all (of one symbol or
 * every one), TP/SL changes, transfers into and out of the futures wallet (out is capped: a refusal is valid), market
 * moves and gaps (jumps past stop-losses and liquidation prices), stale periods (a market's feed older than its
 * `price_max_age_ms`, without sleeping: contract-model-world.ts) and funding times (the funding job at the next funding
 * time of the test's funding clock). At the end every position is closed and every order cancelled at fresh prices.
 *
 * After EVERY step, from the database (contract-model-checks.ts), for each trader:
 * - balance (spot + futures wallets) = deposits − withdrawals (none) + Σ realized PnL − Σ fees (opening, closing,
 *   clearance) ± Σ funding + Σ insurance paid; the futures wallet = transfers in − out + the same; spot = deposits −
 *   transfers in + out;
 * - insurance is paid only to a liquidated position, and only the deficit: right after, the account is empty;
 * - every frozen amount is held by something open: futures frozen = Σ open positions' margin + Σ pending orders'
 *   margin and fee; spot frozen 0; no bucket below 0 and every bucket equals its ledger entries;
 * - each closed or liquidated position was booked once, an open one never; a filled order has its position;
 * and what users gain the platform's accounts lose, to the unit: in the traders' futures postings the counterparty
 * moved by −Σ (PnL + funding), `fees` by Σ trading fees, `insurance` by Σ clearance fees − Σ insurance paid. The
 * ledger entries since the sequence began sum to zero per currency and move each platform account by exactly its
 * entries; the full ledger check (server/ledger/check.ts, frozen reconciliation included) runs at each sequence's end.
 * After a step that sent fresh prices no account is left liquidatable at the engine's marks (a step slower than the
 * freshness limit lets the next fresh heartbeats liquidate, at most 3); a stale mark triggers and liquidates nothing.
 *
 * Speed (≥ 500 sequences per database in CI): new traders per sequence instead of clearing tables, every check one
 * snapshot query of the sequence's own rows (contract-model-snapshot.ts), the feed's staleness and the funding clock
 * set by the test instead of waited for. Measured on a shared 2-core machine: 500 sequences in 212 s on PGlite at a
 * load average of 8–16, 154 s on PGlite and 128 s on PostgreSQL at 1–4.
 *
 * Settings: CONTRACT_MODEL_RUNS sequences per database (default 500; `npm run bench -- risk-model` runs 5,000 on
 * PostgreSQL, tests/bench/risk-model.ts), CONTRACT_MODEL_STEPS steps at most after the opening (default 8),
 * CONTRACT_MODEL_PARTIAL=0 no partial closes, CONTRACT_MODEL_PROFILE=1 prints the time spent per step kind,
 * CONTRACT_MODEL_REPORT=<file> appends each database's figures as a JSON line (for the bench).
 */
import fc from 'fast-check'
import { appendFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { checkLedger } from '../../server/ledger/check'
import { contractSuite } from './contract-fixtures'
import { startSeq, verify, type Seq } from './contract-model-checks'
import { readSnapshot } from './contract-model-snapshot'
import {
  Cancel,
  Close,
  Funding,
  Hedge,
  Move,
  Open,
  Resume,
  saw,
  seen,
  SetTpsl,
  Stale,
  Transfer,
} from './contract-model-steps'
import {
  call,
  freshMarket,
  MARKETS,
  modelWorld,
  newTraders,
  settle,
  spent,
  SYMS,
  timed,
  type Sym,
  type World,
} from './contract-model-world'

const RUNS = Number(process.env.CONTRACT_MODEL_RUNS ?? 500)
const MAX_STEPS = Number(process.env.CONTRACT_MODEL_STEPS ?? 8)

/** Both markets fresh at their seed mids, two new traders and their opening positions. */
async function begin(w: World): Promise<Seq> {
  w.failuresBefore = w.s.engine.stats().failures
  for (const symbol of SYMS) {
    w.mid[symbol] = MARKETS[symbol].base
    freshMarket(w, symbol)
  }
  const q = await timed('traders', async () => startSeq(w, await newTraders(w, 2)))
  // A 50× long with half the wallet (a fall of about 1 % liquidates it), and a hedge on the other market.
  await timed('opening', async () => {
    await new Open(0, 'btcusdt', true, false, 50, 50, 0, false).act(q)
    await new Hedge(1, 'ethusdt', 60, 10).act(q)
  })
  await verify(q, 'the opening positions')
  return q
}

/** Sequences between two full ledger checks (the incremental checks of every step see the rest). */
const FULL_CHECK_EVERY = 10

/** The whole ledger (server/ledger/check.ts, frozen reconciliation included) holds. */
async function expectLedgerWhole(w: World, when: string) {
  const ledger = await timed('checkLedger', () => checkLedger(w.s.database.db))
  expect(ledger, `ledger check ${when}`).toMatchObject({ ok: true, mismatches: [], frozen_mismatches: [] })
}

/**
 * The sequence's end: fresh prices, every order cancelled and every position closed, the ledger checked whole every
 * FULL_CHECK_EVERY sequences.
 */
async function end(q: Seq, n: number) {
  const { w } = q
  for (const symbol of SYMS) freshMarket(w, symbol)
  // The fresh prices may fill resting orders: what to cancel and close is read once the engine is done. Whatever
  // Close all cannot close (a net loss beyond the wallet) is the engine's to liquidate.
  for (let round = 0; ; round++) {
    await settle(w)
    const rows = await readSnapshot(q)
    const left = q.traders.filter((t) => {
      const r = rows.traders.get(t.user.id)!
      return r.open.length + r.pending.length > 0
    })
    if (left.length === 0) break
    expect(round, `open at the end: ${left.map((t) => t.user.id).join(', ')}`).toBeLessThan(3)
    for (const t of left) {
      const r = rows.traders.get(t.user.id)!
      for (const o of r.pending) await call(w, t.user, 'POST', 'contract/order_cancel', { id: o.id })
      if (r.open.length > 0) await call(w, t.user, 'POST', 'contract/close_all', {})
    }
  }
  await verify(q, 'the end')
  if (n % FULL_CHECK_EVERY === 0) await expectLedgerWhole(w, `after sequence ${n}`)
}

/** The steps' generators (contract-model-steps.ts). */
function steps() {
  const who = fc.nat(1)
  const symbol = fc.constantFrom<Sym>(...SYMS)
  return [
    fc
      .tuple(who, symbol, fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 100 }), fc.constantFrom(2, 10, 25, 50))
      .chain(([w, s, long, limit, size, lev]) =>
        fc
          .tuple(fc.integer({ min: -60, max: 60 }), fc.boolean())
          .map(([off, tpsl]) => new Open(w, s, long, limit, size, lev, off, tpsl)),
      ),
    fc
      .tuple(who, symbol, fc.integer({ min: 1, max: 60 }), fc.constantFrom(5, 20, 50))
      .map(([w, s, size, lev]) => new Hedge(w, s, size, lev)),
    fc.tuple(who, fc.nat(9)).map(([w, n]) => new Cancel(w, n)),
    fc
      .tuple(who, fc.nat(9), fc.constantFrom(25, 50, 100), fc.boolean(), fc.option(symbol, { nil: undefined }))
      .map(([w, n, pct, all, s]) => new Close(w, n, pct, all, s)),
    fc.tuple(who, fc.nat(9), fc.integer({ min: 10, max: 300 })).map(([w, n, dist]) => new SetTpsl(w, n, dist)),
    fc.tuple(who, fc.boolean(), fc.integer({ min: 10, max: 100 })).map(([w, out, pct]) => new Transfer(w, out, pct)),
    fc.tuple(symbol, fc.integer({ min: -400, max: 400 })).map(([s, bp]) => new Move(s, bp)),
    fc
      .tuple(symbol, fc.integer({ min: 800, max: 1500 }), fc.boolean())
      .map(([s, bp, down]) => new Move(s, down ? -bp : bp)),
    fc.tuple(symbol, fc.integer({ min: -800, max: 800 })).map(([s, bp]) => new Stale(s, bp)),
    symbol.map((s) => new Resume(s)),
    fc.integer({ min: -40, max: 40 }).map((bp) => new Funding(bp)),
  ]
}

/**
 * The model on one database (`name` in the titles), as `contract-model.test.ts` (PGlite) and
 * `contract-model-pg.test.ts` (PostgreSQL) run it: two files, so the two databases run on two vitest workers at once.
 */
export function describeModel(name: string, open: () => Promise<Database>) {
  describe(`futures model on ${name}`, () => {
    const s = contractSuite(open)
    const w = modelWorld(s)
    let started = 0
    beforeAll(() => {
      seen.clear()
      started = performance.now()
    })
    afterAll(() => {
      const seconds = (performance.now() - started) / 1000
      console.log(
        `futures model (${name}): ${RUNS} sequences in ${seconds.toFixed(1)} s (${(RUNS / seconds).toFixed(2)}/s); ${[...seen].map(([k, n]) => `${k} ${n}`).join(', ')}`,
      )
      if (process.env.CONTRACT_MODEL_PROFILE) console.log([...spent].map(([k, v]) => `${k} ${v.toFixed(0)}`).join('\n'))
      if (process.env.CONTRACT_MODEL_REPORT) {
        appendFileSync(
          process.env.CONTRACT_MODEL_REPORT,
          `${JSON.stringify({ database: name, runs: RUNS, seconds })}\n`,
        )
      }
    })

    it(`keeps every invariant after every step (${RUNS} sequences)`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(steps(), { maxCommands: MAX_STEPS, size: 'max' }), async (cmds) => {
          const q = await begin(w)
          await fc.asyncModelRun(() => ({ model: {}, real: q }), cmds)
          await timed('end', () => end(q, (seen.get('sequence') ?? 0) + 1))
          saw('sequence')
        }),
        { numRuns: RUNS },
      )
      await expectLedgerWhole(w, 'after the last sequence')
      // The generators reached every kind of step, not only refusals (counts in the log line; a short run may miss some).
      if (RUNS < 100) return
      for (const kind of ['market open', 'limit open', 'hedge short', 'close', 'close all', 'move', 'gap', 'stale']) {
        expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0)
      }
      for (const kind of ['transfer in', 'transfer out', 'funding paid', 'liquidations', 'resume']) {
        expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0)
      }
    }, 1_800_000)
  })
}
