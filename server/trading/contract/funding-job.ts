/**
 * The funding job (issue 21 part 6): a durable job like the financial products' accrual (earn/accrual.ts), in every
 * server process. Every PASS_MS it
 * 1. fixes the rate of every funding time that has passed on the funding clock (funding-rates.ts), once for all
 *    processes;
 * 2. for each rate not settled yet (oldest first), pays every position of its symbol that is still open and was opened
 *    before that funding time (and before its rate was fixed), in batches of PASS_LIMIT positions, one transaction
 *    each: the accounts are taken with `pg_try_advisory_xact_lock` (an account another process or a close holds is
 *    skipped, as SKIP LOCKED skips a row, and taken at a later pass), the positions `FOR UPDATE SKIP LOCKED`, the
 *    payments already made are read again under the locks, and the payments are booked (funding-pay.ts);
 * 3. marks a rate settled when no position is left to pay at it.
 *
 * Exactly once: a payment's row (unique on position and funding time) and its ledger posting (unique reference)
 * commit together with the position's margin change. A kill -9 before COMMIT leaves the batch unpaid for the next
 * pass or process; after it, paid. Should a batch fail, its positions are paid one transaction each instead, so one
 * bad account cannot hold the others back.
 */
import { and, asc, eq, inArray, lt, notExists, sql } from 'drizzle-orm'
import { parseDecimal } from '../../../common/amount'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { contractFundingPayments, contractPositions } from '../../db/schema'
import { moneyTransaction } from '../../ledger/idempotent'
import type { MarketService } from '../../market/types'
import { contractWallet, lockKey, type PositionRow } from './account'
import { payFunding, type AccountFunding } from './funding-pay'
import { fixDueRates, settleRate, unsettledRates, type FundingRateRow } from './funding-rates'
import { fundingSamplerFor, type FundingSampler } from './funding-sampler'
import { marksFor } from './marks'

/** How often a process looks for funding due, ms. */
export const PASS_MS = 2000
/** Positions paid per transaction at most. */
export const PASS_LIMIT = 200

/** Counts since start: positions paid, rates settled, failed batches or positions. */
export interface FundingStats {
  paid: number
  settled: number
  failures: number
}

/** A running funding job. */
export interface FundingJob {
  /** Runs one pass now (or joins the running one); resolves with how many positions it paid. */
  pass(): Promise<number>
  stats(): FundingStats
  sampler: FundingSampler
  stop(): Promise<void>
}

/**
 * Starts paying funding on `db` every `intervalMs` (default PASS_MS), with the premium sampler of `market`. The clock
 * is `now` when given (tests), else the funding clock (the financial products' clock: CLOCK_CONTROL=1 lets
 * `npm run admin -- clock advance 8h` reach a funding time).
 */
export async function startFundingJob(deps: {
  db: Db
  market: Pick<MarketService, 'source' | 'onEvent' | 'listings' | 'lastBook'>
  now?: () => Date | Promise<Date>
  intervalMs?: number
  sampleMs?: number
  log?: (line: string) => void
}): Promise<FundingJob> {
  const sampler = fundingSamplerFor({ db: deps.db, market: deps.market, now: deps.now, intervalMs: deps.sampleMs })
  const marks = marksFor(deps.market)
  const counts: FundingStats = { paid: 0, settled: 0, failures: 0 }
  const log = deps.log ?? (() => undefined)
  let running: Promise<number> | undefined
  const pass = () => {
    running ??= (async () => {
      let now: Date
      try {
        now = await sampler.now()
        await fixDueRates(deps.db, sampler, marks, now)
      } catch (err) {
        counts.failures++
        log(`[funding] fixing the rates due failed: ${(err as Error).message}`)
        return 0
      }
      let paid = 0
      for (const rate of await unsettledRates(deps.db).catch(() => []))
        paid += await payRate(deps.db, rate, counts, log)
      return paid
    })().finally(() => {
      running = undefined
    })
    return running
  }
  const timer = setInterval(() => void pass(), deps.intervalMs ?? PASS_MS)
  timer.unref()
  return {
    pass,
    stats: () => ({ ...counts }),
    sampler,
    async stop() {
      clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}

/** Positions due at `rate`, not paid yet, oldest first (read without locks: the batch locks and checks again). */
function dueWhere(rate: FundingRateRow) {
  return and(
    eq(contractPositions.symbol, rate.symbol),
    eq(contractPositions.status, 'open'),
    lt(contractPositions.openedAt, rate.fundingTime),
    lt(contractPositions.openedAt, rate.createdAt),
    notExists(
      sql`(select 1 from ${contractFundingPayments} fp where fp.position_id = ${contractPositions.id}
        and fp.funding_time = ${rate.fundingTime.toISOString()}::timestamptz)`,
    ),
  )
}

async function payRate(db: Db, rate: FundingRateRow, counts: FundingStats, log: (l: string) => void): Promise<number> {
  let paid = 0
  for (;;) {
    let due: { id: number }[]
    try {
      due = await db
        .select({ id: contractPositions.id })
        .from(contractPositions)
        .where(dueWhere(rate))
        .orderBy(asc(contractPositions.id))
        .limit(PASS_LIMIT)
    } catch (err) {
      counts.failures++
      log(`[funding] reading the positions due failed: ${(err as Error).message}`)
      return paid
    }
    if (due.length === 0) {
      await settleRate(db, rate).then(
        () => counts.settled++,
        () => undefined,
      )
      return paid
    }
    const ids = due.map((d) => d.id)
    let booked: number
    try {
      booked = await moneyTransaction(db, (tx) => payBatch(tx, rate, ids))
    } catch (err) {
      counts.failures++
      log(
        `[funding] paying a batch at ${rate.symbol} ${rate.fundingTime.toISOString()} failed, one by one: ${(err as Error).message}`,
      )
      booked = 0
      for (const id of ids) {
        try {
          booked += await moneyTransaction(db, (tx) => payBatch(tx, rate, [id]))
        } catch (e) {
          counts.failures++
          log(`[funding] paying position ${id} failed: ${(e as Error).message}`)
        }
      }
      counts.paid += booked
      return paid + booked
    }
    counts.paid += booked
    paid += booked
    // Nothing booked: every account was held by someone else (a close, another process); a later pass takes them.
    if (booked === 0) return paid
  }
}

/** Pays what is still due among positions `ids` at `rate` in `tx`; answers how many it booked. */
export async function payBatch(tx: Db, rate: FundingRateRow, ids: readonly number[]): Promise<number> {
  const rows = await tx
    .select({ book: contractPositions.book, userId: contractPositions.userId })
    .from(contractPositions)
    .where(inArray(contractPositions.id, [...ids]))
  const accounts = [...new Map(rows.map((r) => [`${r.book}:${r.userId}`, r])).values()].sort(
    (a, b) => a.userId - b.userId || a.book.localeCompare(b.book),
  )
  const held: { book: Book; userId: number }[] = []
  for (const a of accounts) {
    const got = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${lockKey(a.book, a.userId).toString()}::bigint) as ok`,
    )
    const ok = ((got as { rows: { ok: boolean }[] }).rows ?? (got as { ok: boolean }[]))[0]?.ok
    if (ok) held.push(a)
  }
  if (held.length === 0) return 0
  const heldKeys = new Set(held.map((a) => `${a.book}:${a.userId}`))
  const locked: PositionRow[] = (
    await tx
      .select()
      .from(contractPositions)
      .where(and(inArray(contractPositions.id, [...ids]), dueWhere(rate)))
      .orderBy(asc(contractPositions.id))
      .for('update', { skipLocked: true })
  ).filter((p) => heldKeys.has(`${p.book}:${p.userId}`))
  const byAccount = new Map<string, AccountFunding>()
  for (const p of locked) {
    const key = `${p.book}:${p.userId}`
    let a = byAccount.get(key)
    if (!a) {
      a = { available: (await contractWallet(tx, p.book, p.userId)).available, positions: [] }
      byAccount.set(key, a)
    }
    a.positions.push(p)
  }
  const terms = {
    fundingTime: rate.fundingTime,
    rate: parseDecimal(rate.rate),
    markPrice: parseDecimal(rate.markPrice),
  }
  return payFunding(tx, terms, [...byAccount.values()])
}
