/**
 * Settling second contracts, as a durable job on the orders table itself (DESIGN §4: "a queue library … or
 * `FOR UPDATE SKIP LOCKED`"): every PASS_MS each server process takes the open orders whose delivery time has passed
 * (oldest first, SKIP LOCKED so two processes share the work instead of waiting on each other), and settles each in
 * its own transaction at the first feed price at or after its delivery time (price-tape.ts), with that price's time.
 *
 * Exactly once: the order's row is held FOR UPDATE and moves from `open` by a conditional update in the same
 * transaction as its ledger posting, whose reference (`micro_settle`, `micro:<id>`) is unique; a crash before COMMIT
 * leaves the order open for the next pass or the next process, a crash after it leaves it settled. An order whose
 * symbol has no price at or after its delivery yet (the feed stalled, or the process just started) waits.
 *
 * Outcome: up and close > open, or down and close < open, wins: the stake comes back with stake × payout rate
 * (rounded down to the currency's unit) from the platform's counterparty account; the other way round the stake goes
 * to the counterparty; an equal price gives the stake back.
 */
import { and, asc, eq, lte } from 'drizzle-orm'
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
import { postTransaction, type Entry } from '../../ledger/post'
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
  counts.settled += settled
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
  await postTransaction(tx, {
    kind: 'micro_settle',
    book: o.book,
    userId: o.userId,
    reference: `micro:${o.id}`,
    actor: 'system',
    entries,
  })
  return true
}
