/**
 * Settling second contracts, as a durable job on the orders table itself (DESIGN §4: "a queue library … or
 * `FOR UPDATE SKIP LOCKED`"): every PASS_MS each server process takes up to PASS_LIMIT open orders whose delivery time
 * has passed (oldest first, SKIP LOCKED so two processes share the work instead of waiting on each other) and settles
 * them in one transaction at the first feed price at or after each one's delivery time (price-tape.ts), with that
 * price's time: one UPDATE of the orders and one batch of ledger postings (post-many.ts), then the next batch at once
 * while batches come back full. Should a batch fail (a bug, a refused posting), that pass settles its orders one
 * transaction each instead, so one bad order cannot hold the others back.
 *
 * Exactly once: the orders' rows are held FOR UPDATE and move from `open` by a conditional update in the same
 * transaction as their ledger postings, whose references (`micro_settle`, `micro:<id>`) are unique; a crash before
 * COMMIT leaves the orders open for the next pass or the next process, a crash after it leaves them settled. An order
 * whose symbol has no price at or after its delivery yet (the feed stalled, or the process just started) waits.
 *
 * Outcome: up and close > open, or down and close < open, wins: the stake comes back with stake × payout rate
 * (rounded down to the currency's unit) from the platform's counterparty account; the other way round the stake goes
 * to the counterparty; an equal price gives the stake back.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm'
import {
  compare,
  currencyScale,
  multiply,
  negate,
  parseDecimal,
  round,
  type DecimalString,
} from '../../../common/amount'
import type { MicroState } from '../../../common/api/micro'
import type { Db } from '../../db/client'
import { microOrders } from '../../db/schema'
import { moneyTransaction } from '../../ledger/idempotent'
import { postTransactions } from '../../ledger/post-many'
import { postTransaction, type Entry, type Posting } from '../../ledger/post'
import type { MarketService } from '../../market/types'
import type { MicroRow } from './orders'
import { PriceTape } from './price-tape'

/** How often a process looks for due orders, ms. */
export const PASS_MS = 250
/** Orders taken per pass at most (the rest wait for the next pass). */
export const PASS_LIMIT = 500

/** A running settler. */
export interface MicroSettler {
  /** Runs one pass now; resolves with how many orders it settled. */
  pass(): Promise<number>
  stats(): { settled: number; failures: number }
  readonly tape: PriceTape
  stop(): Promise<void>
}

const d = parseDecimal

/** The outcome of an order closing at `close`: its state and the profit or loss against the stake. */
export function outcome(
  o: Pick<MicroRow, 'direction' | 'openPrice' | 'amount' | 'payoutRate' | 'currency'>,
  close: DecimalString,
): { status: Exclude<MicroState, 'open'>; pnl: DecimalString } {
  const c = compare(close, d(o.openPrice))
  if (c === 0) return { status: 'draw', pnl: d('0') }
  const won = o.direction === 'up' ? c > 0 : c < 0
  if (!won) return { status: 'lost', pnl: negate(d(o.amount)) }
  return { status: 'won', pnl: round(multiply(d(o.amount), d(o.payoutRate)), currencyScale(o.currency), 'down') }
}

/** Starts settling due orders of `db` at the prices `market` sends; passes every `intervalMs` (default PASS_MS). */
export function startMicroSettler(deps: {
  db: Db
  market: Pick<MarketService, 'onEvent'>
  log?: (line: string) => void
  now?: () => Date
  intervalMs?: number
}): MicroSettler {
  const tape = new PriceTape(deps.market)
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
  let settled = 0
  for (;;) {
    let batch: { taken: number; settled: number }
    try {
      batch = await moneyTransaction(db, (tx) => settleBatch(tx, tape, now))
    } catch (err) {
      counts.failures++
      log?.(`[trading] settling a batch of options orders failed, one by one instead: ${(err as Error).message}`)
      settled += await settleOneByOne(db, tape, now, counts, log)
      break
    }
    settled += batch.settled
    // A full batch that settled something: more may be due. Otherwise this pass is done.
    if (batch.taken < PASS_LIMIT || batch.settled === 0) break
  }
  counts.settled += settled
  return settled
}

/** The order with the figures it settles at. */
interface Settlement {
  order: MicroRow
  close: { price: number; ts: number }
  closePrice: DecimalString
  status: Exclude<MicroState, 'open'>
  pnl: DecimalString
}

/** Settles the due orders of one batch in `tx`; answers how many it took (locked) and how many it settled. */
async function settleBatch(tx: Db, tape: PriceTape, now: Date): Promise<{ taken: number; settled: number }> {
  const rows = await tx
    .select()
    .from(microOrders)
    .where(and(eq(microOrders.status, 'open'), lte(microOrders.deliveryAt, now)))
    .orderBy(asc(microOrders.deliveryAt), asc(microOrders.id))
    .limit(PASS_LIMIT)
    .for('update', { skipLocked: true })
  const done: Settlement[] = []
  for (const order of rows) {
    const close = tape.firstAtOrAfter(order.symbol, order.deliveryAt.getTime())
    if (!close) continue
    const closePrice = d(String(close.price))
    done.push({ order, close, closePrice, ...outcome(order, closePrice) })
  }
  if (done.length === 0) return { taken: rows.length, settled: 0 }
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
  await postTransactions(
    tx,
    done.map((x) => settlementPosting(x.order, x.status, x.pnl)),
  )
  return { taken: rows.length, settled: done.length }
}

/** The fallback of a failed batch: each due order in its own transaction (a refused one is logged and left open). */
async function settleOneByOne(
  db: Db,
  tape: PriceTape,
  now: Date,
  counts: { settled: number; failures: number },
  log?: (line: string) => void,
): Promise<number> {
  let settled = 0
  let due: { id: number; symbol: string; deliveryAt: Date }[]
  try {
    due = await db
      .select({ id: microOrders.id, symbol: microOrders.symbol, deliveryAt: microOrders.deliveryAt })
      .from(microOrders)
      .where(and(eq(microOrders.status, 'open'), lte(microOrders.deliveryAt, now)))
      .orderBy(asc(microOrders.deliveryAt))
      .limit(PASS_LIMIT)
  } catch (err) {
    counts.failures++
    log?.(`[trading] reading due options orders failed: ${(err as Error).message}`)
    return 0
  }
  for (const o of due) {
    const close = tape.firstAtOrAfter(o.symbol, o.deliveryAt.getTime())
    if (!close) continue
    try {
      if (await moneyTransaction(db, (tx) => settleOne(tx, o.id, close, now))) settled++
    } catch (err) {
      counts.failures++
      log?.(`[trading] settling options order ${o.id} failed: ${(err as Error).message}`)
    }
  }
  return settled
}

/** Settles order `id` in `tx` at `close` unless another process holds it or has settled it; true when it did. */
async function settleOne(tx: Db, id: number, close: { price: number; ts: number }, now: Date): Promise<boolean> {
  const [o] = await tx
    .select()
    .from(microOrders)
    .where(and(eq(microOrders.id, id), eq(microOrders.status, 'open')))
    .for('update', { skipLocked: true })
  if (!o) return false
  const closePrice = d(String(close.price))
  const { status, pnl } = outcome(o, closePrice)
  const [moved] = await tx
    .update(microOrders)
    .set({ status, pnl, closePrice, closeTs: new Date(close.ts), settledAt: now })
    .where(and(eq(microOrders.id, id), eq(microOrders.status, 'open')))
    .returning({ id: microOrders.id })
  if (!moved) return false
  await postTransaction(tx, settlementPosting(o, status, pnl))
  return true
}

/**
 * The ledger posting of a settled order: the stake leaves the frozen bucket; lost, it goes to the counterparty;
 * otherwise it comes back to the available bucket, with the winnings from the counterparty on a win.
 */
function settlementPosting(o: MicroRow, status: Exclude<MicroState, 'open'>, pnl: DecimalString): Posting {
  const user = { userId: o.userId, wallet: 'option' as const }
  const stake = d(o.amount)
  const entries: Entry[] = [{ owner: user, currency: o.currency, bucket: 'frozen', amount: negate(stake) }]
  if (status === 'lost') {
    entries.push({ owner: { system: 'counterparty' }, currency: o.currency, bucket: 'available', amount: stake })
  } else {
    entries.push({ owner: user, currency: o.currency, bucket: 'available', amount: stake })
    if (status === 'won' && compare(pnl, d('0')) > 0) {
      entries.push(
        { owner: user, currency: o.currency, bucket: 'available', amount: pnl },
        { owner: { system: 'counterparty' }, currency: o.currency, bucket: 'available', amount: negate(pnl) },
      )
    }
  }
  return { kind: 'micro_settle', book: o.book, userId: o.userId, reference: `micro:${o.id}`, actor: 'system', entries }
}
