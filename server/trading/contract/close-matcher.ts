/**
 * Fills resting reduce-only limit orders (close-orders.ts) from feed prints (issue 21 part 1). A long's close is a
 * sell: a print at or above its price fills it; a short's close is a buy: at or below. It fills at its own price as a
 * maker (the maker fee), after it was placed, in price-time priority (the farthest through the print first, then the
 * oldest), and at most what the print has left: the print is shared with the resting opening orders (entrusts.ts) under
 * the same lock (`pg_advisory_xact_lock(21, hashtext(topic/ref))`, taken after the account lock) and counted the same
 * way — the opening orders filled from it plus the position parts reduce-only fills closed at it
 * (`contract_positions.close_order_id`, feed topic and ref) — so one print never fills more than it printed, across
 * processes. A fill may be partial (what the print has left, on the amount step, leaving the position nothing or at
 * least the market's minimum); it never closes more than the position still holds (a position that shrank reduces the
 * fill; one that closed cancels the order: never a flip). The close goes through the netting settle (settle-close.ts):
 * a fill whose loss the wallet cannot carry (`closeLossBeyondWallet`) cancels the order instead.
 *
 * The engine (engine.ts) hands every batch of trades of a symbol here while the symbol may have pending reduce-only
 * orders: placed by this process, or found in the database within the last second (another process's placements are
 * seen within a second).
 */
import { and, asc, eq } from 'drizzle-orm'
import {
  add,
  compare,
  currencyScale,
  negate,
  parseDecimal,
  round,
  sign,
  subtract,
  type DecimalString,
} from '../../../common/amount'
import type { FeedEvent } from '../../../common/api/trade'
import { feedDecimal } from '../../../common/trading/mark-price'
import type { Db } from '../../db/client'
import { contractCloseOrders, contractPositions } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { moneyTransaction } from '../../ledger/idempotent'
import type { MarketEvent } from '../../market/types'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { lockAccount, notifyAccount } from './account'
import { PRICE_MAX_SCALE } from './book-price'
import { closePart, placedCloseOrderSymbols, type CloseOrderRow } from './close-orders'
import { contractTerms } from './config'
import { printLeft } from './entrusts'
import type { ContractDeps } from './place'
import type { MarkBoard } from './marks'
import { closeOrderEvent } from './views'
import { emitEvents } from '../../stream/events'
import { tradeEvent } from '../feed-events'

/** How long a symbol found without pending reduce-only orders is not asked again, ms. */
export const CLOSE_ORDERS_RECHECK_MS = 1_000

/** True when a print at `price` fills reduce-only order `o` (a long's close sells, a short's buys). */
export function printCloses(o: Pick<CloseOrderRow, 'side' | 'price'>, price: DecimalString): boolean {
  const c = compare(price, parseDecimal(o.price!))
  return o.side === 'long' ? c >= 0 : c <= 0
}

/** What one fill did. */
export type CloseFill = 'filled' | 'partial' | 'skip' | 'cancelled'

/**
 * Fills reduce-only order `id` from print `trade` of `size` (base currency) in its own transaction; a refusal of the
 * close (closeLossBeyondWallet, a dust part) cancels the order in another.
 */
export async function fillCloseOrder(
  deps: ContractDeps,
  ref: Pick<CloseOrderRow, 'id' | 'book' | 'userId'>,
  trade: FeedEvent,
  size: DecimalString,
): Promise<CloseFill> {
  const now = deps.now?.() ?? new Date()
  try {
    return await moneyTransaction(deps.db, (tx) => fillOnce(tx, ref, trade, size, now, deps.marks))
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    await moneyTransaction(deps.db, async (tx) => {
      await lockAccount(tx, ref.book, ref.userId)
      await cancelPending(tx, ref.id, now)
      await notifyAccount(tx, ref.book, ref.userId)
    })
    return 'cancelled'
  }
}

async function cancelPending(tx: Db, id: number, now: Date) {
  const cancelled = await tx
    .update(contractCloseOrders)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(contractCloseOrders.id, id), eq(contractCloseOrders.status, 'pending')))
    .returning()
  await emitEvents(
    tx,
    cancelled.map((o) => closeOrderEvent('cancelled', o)),
  )
}

async function fillOnce(
  tx: Db,
  ref: Pick<CloseOrderRow, 'id' | 'book' | 'userId'>,
  trade: FeedEvent,
  size: DecimalString,
  now: Date,
  marks: Pick<MarkBoard, 'mark'>,
): Promise<CloseFill> {
  await lockAccount(tx, ref.book, ref.userId)
  const [o] = await tx.select().from(contractCloseOrders).where(eq(contractCloseOrders.id, ref.id)).for('update')
  if (!o || o.status !== 'pending' || trade.ts < o.createdAt.getTime() || !printCloses(o, parseDecimal(trade.price)))
    return 'skip'
  const [p] = await tx.select().from(contractPositions).where(eq(contractPositions.id, o.positionId)).for('update')
  if (!p || p.status !== 'open') {
    await cancelPending(tx, o.id, now)
    return 'cancelled'
  }
  const terms = (await contractTerms(tx, p.symbol))!
  const held = parseDecimal(p.amount)
  const left = subtract(parseDecimal(o.amount), parseDecimal(o.filled))
  const want = compare(left, held) < 0 ? left : held
  const step = Math.min(terms.amountPrecision, currencyScale(terms.base), PRICE_MAX_SCALE)
  const print = await printLeft(tx, trade, size)
  let q = round(compare(want, print) <= 0 ? want : print, step, 'down')
  if (compare(q, held) < 0) {
    // Leave the position nothing or at least the minimum; close at least the minimum.
    const room = subtract(held, terms.minAmount)
    if (compare(q, room) > 0) q = round(room, step, 'down')
    if (sign(q) <= 0 || compare(q, terms.minAmount) < 0) return 'skip'
  }
  const filled = parseDecimal(o.filled)
  const after = add(filled, q)
  const done = compare(after, parseDecimal(o.amount)) >= 0 || compare(q, held) === 0
  const [moved] = await tx
    .update(contractCloseOrders)
    .set({ filled: after, status: done ? 'filled' : 'pending', updatedAt: now })
    .where(eq(contractCloseOrders.id, o.id))
    .returning()
  const fill = { price: parseDecimal(o.price!), event: trade }
  const overrides = { closeOrderId: o.id, closeFeeRate: terms.makerFeeRate }
  await closePart(tx, p, q, overrides, fill, 'system', now, marks)
  await notifyAccount(tx, o.book, o.userId)
  // When the close took the whole position, the settle cancelled nothing of this order: it is filled (`done`).
  await emitEvents(tx, [closeOrderEvent(done ? 'filled' : 'partially_filled', moved!)])
  return done ? 'filled' : 'partial'
}

/** The matcher the engine feeds with trades. */
export interface CloseOrderMatcher {
  /** True when `symbol` may have pending reduce-only orders (cheap: no database access). */
  watching(symbol: string): boolean
  /**
   * Fills what `e`'s prints fill, one print after another; answers how many fills (whole or partial) it booked. A
   * print older than the market's `price_max_age_ms` when it arrived (`arrivedAt`, default now) fills nothing (issue
   * 21 part 3; spot/matcher.ts header).
   */
  match(e: Extract<MarketEvent, { type: 'trades' }>, arrivedAt?: Date): Promise<number>
}

/** A matcher on `deps` (source for the prints' feed events: `source`). */
export function closeOrderMatcher(deps: ContractDeps): CloseOrderMatcher {
  const quietUntil = new Map<string, number>()
  return {
    watching(symbol) {
      return placedCloseOrderSymbols.has(symbol) || (quietUntil.get(symbol) ?? 0) <= Date.now()
    },
    async match(e, arrivedAt) {
      // Taken out before reading: a placement that commits after the read below puts it back (it adds after its commit).
      placedCloseOrderSymbols.delete(e.symbol)
      const arrived = arrivedAt ?? deps.now?.() ?? new Date()
      const maxAgeMs = await priceMaxAgeMs(deps.db, e.symbol)
      let fills = 0
      for (const t of e.trades) {
        const price = feedDecimal(t.price)
        const size = feedDecimal(t.amount)
        if (!price || !size || !isFresh(t.ts, arrived, maxAgeMs)) continue
        const orders = await crossed(deps.db, e.symbol, price, t.ts)
        if (orders === undefined) {
          quietUntil.set(e.symbol, Date.now() + CLOSE_ORDERS_RECHECK_MS)
          return fills
        }
        quietUntil.delete(e.symbol)
        const event = tradeEvent(deps.market.source, e.symbol, t, price, e.recorded)
        for (const o of orders) {
          const r = await fillCloseOrder(deps, o, event, size)
          if (r === 'filled' || r === 'partial') fills++
        }
      }
      return fills
    },
  }
}

/**
 * The pending reduce-only orders of `symbol` a print at `price` (feed time `ts`) crosses, in priority order; undefined
 * when the symbol has none pending at all.
 */
async function crossed(db: Db, symbol: string, price: DecimalString, ts: number) {
  const pending = await db
    .select()
    .from(contractCloseOrders)
    .where(and(eq(contractCloseOrders.symbol, symbol), eq(contractCloseOrders.status, 'pending')))
    .orderBy(asc(contractCloseOrders.createdAt), asc(contractCloseOrders.id))
  if (pending.length === 0) return undefined
  const through = (o: CloseOrderRow) => {
    const d = subtract(price, parseDecimal(o.price!))
    return o.side === 'long' ? d : negate(d)
  }
  return pending
    .filter((o) => o.createdAt.getTime() <= ts && printCloses(o, price))
    .sort((x, y) => compare(through(y), through(x)))
}
