/**
 * The futures risk engine's decisions (server/trading/contract/engine-plan.ts, issue 21 part 12), without a database
 * or a feed: what a risk action queues, which queued jobs start and in what order, which accounts a reload acts on,
 * what a liquidation batch leaves to one-by-one liquidation, the pending orders the matcher keeps, and the triggers a
 * takeover's last marks reached.
 */
import { describe, expect, it } from 'vitest'
import {
  actionKey,
  admit,
  afterBatch,
  checkLiquidationAfterTrigger,
  dueOnLoad,
  gainedTriggers,
  plan,
  replaceEntrusts,
  type Entrust,
  type PlannedJob,
} from '../../server/trading/contract/engine-plan'
import type { MarkSnapshot } from '../../server/trading/contract/marks'
import { PX, RiskBook, toUnits, type RiskAction, type RiskPosition } from '../../server/trading/contract/risk-book'

const liq = (user: number): PlannedJob => ({
  key: `liquidation:live:${user}`,
  account: `live:${user}`,
  liquidation: { book: 'live', userId: user },
})
const trig = (user: number, position: number): PlannedJob => ({ key: `trigger:${position}`, account: `live:${user}` })
const keys = (runs: PlannedJob[][]) => runs.map((r) => r.map((j) => j.key))
const LIMITS = { maxInFlight: 4, batch: 200, maxQueued: 10 }

describe('actionKey and admit', () => {
  it('queues one liquidation per account and one close per trigger position', () => {
    const l: RiskAction = { kind: 'liquidation', accountKey: 'live:7' }
    const t: RiskAction = { kind: 'stop_loss', positionId: 3, symbol: 'btcusdt', accountKey: 'live:7', price: 1n }
    expect([actionKey(l), actionKey(t)]).toEqual(['liquidation:live:7', 'trigger:3'])
  })

  it('skips a job already waiting or running and drops one past the queue limit', () => {
    expect(admit('trigger:3', new Set(['trigger:3']), 0, LIMITS)).toBe('duplicate')
    expect(admit('trigger:4', new Set(['trigger:3']), 9, LIMITS)).toBe('queued')
    expect(admit('trigger:4', new Set(), 10, LIMITS)).toBe('dropped')
  })
})

describe('plan', () => {
  it("runs one account's jobs one after another, in the order decided: a trigger before its liquidation", () => {
    const queue = [trig(1, 10), liq(1), trig(2, 20)]
    const first = plan(queue, new Set(), 0, LIMITS)
    expect(keys(first.runs)).toEqual([['trigger:10'], ['trigger:20']])
    expect(first.rest.map((j) => j.key)).toEqual(['liquidation:live:1'])
    expect([...first.busy].sort()).toEqual(['live:1', 'live:2'])
    // Once the trigger is done (account 1 free again), its liquidation starts.
    const second = plan(first.rest, new Set(['live:2']), 1, LIMITS)
    expect(keys(second.runs)).toEqual([['liquidation:live:1']])
  })

  it('batches the runnable liquidations, leaving the jobs between in place, up to the batch size', () => {
    const queue = [liq(1), trig(2, 20), liq(3), liq(4), liq(5)]
    const { runs, rest } = plan(queue, new Set(['live:4']), 0, { ...LIMITS, batch: 2 })
    expect(keys(runs)).toEqual([['liquidation:live:1', 'liquidation:live:3'], ['trigger:20'], ['liquidation:live:5']])
    expect(rest.map((j) => j.key)).toEqual(['liquidation:live:4'])
  })

  it('starts no more runs than the budget allows', () => {
    const queue = [trig(1, 1), trig(2, 2), trig(3, 3)]
    expect(keys(plan(queue, new Set(), 3, LIMITS).runs)).toEqual([['trigger:1']])
    expect(plan(queue, new Set(), 4, LIMITS).runs).toEqual([])
  })
})

describe('dueOnLoad', () => {
  it('acts on what a reload calls for, except for accounts acted on since the last tick', () => {
    const a: RiskAction = { kind: 'liquidation', accountKey: 'live:1' }
    const b: RiskAction = { kind: 'liquidation', accountKey: 'live:2' }
    const due = dueOnLoad(
      [
        { key: 'live:1', actions: [a] },
        { key: 'live:2', actions: [b] },
      ],
      new Set(['live:1']),
    )
    expect(due).toEqual([b])
  })
})

describe('checkLiquidationAfterTrigger', () => {
  it('checks the liquidation after a trigger only when the account is at or below its maintenance margin', () => {
    expect([-5n, 0n, 1n, null, undefined].map(checkLiquidationAfterTrigger)).toEqual([true, true, false, false, false])
  })
})

describe('afterBatch', () => {
  it('counts the liquidated accounts and leaves the deferred ones, or all of a failed batch, to one-by-one', () => {
    const jobs = [liq(1), liq(2), liq(3), liq(4)]
    const outcomes = new Map([
      ['live:1', 'liquidated'],
      ['live:2', 'deferred'],
      ['live:3', 'healthy'],
    ])
    const { liquidated, oneByOne } = afterBatch(jobs, outcomes)
    expect(liquidated).toBe(1)
    expect(oneByOne.map((j) => j.account)).toEqual(['live:2', 'live:4'])
    expect(afterBatch(jobs, undefined)).toEqual({ liquidated: 0, oneByOne: jobs })
  })
})

describe('replaceEntrusts', () => {
  const order = (id: number, user: number): Entrust => ({
    id,
    book: 'live',
    userId: user,
    side: 'long',
    price: '100',
    amount: '1',
    createdAt: id,
  })
  it("replaces the reloaded accounts' pending orders and keeps the others'", () => {
    const before = new Map([['btcusdt', [order(1, 1), order(2, 2)]]])
    const after = replaceEntrusts(before, new Set(['live:1']), [{ ...order(3, 1), symbol: 'ethusdt' }])
    expect([...after]).toEqual([
      ['btcusdt', [order(2, 2)]],
      ['ethusdt', [order(3, 1)]],
    ])
  })

  it('replaces every order on a full reload', () => {
    const before = new Map([['btcusdt', [order(1, 1), order(2, 2)]]])
    const after = replaceEntrusts(before, 'all', [{ ...order(2, 2), symbol: 'btcusdt' }])
    expect([...after]).toEqual([['btcusdt', [order(2, 2)]]])
  })
})

describe('gainedTriggers', () => {
  // A long on BTC with take-profit 70,000 and stop-loss 59,000, and a short on ETH with stop-loss 3,100, at PX units.
  const px = (n: number) => toUnits(String(n), PX)
  const position = (
    id: number,
    symbol: string,
    side: 1n | -1n,
    tp: number | null,
    sl: number | null,
  ): RiskPosition => ({
    id,
    symbol,
    side,
    q: px(1),
    e: px(symbol === 'btcusdt' ? 60000 : 3000),
    mmr: 0n,
    tp: tp === null ? null : px(tp),
    sl: sl === null ? null : px(sl),
  })
  const book = new RiskBook()
  book.setAccount({
    key: 'live:3',
    walletBalance: px(100000),
    positions: [position(1, 'btcusdt', 1n, 70000, 59000), position(2, 'ethusdt', -1n, null, 3100)],
  })
  book.setAccount({ key: 'live:4', walletBalance: px(100000), positions: [position(5, 'btcusdt', 1n, null, 59500)] })
  const mark = (symbol: string, price: number, ts: number) =>
    ({ symbol, price: String(price), event: { ts } }) as unknown as MarkSnapshot
  const marks: Record<string, MarkSnapshot[]> = {
    btcusdt: [
      mark('btcusdt', 60500, 1),
      mark('btcusdt', 58900, 2),
      mark('btcusdt', 58000, 3),
      mark('btcusdt', 60100, 4),
    ],
    ethusdt: [mark('ethusdt', 3050, 1), mark('ethusdt', 3000, 2)],
  }
  const marksOf = (symbol: string) => marks[symbol] ?? []

  it('acts on each position of a gained account once, at the first mark of the gap that reached its trigger', () => {
    const got = gainedTriggers(['live:3', 'live:4'], new Set([3, 4]), () => true, book, marksOf)
    expect(got.map((t) => [t.action.kind, 'positionId' in t.action && t.action.positionId, t.mark.event.ts])).toEqual([
      ['stop_loss', 1, 2],
      ['stop_loss', 5, 2],
    ])
  })

  it('leaves accounts of partitions not gained, or not owned, alone', () => {
    expect(gainedTriggers(['live:3', 'live:4'], new Set([4]), () => true, book, marksOf)).toHaveLength(1)
    expect(gainedTriggers(['live:3', 'live:4'], new Set([3, 4]), (u) => u !== 3, book, marksOf)).toHaveLength(1)
    expect(
      gainedTriggers(
        ['live:3'],
        new Set([3]),
        () => true,
        book,
        () => [],
      ),
    ).toEqual([])
  })
})
