/**
 * The steps of the futures model (contract-model-suite.ts): each acts through the real calls (or, for market moves,
 * stale periods and funding times, through the feed, the risk engine and the funding job) and then checks every
 * invariant (contract-model-checks.ts `verify`). A refusal is a valid outcome when its message is one the step allows;
 * anything else (an unexpected message, an internal error) fails the sequence.
 */
import type fc from 'fast-check'
import { randomUUID } from 'node:crypto'
import { and, eq, gte, inArray } from 'drizzle-orm'
import { expect } from 'vitest'
import { contractPositions } from '../../server/db/schema'
import type { EngineStats } from '../../server/trading/contract/engine'
import { nextFundingTime } from '../../server/trading/contract/funding-rate'
import { verify, type Seq } from './contract-model-checks'
import { openPositionIds, paymentsAt } from './contract-model-snapshot'
import {
  call,
  freshMarket,
  MARKETS,
  settle,
  shift,
  staleMarket,
  SYMS,
  type Sym,
  type Trader,
  timed,
  type World,
} from './contract-model-world'

/**
 * Partial closes (POST contract/position_close with `amount`, issue 21 parts 1 and 10): on by default;
 * CONTRACT_MODEL_PARTIAL=0 makes the arm close whole positions.
 */
export const PARTIAL_CLOSE = process.env.CONTRACT_MODEL_PARTIAL !== '0'

/** Steps that did something, by kind: a generator change cannot quietly reduce the test to refusals. */
export const seen = new Map<string, number>()
export const saw = (kind: string) => seen.set(kind, (seen.get(kind) ?? 0) + 1)

type Answer = { body: { code: number; msg: string } }
const STALE = /not up to date/
const RISK =
  /Lack of funds|maintenance margin|order book does not hold|move the price more than|limited to|cannot take more|can use at most|more than .*% past/

/** `res` succeeded (true), or was refused with a message `allowed` matches (false); counted either way. */
function outcome(res: Answer, allowed: RegExp, what: string): boolean {
  if (res.body.code === 1) {
    saw(what)
    return true
  }
  expect(res.body.msg, `${what} refused`).toMatch(allowed)
  saw(`${what} refused (${res.body.msg.split(/[,.:]/)[0]!.slice(0, 40)})`)
  return false
}

const traderOf = (q: Seq, who: number): Trader => q.traders[who % q.traders.length]!
const side = (long: boolean) => (long ? ('long' as const) : ('short' as const))
const price = (n: number) => n.toFixed(2)

/**
 * A base amount of `symbol`: `percent` of what 270 USDT of margin (most of a trader's 300) buys at `leverage` at the
 * mid, at least the smallest amount the model orders.
 */
function amountOf(q: Seq, symbol: Sym, percent: number, leverage: number): string {
  const scale = MARKETS[symbol].amountScale
  const units = Math.floor(((270 * leverage) / q.w.mid[symbol]) * (percent / 100) * 10 ** scale)
  return (Math.max(1, units) / 10 ** scale).toFixed(scale)
}

/** The trader's open positions and pending orders (oldest first) after the last step. */
const holdings = (q: Seq, t: Trader) => {
  const rows = q.last.traders.get(t.user.id)!
  return { positions: rows.open, orders: rows.pending }
}

/** A call that answered "already closed" met a position the risk engine had closed, not an open one. */
async function expectClosedByEngine(w: World, id: number) {
  const [row] = await w.s.database.db
    .select({ status: contractPositions.status })
    .from(contractPositions)
    .where(eq(contractPositions.id, id))
  expect(row?.status, 'closed by the risk engine').not.toBe('open')
}

abstract class Step implements fc.AsyncCommand<Record<string, never>, Seq> {
  check = () => true
  /** Acts; answers when it sent fresh prices (epoch ms), after which no liquidation may be left due. */
  abstract act(q: Seq): Promise<number | undefined>
  /** Checks what the engine did during the step (its counters before and after it). */
  engineDid(before: EngineStats, after: EngineStats) {
    for (const k of ['triggers', 'liquidations', 'fills'] as const) if (after[k] > before[k]) saw(k)
  }
  async run(_m: Record<string, never>, q: Seq) {
    const before = q.w.s.engine.stats()
    const movedAt = await timed(`act ${this.constructor.name}`, () => this.act(q))
    await verify(q, this.toString(), movedAt)
    this.engineDid(before, q.w.s.engine.stats())
  }
  abstract toString(): string
}

export class Open extends Step {
  constructor(
    readonly who: number,
    readonly symbol: Sym,
    readonly long: boolean,
    readonly limit: boolean,
    readonly size: number,
    readonly leverage: number,
    readonly offsetBp: number,
    readonly tpsl: boolean,
  ) {
    super()
  }
  async act(q: Seq) {
    const mid = q.w.mid[this.symbol]
    const away = this.long ? 1 : -1
    const res = await call(q.w, traderOf(q, this.who).user, 'POST', 'contract/order_place', {
      symbol: this.symbol,
      side: side(this.long),
      type: this.limit ? 'limit' : 'market',
      amount: amountOf(q, this.symbol, this.size, this.leverage),
      leverage: this.leverage,
      client_oid: randomUUID(),
      ...(this.limit ? { price: price(mid * (1 + this.offsetBp / 10_000)) } : {}),
      ...(this.tpsl ? { tp: price(mid * (1 + away * 0.015)), sl: price(mid * (1 - away * 0.015)) } : {}),
    })
    outcome(
      res,
      new RegExp(`${RISK.source}|take-profit|stop-loss|${STALE.source}`),
      this.limit ? 'limit open' : 'market open',
    )
    return undefined
  }
  toString = () =>
    `#${this.who} ${this.limit ? `limit @${this.offsetBp}bp` : 'market'} ${side(this.long)} ${this.size} % ${this.symbol} ×${this.leverage}${this.tpsl ? ' tp/sl' : ''}`
}

/** A hedge: a long and a short of the same size on one symbol, at market, one after the other. */
export class Hedge extends Step {
  constructor(
    readonly who: number,
    readonly symbol: Sym,
    readonly size: number,
    readonly leverage: number,
  ) {
    super()
  }
  async act(q: Seq) {
    for (const long of [true, false]) {
      const res = await call(q.w, traderOf(q, this.who).user, 'POST', 'contract/order_place', {
        symbol: this.symbol,
        side: side(long),
        type: 'market',
        amount: amountOf(q, this.symbol, this.size / 2, this.leverage),
        leverage: this.leverage,
        client_oid: randomUUID(),
      })
      outcome(res, new RegExp(`${RISK.source}|${STALE.source}`), `hedge ${side(long)}`)
    }
    return undefined
  }
  toString = () => `#${this.who} hedge ${this.size} % ${this.symbol} ×${this.leverage}`
}

export class Cancel extends Step {
  constructor(
    readonly who: number,
    readonly pick: number,
  ) {
    super()
  }
  async act(q: Seq) {
    const t = traderOf(q, this.who)
    const { orders } = holdings(q, t)
    const o = orders[this.pick % Math.max(1, orders.length)]
    if (o)
      outcome(
        await call(q.w, t.user, 'POST', 'contract/order_cancel', { id: o.id }),
        /no longer be cancelled/,
        'cancel',
      )
    return undefined
  }
  toString = () => `#${this.who} cancel ${this.pick}`
}

/** Closes one position (a part of it, `percent` < 100, once partial closes are on), or all (of one symbol). */
export class Close extends Step {
  constructor(
    readonly who: number,
    readonly pick: number,
    readonly percent: number,
    readonly all: boolean,
    readonly symbol: Sym | undefined,
  ) {
    super()
  }
  async act(q: Seq) {
    const t = traderOf(q, this.who)
    const beyond = /would lose more than your futures wallet/
    // A part must be on the amount step, at least the minimum, and leave at least the minimum open.
    const part = /can close at most|would leave .* open|too small to close|minimum order/
    if (this.all) {
      const res = await call(q.w, t.user, 'POST', 'contract/close_all', this.symbol ? { symbol: this.symbol } : {})
      outcome(res, new RegExp(`no open positions|${beyond.source}|${STALE.source}|${RISK.source}`), 'close all')
      return undefined
    }
    const { positions } = holdings(q, t)
    const p = positions[this.pick % Math.max(1, positions.length)]
    if (!p) return undefined
    const scale = MARKETS[p.symbol as Sym].amountScale
    const units = Math.floor((Number(p.amount) * this.percent * 10 ** scale) / 100)
    const partial = PARTIAL_CLOSE && this.percent < 100 && units > 0
    const res = await call(q.w, t.user, 'POST', 'contract/position_close', {
      id: p.id,
      ...(partial ? { amount: (units / 10 ** scale).toFixed(scale) } : {}),
    })
    // The close re-sends the books: a move pending in the engine can close the position first. Then, and only then,
    // it is already closed.
    if (
      !outcome(
        res,
        new RegExp(`already closed|${beyond.source}|${STALE.source}|${RISK.source}${partial ? `|${part.source}` : ''}`),
        partial ? 'partial close' : 'close',
      )
    ) {
      if (/already closed/.test(res.body.msg)) await expectClosedByEngine(q.w, p.id)
    }
    return undefined
  }
  toString = () =>
    this.all
      ? `#${this.who} close all${this.symbol ? ` ${this.symbol}` : ''}`
      : `#${this.who} close ${this.pick} (${this.percent} %)`
}

export class SetTpsl extends Step {
  constructor(
    readonly who: number,
    readonly pick: number,
    readonly distanceBp: number,
  ) {
    super()
  }
  async act(q: Seq) {
    const t = traderOf(q, this.who)
    const { positions } = holdings(q, t)
    const p = positions[this.pick % Math.max(1, positions.length)]
    if (!p) return undefined
    const away = p.side === 'long' ? 1 : -1
    const mid = q.w.mid[p.symbol as Sym]
    const res = await call(q.w, t.user, 'POST', 'contract/position_tpsl', {
      id: p.id,
      tp: price(Number(p.openPrice) * (1 + (away * this.distanceBp) / 10_000)),
      sl: price(mid * (1 - (away * this.distanceBp) / 10_000)),
    })
    if (!outcome(res, new RegExp(`take-profit|stop-loss|already closed|${STALE.source}`), 'tp/sl')) {
      if (/already closed/.test(res.body.msg)) await expectClosedByEngine(q.w, p.id)
    }
    return undefined
  }
  toString = () => `#${this.who} tp/sl ${this.pick} ±${this.distanceBp}bp`
}

/** A transfer into the futures wallet (a share of the spot balance), or out of it (a share of its available balance). */
export class Transfer extends Step {
  constructor(
    readonly who: number,
    readonly out: boolean,
    readonly percent: number,
  ) {
    super()
  }
  async act(q: Seq) {
    const t = traderOf(q, this.who)
    const rows = q.last.traders.get(t.user.id)!
    const amount = Math.floor(Number(this.out ? rows.contract.available : rows.spot.available) * this.percent) / 100
    if (amount <= 0) return undefined
    const res = await call(q.w, t.user, 'POST', 'assets/transfer', {
      currency: 'USDT',
      from: this.out ? 'contract' : 'spot',
      to: this.out ? 'spot' : 'contract',
      amount: amount.toFixed(2),
    })
    // Out is capped (server/trading/contract/transferable.ts): a refusal is a valid outcome. In never is.
    this.left = outcome(
      res,
      this.out ? new RegExp(`At most .* can leave|Lack of funds|${STALE.source}`) : /^$/,
      this.out ? 'transfer out' : 'transfer in',
    )
    return undefined
  }
  /** The transfer went through (set by `act`). */
  left = false
  override engineDid(before: EngineStats, after: EngineStats) {
    super.engineDid(before, after)
    // No price moved: the cap leaves the initial margin covered, losses counted, so what left cannot make the
    // account liquidatable (the previous step's check left none liquidatable at fresh marks).
    if (this.out && this.left)
      expect(after.liquidations, 'a liquidation after a transfer out').toBe(before.liquidations)
  }
  toString = () => `#${this.who} transfer ${this.out ? 'out' : 'in'} ${this.percent} %`
}

/** A market move (a fresh book and trade); a gap when it jumps past stop-losses and liquidation prices at once. */
export class Move extends Step {
  constructor(
    readonly symbol: Sym,
    readonly bp: number,
  ) {
    super()
  }
  async act(q: Seq) {
    shift(q.w, this.symbol, this.bp)
    const movedAt = Date.now()
    freshMarket(q.w, this.symbol)
    saw(Math.abs(this.bp) >= 800 ? 'gap' : 'move')
    return movedAt
  }
  toString = () => `${this.symbol} ${Math.abs(this.bp) >= 800 ? 'gap' : 'move'} ${this.bp >= 0 ? '+' : ''}${this.bp}bp`
}

/**
 * The feed stalls on `symbol` (its last price, `bp` away, older than the freshness limit): nothing may be triggered or
 * liquidated at it; calls that need it are refused until the feed resumes (a Resume or Move step, or the sequence's end).
 */
export class Stale extends Step {
  constructor(
    readonly symbol: Sym,
    readonly bp: number,
  ) {
    super()
  }
  async act(q: Seq) {
    shift(q.w, this.symbol, this.bp)
    staleMarket(q.w, this.symbol)
    saw('stale')
    return undefined
  }
  /**
   * Nothing of the stalled symbol is triggered or liquidated during the step. The other symbol stays fresh (its
   * heartbeats go on), so a take-profit, stop-loss or liquidation decided on it may land now: the engine's counters
   * cannot tell them apart, the closed positions' symbols can.
   */
  override async run(m: Record<string, never>, q: Seq) {
    const since = new Date()
    await super.run(m, q)
    await q.w.s.engine.idle()
    const acted = await q.w.s.database.db
      .select({ id: contractPositions.id, reason: contractPositions.closeReason })
      .from(contractPositions)
      .where(
        and(
          eq(contractPositions.symbol, this.symbol),
          gte(contractPositions.closedAt, since),
          inArray(contractPositions.closeReason, ['take_profit', 'stop_loss', 'liquidation']),
        ),
      )
    expect(acted, `engine acted on a stale ${this.symbol} mark`).toEqual([])
  }
  override engineDid(before: EngineStats, after: EngineStats) {
    super.engineDid(before, after)
    if (after.fills > before.fills) saw('fill from a stale print')
  }
  toString = () => `${this.symbol} stalls ${this.bp >= 0 ? '+' : ''}${this.bp}bp`
}

export class Resume extends Step {
  constructor(readonly symbol: Sym) {
    super()
  }
  async act(q: Seq) {
    if (!q.w.stale.has(this.symbol)) return undefined
    const movedAt = Date.now()
    freshMarket(q.w, this.symbol)
    saw('resume')
    return movedAt
  }
  toString = () => `${this.symbol} resumes`
}

/**
 * A funding time: the premium of each fresh market set by a trade `premiumBp` below its book (a positive rate: longs
 * pay; above it, shorts pay), one premium sample just before the next funding time of the funding clock, then the job's
 * pass just after it. Every position of the sequence open at the pass is paid exactly once at that time.
 */
export class Funding extends Step {
  constructor(readonly premiumBp: number) {
    super()
  }
  async act(q: Seq) {
    const { w } = q
    for (const symbol of SYMS)
      if (!w.stale.has(symbol))
        freshMarket(w, symbol, Math.round((w.mid[symbol] * (10_000 - this.premiumBp)) / 100) / 100)
    await settle(w)
    const at = nextFundingTime(Math.max(w.clock.at ?? 0, Date.now()))
    w.clock.at = at - 1000
    await w.funding.sampler.sample()
    const open = await openPositionIds(q)
    w.clock.at = at + 1000
    // An account another transaction holds is skipped and taken at a later pass (funding-job.ts): pass until none is.
    for (let i = 0; i < 5; i++) {
      await w.funding.pass()
      const paid = await paymentsAt(w, open, at)
      if (paid.size === open.length) break
    }
    const paid = await paymentsAt(w, open, at)
    for (const id of open) expect(paid.get(id), `funding payments of position ${id}`).toBe(1)
    saw(open.length > 0 ? 'funding paid' : 'funding (nothing open)')
    return Date.now()
  }
  toString = () => `funding at a ${this.premiumBp >= 0 ? '+' : ''}${this.premiumBp}bp premium`
}
