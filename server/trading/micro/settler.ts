/**
 * Settling second contracts, as a durable job on the orders table itself (DESIGN §4: "a queue library … or
 * `FOR UPDATE SKIP LOCKED`"): every PASS_MS each server process looks for open orders whose delivery time has passed
 * and works market by market (issue 21 part 8: a market whose feed stopped never holds back another's): per symbol it
 * takes up to PASS_LIMIT of the orders it can act on (oldest first, SKIP LOCKED so two processes share the work
 * instead of waiting on each other) and, in one transaction, settles each at the first feed price at or after its
 * delivery time (price-tape.ts) if that price came within VOID_AFTER_MS, or voids it when none did (void.ts: stake and
 * fee back, reason `no_price`): one UPDATE of the orders, one batch of ledger postings (post-many.ts) and one
 * statement of user events, then the next batch of that symbol at once while batches come back full. IN_FLIGHT
 * batches of a symbol run side by side (SKIP LOCKED gives each its own orders): one reads and computes while another
 * holds the accounts' locks, which is what bounds a busy second (the ledger's rows of one account are written one
 * transaction after the other, each entry with its balance after). Should a batch fail (a bug, a refused posting),
 * that symbol's orders are settled one transaction each instead, so one bad order cannot hold the others back.
 *
 * Exactly once: the orders' rows are held FOR UPDATE and move from `open` by a conditional update in the same
 * transaction as their ledger postings, whose references (`micro_settle`, `micro:<id>`) are unique; a crash before
 * COMMIT leaves the orders open for the next pass or the next process, a crash after it leaves them settled.
 *
 * A process only knows the prices it has seen since it started listening (`tape.since`): it voids an order when it
 * saw the whole window after delivery without a price, or, for an order delivered before it started (a restart, a
 * second process), once it has itself listened for VOID_AFTER_MS, which leaves any process that saw the window the
 * time to settle it first.
 *
 * Outcome and its posting: outcome.ts.
 */
import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm'
import { feedDecimal, type DecimalString } from '../../../common/amount'
import type { Db } from '../../db/client'
import { microOrders } from '../../db/schema'
import { moneyTransaction } from '../../ledger/idempotent'
import { postTransactions } from '../../ledger/post-many'
import { postTransaction } from '../../ledger/post'
import type { MarketService } from '../../market/types'
import { microSettledEvent, type MicroRow } from './orders'
import { collectEvents, emitEvents } from '../../stream/events'
import { PriceTape, type TapePrice } from './price-tape'
import { outcome, settlementPosting, type SettledState } from './outcome'
import { voidedColumns, voidPosting } from './void'

export { outcome } from './outcome'

/** How often a process looks for due orders, ms. */
export const PASS_MS = 250
/** Orders of one market taken per batch at most (the next batch follows at once while batches come back full). */
export const PASS_LIMIT = 500
/**
 * Batches of one market in flight at once per process: while one waits on the ledger's account locks and its commit,
 * the next reads its orders and computes its postings.
 */
export const IN_FLIGHT = 2
/** An order with no feed price within this long after its delivery is voided, ms (issue 21 part 8). */
export const VOID_AFTER_MS = 10_000

/** A running settler. */
export interface MicroSettler {
  /** Runs one pass now; resolves with how many orders it settled. */
  pass(): Promise<number>
  /** `settled` counts voided orders too. */
  stats(): { settled: number; failures: number }
  readonly tape: PriceTape
  stop(): Promise<void>
}

/** Starts settling due orders of `db` at the prices `market` sends; passes every `intervalMs` (default PASS_MS). */
export function startMicroSettler(deps: {
  db: Db
  market: Pick<MarketService, 'onEvent'>
  log?: (line: string) => void
  now?: () => Date
  intervalMs?: number
}): MicroSettler {
  const tape = new PriceTape(deps.market, () => (deps.now?.() ?? new Date()).getTime())
  const counts = { settled: 0, failures: 0 }
  let running: Promise<number> | undefined
  const pass = () => {
    running ??= settleDue(deps.db, tape, deps.now?.() ?? new Date(), counts, deps.log).finally(() => {
      running = undefined
    })
    return running
  }
  const timer = setInterval(() => void pass(), deps.intervalMs ?? PASS_MS)
  timer.unref()
  return {
    pass,
    stats: () => ({ ...counts }),
    tape,
    async stop() {
      clearInterval(timer)
      tape.stop()
      await running
    },
  }
}

async function settleDue(
  db: Db,
  tape: PriceTape,
  now: Date,
  counts: { settled: number; failures: number },
  log?: (line: string) => void,
): Promise<number> {
  let symbols: string[]
  try {
    const rows = await db
      .selectDistinct({ symbol: microOrders.symbol })
      .from(microOrders)
      .where(and(eq(microOrders.status, 'open'), lte(microOrders.deliveryAt, now)))
    symbols = rows.map((r) => r.symbol)
  } catch (err) {
    counts.failures++
    log?.(`[trading] reading due options orders failed: ${(err as Error).message}`)
    return 0
  }
  let settled = 0
  for (const symbol of symbols) {
    let failed = false
    // IN_FLIGHT lanes take batches of this symbol side by side (SKIP LOCKED gives each its own orders).
    const lane = async () => {
      while (!failed) {
        let batch: { taken: number; settled: number }
        try {
          batch = await moneyTransaction(db, (tx) => collectEvents(tx, () => settleBatch(tx, tape, now, symbol)))
        } catch (err) {
          if (failed) return
          failed = true
          counts.failures++
          log?.(
            `[trading] settling a batch of ${symbol} options orders failed, one by one instead: ${(err as Error).message}`,
          )
          return
        }
        settled += batch.settled
        // A full batch that settled something: more may be due. Otherwise this symbol is done for this pass.
        if (batch.taken < PASS_LIMIT || batch.settled === 0) return
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, lane))
    if (failed) settled += await settleOneByOne(db, tape, now, symbol, counts, log)
  }
  counts.settled += settled
  return settled
}

/** What becomes of a due order now: settled at `close`, voided, or left for a later pass (undefined). */
type Decision = { close: TapePrice } | { void: true } | undefined

/** May this process void an order delivered at `delivery` (ms)? See the module comment. */
function mayVoid(tape: PriceTape, delivery: number, now: Date): boolean {
  const at = now.getTime()
  return at - delivery >= VOID_AFTER_MS && (tape.since <= delivery || at - tape.since >= VOID_AFTER_MS)
}

function decide(tape: PriceTape, o: Pick<MicroRow, 'symbol' | 'deliveryAt'>, now: Date): Decision {
  const delivery = o.deliveryAt.getTime()
  const close = tape.firstAtOrAfter(o.symbol, delivery)
  if (close && close.ts - delivery <= VOID_AFTER_MS) return { close }
  return mayVoid(tape, delivery, now) ? { void: true } : undefined
}

/** Due open orders of `symbol` this process can act on now: a price at or after delivery seen, or voidable. */
function actionable(tape: PriceTape, symbol: string, now: Date) {
  const latest = tape.latest(symbol)
  const at = now.getTime()
  const voidBefore = new Date(at - VOID_AFTER_MS)
  const young = at - tape.since < VOID_AFTER_MS
  return and(
    eq(microOrders.status, 'open'),
    eq(microOrders.symbol, symbol),
    lte(microOrders.deliveryAt, now),
    or(
      latest ? lte(microOrders.deliveryAt, new Date(latest.ts)) : undefined,
      and(
        lte(microOrders.deliveryAt, voidBefore),
        young ? gte(microOrders.deliveryAt, new Date(tape.since)) : undefined,
      ),
    ),
  )
}

/** The order with the figures it settles at. */
interface Settlement {
  order: MicroRow
  close: TapePrice
  closePrice: DecimalString
  status: SettledState
  pnl: DecimalString
}

/** Settles or voids the due orders of one batch of `symbol` in `tx`; answers how many it took and how many it closed. */
async function settleBatch(
  tx: Db,
  tape: PriceTape,
  now: Date,
  symbol: string,
): Promise<{ taken: number; settled: number }> {
  const rows = await tx
    .select()
    .from(microOrders)
    .where(actionable(tape, symbol, now))
    .orderBy(asc(microOrders.deliveryAt), asc(microOrders.id))
    .limit(PASS_LIMIT)
    .for('update', { skipLocked: true })
  const done: Settlement[] = []
  const voided: MicroRow[] = []
  for (const order of rows) {
    const decision = decide(tape, order, now)
    if (!decision) continue
    if ('void' in decision) {
      voided.push(order)
      continue
    }
    const closePrice = feedDecimal(decision.close.price)!
    done.push({ order, close: decision.close, closePrice, ...outcome(order, closePrice) })
  }
  if (done.length > 0) {
    const list = (values: readonly (string | number)[]) => `{${values.join(',')}}`
    await tx.execute(sql`
      update ${microOrders} as m
      set status = v.status, pnl = v.pnl, close_price = v.close_price, close_ts = v.close_ts, settled_at = ${now}
      from unnest(${list(done.map((x) => x.order.id))}::int[],
                  ${list(done.map((x) => x.status))}::text[],
                  ${list(done.map((x) => x.pnl))}::numeric[],
                  ${list(done.map((x) => x.closePrice))}::numeric[],
                  ${list(done.map((x) => new Date(x.close.ts).toISOString()))}::timestamptz[])
        as v(id, status, pnl, close_price, close_ts)
      where m.id = v.id and m.status = 'open'`)
  }
  if (voided.length > 0) {
    await tx
      .update(microOrders)
      .set(voidedColumns('no_price', now))
      .where(
        and(
          inArray(
            microOrders.id,
            voided.map((o) => o.id),
          ),
          eq(microOrders.status, 'open'),
        ),
      )
  }
  await postTransactions(tx, [
    ...done.map((x) => settlementPosting(x.order, x.status, x.pnl)),
    ...voided.map((o) => voidPosting(o, 'system')),
  ])
  // Every order of the batch, settled or voided, as its list shows it now — the rows read under their locks with the
  // columns just written (not read again: 500 rows mapped a second time) — by one emit for all their users, by id.
  const ended: MicroRow[] = [
    ...done.map((x) => ({
      ...x.order,
      status: x.status,
      pnl: x.pnl,
      closePrice: x.closePrice,
      closeTs: new Date(x.close.ts),
      settledAt: now,
    })),
    ...voided.map((o) => ({ ...o, ...voidedColumns('no_price', now) })),
  ].sort((a, b) => a.id - b.id)
  if (ended.length > 0) await emitEvents(tx, ended.map(microSettledEvent))
  return { taken: rows.length, settled: done.length + voided.length }
}

/** The fallback of a failed batch: each of `symbol`'s due orders in its own transaction (a refused one is logged). */
async function settleOneByOne(
  db: Db,
  tape: PriceTape,
  now: Date,
  symbol: string,
  counts: { settled: number; failures: number },
  log?: (line: string) => void,
): Promise<number> {
  let settled = 0
  let due: { id: number; symbol: string; deliveryAt: Date }[]
  try {
    due = await db
      .select({ id: microOrders.id, symbol: microOrders.symbol, deliveryAt: microOrders.deliveryAt })
      .from(microOrders)
      .where(actionable(tape, symbol, now))
      .orderBy(asc(microOrders.deliveryAt))
      .limit(PASS_LIMIT)
  } catch (err) {
    counts.failures++
    log?.(`[trading] reading due options orders failed: ${(err as Error).message}`)
    return 0
  }
  for (const o of due) {
    const decision = decide(tape, o, now)
    if (!decision) continue
    try {
      if (await moneyTransaction(db, (tx) => settleOne(tx, o.id, decision, now))) settled++
    } catch (err) {
      counts.failures++
      log?.(`[trading] settling options order ${o.id} failed: ${(err as Error).message}`)
    }
  }
  return settled
}

/** Settles or voids order `id` in `tx` unless another process holds it or has settled it; true when it did. */
async function settleOne(tx: Db, id: number, decision: NonNullable<Decision>, now: Date): Promise<boolean> {
  const [o] = await tx
    .select()
    .from(microOrders)
    .where(and(eq(microOrders.id, id), eq(microOrders.status, 'open')))
    .for('update', { skipLocked: true })
  if (!o) return false
  const open = and(eq(microOrders.id, id), eq(microOrders.status, 'open'))
  if ('void' in decision) {
    const [moved] = await tx.update(microOrders).set(voidedColumns('no_price', now)).where(open).returning()
    if (!moved) return false
    await postTransaction(tx, voidPosting(o, 'system'))
    await emitEvents(tx, [microSettledEvent(moved)])
    return true
  }
  const closePrice = feedDecimal(decision.close.price)!
  const { status, pnl } = outcome(o, closePrice)
  const [moved] = await tx
    .update(microOrders)
    .set({ status, pnl, closePrice, closeTs: new Date(decision.close.ts), settledAt: now })
    .where(open)
    .returning()
  if (!moved) return false
  await postTransaction(tx, settlementPosting(o, status, pnl))
  await emitEvents(tx, [microSettledEvent(moved)])
  return true
}
