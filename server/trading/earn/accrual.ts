/**
 * The daily income of subscriptions, as a durable job on the orders table itself (DESIGN §4: "`FOR UPDATE SKIP
 * LOCKED`", as the options settler): every PASS_MS each server process takes up to PASS_LIMIT in-progress orders whose
 * `next_income_at` has passed (oldest first, SKIP LOCKED so two processes share the work instead of waiting on each
 * other) and credits, in one transaction, every whole day due on each (income per day, and the principal with the
 * last day: accrue.ts); then the next batch at once while batches come back full. Should a batch fail, that pass
 * credits its orders one transaction each instead, so one bad order cannot hold the others back.
 *
 * Exactly once: the rows are held FOR UPDATE and their days paid move forward in the same transaction as the
 * postings, each of which has a unique reference (`financial:<id>:day:<k>`, `financial:<id>:redeem`). A crash before
 * COMMIT leaves the days unpaid for the next pass or process; a crash after it leaves them paid. A process that was
 * down for days pays every day missed at its next pass.
 */
import { and, asc, eq, lte } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { financialOrders } from '../../db/schema'
import { moneyTransaction } from '../../ledger/idempotent'
import { applyAccruals, accrueLocked } from './accrue'
import { clockControlAllowed, earnClock, markClockControl } from './clock'
import { accrualOf, type Accrual } from './income'

/** How often a process looks for income due, ms. */
export const PASS_MS = 2000
/** Orders taken per transaction at most. */
export const PASS_LIMIT = 200

/** Counts since start: orders credited, days paid, orders matured, failed batches or orders. */
export interface AccrualStats {
  credited: number
  days: number
  matured: number
  failures: number
}

/** A running accrual job. */
export interface FinancialAccrual {
  /** Runs one pass now (or joins the running one); resolves with how many orders it credited. */
  pass(): Promise<number>
  stats(): AccrualStats
  stop(): Promise<void>
}

/**
 * Starts crediting due income on `db` every `intervalMs` (default PASS_MS). The clock is `now` when given (tests),
 * else the financial clock (clock.ts), which honours the offset only when `clockControl` (default CLOCK_CONTROL=1);
 * that choice is recorded for the CLI's `clock advance`.
 */
export async function startFinancialAccrual(deps: {
  db: Db
  now?: () => Date | Promise<Date>
  clockControl?: boolean
  intervalMs?: number
  log?: (line: string) => void
}): Promise<FinancialAccrual> {
  const allowed = deps.clockControl ?? clockControlAllowed()
  await markClockControl(deps.db, allowed)
  const now = deps.now ?? earnClock(deps.db, allowed)
  const counts: AccrualStats = { credited: 0, days: 0, matured: 0, failures: 0 }
  let running: Promise<number> | undefined
  const pass = () => {
    running ??= accrueDue(deps.db, now, counts, deps.log).finally(() => {
      running = undefined
    })
    return running
  }
  const timer = setInterval(() => void pass(), deps.intervalMs ?? PASS_MS)
  timer.unref()
  return {
    pass,
    stats: () => ({ ...counts }),
    async stop() {
      clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}

function count(counts: AccrualStats, done: readonly Accrual[]): number {
  for (const a of done) {
    counts.credited++
    counts.days += a.toDay - a.fromDay + 1
    if (a.matured) counts.matured++
  }
  return done.length
}

async function accrueDue(
  db: Db,
  clock: () => Date | Promise<Date>,
  counts: AccrualStats,
  log?: (line: string) => void,
): Promise<number> {
  let now: Date
  try {
    now = await clock()
  } catch (err) {
    counts.failures++
    log?.(`[financial] reading the clock failed: ${(err as Error).message}`)
    return 0
  }
  let credited = 0
  for (;;) {
    let batch: { taken: number; done: Accrual[] }
    try {
      batch = await moneyTransaction(db, (tx) => accrueBatch(tx, now))
    } catch (err) {
      counts.failures++
      log?.(`[financial] crediting a batch of subscriptions failed, one by one instead: ${(err as Error).message}`)
      return credited + (await accrueOneByOne(db, now, counts, log))
    }
    credited += count(counts, batch.done)
    if (batch.taken < PASS_LIMIT || batch.done.length === 0) return credited
  }
}

/** The due orders, oldest due first. */
const dueWhere = (now: Date) => and(eq(financialOrders.status, 'in_progress'), lte(financialOrders.nextIncomeAt, now))

async function accrueBatch(tx: Db, now: Date): Promise<{ taken: number; done: Accrual[] }> {
  const rows = await tx
    .select()
    .from(financialOrders)
    .where(dueWhere(now))
    .orderBy(asc(financialOrders.nextIncomeAt), asc(financialOrders.id))
    .limit(PASS_LIMIT)
    .for('update', { skipLocked: true })
  const done = rows.map((o) => accrualOf(o, now)).filter((a): a is Accrual => a !== null)
  await applyAccruals(tx, done, now)
  return { taken: rows.length, done }
}

async function accrueOneByOne(db: Db, now: Date, counts: AccrualStats, log?: (line: string) => void): Promise<number> {
  let ids: number[]
  try {
    const due = await db.select({ id: financialOrders.id }).from(financialOrders).where(dueWhere(now)).limit(PASS_LIMIT)
    ids = due.map((r) => r.id)
  } catch (err) {
    counts.failures++
    log?.(`[financial] reading due subscriptions failed: ${(err as Error).message}`)
    return 0
  }
  let credited = 0
  for (const id of ids) {
    try {
      const done = await moneyTransaction(db, async (tx) => {
        const [order] = await tx
          .select()
          .from(financialOrders)
          .where(and(eq(financialOrders.id, id), eq(financialOrders.status, 'in_progress')))
          .for('update', { skipLocked: true })
        return order ? accrueLocked(tx, order, now) : null
      })
      if (done) credited += count(counts, [done])
    } catch (err) {
      counts.failures++
      log?.(`[financial] crediting subscription ${id} failed: ${(err as Error).message}`)
    }
  }
  return credited
}
