/**
 * The risk engine's decisions (engine.ts), as pure functions of its state so they are unit-tested on their own
 * (issue 21 part 12): what a risk action queues, whether a new job is queued, dropped or already waiting, which
 * queued jobs start now and in what order (one account's jobs one after another, liquidations batched), which
 * accounts a reload acts on, what a liquidation batch leaves to one-by-one liquidation, and the pending orders the
 * matcher keeps after a reload.
 */
import type { Book } from '../../../common/api/user-info'
import { accountPartition } from '../../cluster/partitions'
import { accountKeyOf, parseAccountKey } from './account'
import type { MarkSnapshot } from './marks'
import { PX, toUnits, type RiskAction, type RiskBook } from './risk-book'

/** A job of the action queue as the planner sees it: its dedupe key, its account, and the account when a liquidation. */
export interface PlannedJob {
  /** `liquidation:<account>`, `trigger:<position id>` or `fill:<order id>`: one of each waits or runs at a time. */
  key: string
  /** The account key (`<book>:<userId>`) whose lock the job takes. */
  account: string
  liquidation?: { book: Book; userId: number }
}

/** The engine's budget (engine.ts constants). */
export interface QueueLimits {
  /** Runs at once (each holds a database connection). */
  maxInFlight: number
  /** Accounts liquidated in one transaction at most. */
  batch: number
  /** Jobs waiting at most; past it decisions are dropped. */
  maxQueued: number
}

/** The queue key of what `a` calls for: one liquidation per account, one trigger close per position. */
export function actionKey(a: RiskAction): string {
  return a.kind === 'liquidation' ? `liquidation:${a.accountKey}` : `trigger:${a.positionId}`
}

/**
 * What happens to a new job: `duplicate` when a job of its key waits or runs (it will decide the same), `dropped`
 * when `queued` jobs already wait at the limit (the next tick decides again), else `queued`.
 */
export function admit(
  key: string,
  inFlight: ReadonlySet<string>,
  queued: number,
  limits: Pick<QueueLimits, 'maxQueued'>,
): 'duplicate' | 'dropped' | 'queued' {
  if (inFlight.has(key)) return 'duplicate'
  return queued >= limits.maxQueued ? 'dropped' : 'queued'
}

/**
 * The jobs to start now, `running` runs already going, with the accounts `busy` (a job of theirs runs): each run is
 * one job, or a batch of up to `limits.batch` liquidations of accounts not busy taken from the first runnable
 * liquidation on (the jobs between stay in place). A job of a busy account waits, so one account's jobs run in the
 * order they were decided. Answers the runs in start order, the queue left, and the accounts busy after.
 */
export function plan<J extends PlannedJob>(
  queue: readonly J[],
  busy: ReadonlySet<string>,
  running: number,
  limits: Pick<QueueLimits, 'maxInFlight' | 'batch'>,
): { runs: J[][]; rest: J[]; busy: Set<string> } {
  const rest = [...queue]
  const nowBusy = new Set(busy)
  const runs: J[][] = []
  for (let i = 0; running + runs.length < limits.maxInFlight && i < rest.length;) {
    const job = rest[i]!
    if (nowBusy.has(job.account)) {
      i++
      continue
    }
    if (!job.liquidation) {
      rest.splice(i, 1)
      nowBusy.add(job.account)
      runs.push([job])
      continue
    }
    const taken: J[] = []
    for (let j = i; j < rest.length && taken.length < limits.batch;) {
      const next = rest[j]!
      if (next.liquidation && !nowBusy.has(next.account)) {
        rest.splice(j, 1)
        nowBusy.add(next.account)
        taken.push(next)
      } else j++
    }
    runs.push(taken)
  }
  return { runs, rest, busy: nowBusy }
}

/**
 * What the engine acts on after loading accounts: the actions the risk book called for, except those of accounts
 * acted on since the last mark tick (the reload after an action answers what the database just decided at the same
 * marks: deciding again before a new mark would loop).
 */
export function dueOnLoad(
  actions: readonly { key: string; actions: readonly RiskAction[] }[],
  actedSinceTick: ReadonlySet<string>,
): RiskAction[] {
  return actions.filter((a) => !actedSinceTick.has(a.key)).flatMap((a) => a.actions)
}

/**
 * After a trigger close of an account, whether its liquidation is checked right away: when the risk book puts it at
 * or below its maintenance margin (`headroom` ≤ 0; unknown or none counts as healthy). The book decides a reached trigger
 * instead of the liquidation, so without this a trigger that cannot close would hold the liquidation off.
 */
export function checkLiquidationAfterTrigger(headroom: bigint | null | undefined): boolean {
  return (headroom ?? 1n) <= 0n
}

/**
 * What a liquidation batch leaves: how many accounts it liquidated, and the jobs to run one by one — accounts it
 * deferred (pending orders to cancel first) or all of them when the batch failed (`outcomes` undefined).
 */
export function afterBatch<J extends PlannedJob>(
  jobs: readonly J[],
  outcomes: ReadonlyMap<string, string> | undefined,
): { liquidated: number; oneByOne: J[] } {
  let liquidated = 0
  const oneByOne: J[] = []
  for (const j of jobs) {
    const outcome = outcomes?.get(j.account)
    if (outcome === 'liquidated') liquidated++
    else if (outcome === undefined || outcome === 'deferred') oneByOne.push(j)
  }
  return { liquidated, oneByOne }
}

/** A pending limit order as the matcher keeps it. */
export interface Entrust {
  id: number
  book: Book
  userId: number
  side: 'long' | 'short'
  price: string
  /** What is left of it to fill (amount − filled_amount, less the shares of prints being filled). */
  amount: string
  createdAt: number
}

/**
 * The matcher's pending orders by symbol after loading `touched` accounts (`all`: every account): those of untouched
 * accounts kept, those of touched ones replaced by `pending` (what the database holds for them).
 */
export function replaceEntrusts(
  entrusts: ReadonlyMap<string, readonly Entrust[]>,
  touched: ReadonlySet<string> | 'all',
  pending: readonly (Entrust & { symbol: string })[],
): Map<string, Entrust[]> {
  const isTouched = (e: Entrust) => touched === 'all' || touched.has(accountKeyOf(e.book, e.userId))
  const out = new Map<string, Entrust[]>()
  for (const [symbol, list] of entrusts)
    out.set(
      symbol,
      list.filter((e) => !isTouched(e)),
    )
  for (const { symbol, ...o } of pending) {
    if (!isTouched(o)) continue
    const list = out.get(symbol) ?? []
    list.push(o)
    out.set(symbol, list)
  }
  return out
}

/**
 * The take-profits and stop-losses of the accounts a takeover gained (their user's partition in `gained`, owned by
 * this engine per `owns`) that a mark of the last seconds reached: each position once, at the first such mark, oldest
 * first (`marksOf`: a market's recent marks, recent-prints.ts). The engine carries them out at those marks. Each
 * market's marks are read once; an account is checked against their lowest and highest (what any of them reaches, one
 * of those does) and walked mark by mark only when one of those reaches a trigger.
 */
export function gainedTriggers(
  keys: Iterable<string>,
  gained: ReadonlySet<number>,
  owns: (userId: number) => boolean,
  book: Pick<RiskBook, 'symbolsOf' | 'triggersAt'>,
  marksOf: (symbol: string) => readonly MarkSnapshot[],
): { action: RiskAction; mark: MarkSnapshot }[] {
  const recent = new Map<string, { marks: readonly MarkSnapshot[]; units: bigint[]; lo: bigint; hi: bigint } | null>()
  const recentOf = (symbol: string) => {
    if (!recent.has(symbol)) {
      const marks = marksOf(symbol)
      const units = marks.map((m) => toUnits(m.price, PX))
      const lo = units.reduce((a, b) => (b < a ? b : a), units[0] ?? 0n)
      const hi = units.reduce((a, b) => (b > a ? b : a), units[0] ?? 0n)
      recent.set(symbol, marks.length > 0 ? { marks, units, lo, hi } : null)
    }
    return recent.get(symbol)!
  }
  const out: { action: RiskAction; mark: MarkSnapshot }[] = []
  for (const key of keys) {
    const who = parseAccountKey(key)
    if (!who || !gained.has(accountPartition(who.userId)) || !owns(who.userId)) continue
    for (const symbol of book.symbolsOf(key)) {
      const r = recentOf(symbol)
      if (!r || book.triggersAt(key, symbol, r.lo).length + book.triggersAt(key, symbol, r.hi).length === 0) continue
      const decided = new Set<number>()
      r.units.forEach((units, i) => {
        for (const action of book.triggersAt(key, symbol, units)) {
          if (action.kind === 'liquidation' || decided.has(action.positionId)) continue
          decided.add(action.positionId)
          out.push({ action, mark: r.marks[i]! })
        }
      })
    }
  }
  return out
}
