/**
 * Pending limit orders (entrusts): cancelled by the user (their hold released once), or filled at their own price by
 * a feed print through it after they were placed (a long at or below its price, a short at or above), which opens
 * their position with the margin already held. A print fills at most its size (issue 21 part 4): the engine shares
 * it among the resting orders in price-time priority, and the database enforces the cap across processes (the
 * orders filled from one print, found by its feed event, never total more than it printed; checked under a lock on
 * the print). An order fills whole or waits (no partial fills: a print smaller than what is left of it passes it by).
 * Fill and cancel both move the order from `pending` under the account lock, so a cancel racing a fill, or two
 * processes seeing one trade, end in exactly one of them.
 */
import { and, eq, sql } from 'drizzle-orm'
import { add, compare, negate, parseDecimal, subtract, type DecimalString } from '../../../common/amount'
import type { ContractOrder } from '../../../common/api/contract'
import type { FeedEvent } from '../../../common/api/trade'
import type { Db } from '../../db/client'
import { contractOrders } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { moneyTransaction, runOnce } from '../../ledger/idempotent'
import { postTransaction } from '../../ledger/post'
import type { MoneyCaller } from '../../money/deposits'
import { lockAccount, notifyAccount } from './account'
import { closeFillsOf } from './close-fills'
import { openPosition, type ContractDeps } from './place'
import { contractOrderView, type ContractOrderRow } from './views'

/** Releases a pending order's hold and marks it cancelled, in `tx` (order row locked, still pending). */
export async function releaseEntrust(tx: Db, o: ContractOrderRow, actor: string, now: Date): Promise<ContractOrderRow> {
  const held = add(parseDecimal(o.margin), parseDecimal(o.fee))
  const user = { userId: o.userId, wallet: 'contract' as const }
  await postTransaction(tx, {
    kind: 'contract_cancel',
    book: o.book,
    userId: o.userId,
    reference: `contract_order:${o.id}`,
    actor,
    entries: [
      { owner: user, currency: o.currency, bucket: 'frozen', amount: negate(held) },
      { owner: user, currency: o.currency, bucket: 'available', amount: held },
    ],
  })
  const [after] = await tx
    .update(contractOrders)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(contractOrders.id, o.id), eq(contractOrders.status, 'pending')))
    .returning()
  if (!after) throw new Error(`contract order ${o.id} is not pending`)
  return after
}

/**
 * Cancels the caller's pending order `id` (Idempotency-Key); answers it cancelled.
 * @throws DomainError `orderNotFound` (id; another user's too), `orderNotOpen` (id: filled or cancelled already)
 */
export async function cancelEntrust(deps: ContractDeps, who: MoneyCaller, id: number): Promise<ContractOrder> {
  const call = { userId: who.userId, key: who.key, call: 'contract/order_cancel', payload: { id, book: who.book } }
  return runOnce(deps.db, call, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const [o] = await tx
      .select()
      .from(contractOrders)
      .where(and(eq(contractOrders.id, id), eq(contractOrders.userId, who.userId), eq(contractOrders.book, who.book)))
      .for('update')
    if (!o) throw new DomainError('not_found', 'orderNotFound', { field: 'id' })
    if (o.status !== 'pending') throw new DomainError('conflict', 'orderNotOpen', { field: 'id' })
    const after = await releaseEntrust(tx, o, `user:${who.userId}`, deps.now?.() ?? new Date())
    await notifyAccount(tx, who.book, who.userId)
    return contractOrderView(after)
  })
}

/** True when a trade at `price` fills pending order `o`. */
export function tradeFills(o: Pick<ContractOrderRow, 'side' | 'price'>, price: string): boolean {
  const c = compare(parseDecimal(price), parseDecimal(o.price!))
  return o.side === 'long' ? c <= 0 : c >= 0
}

/**
 * Fills pending order `id` from a feed print of `size` (base currency), in its own transaction: `filled`, `skip` (no
 * longer pending, the print does not cross it, it printed before the order, or what is left of the print's size does
 * not cover the order), or `refused` (the account could not take the position: the order is cancelled and its hold
 * released, so it cannot block the account).
 */
export async function fillEntrust(
  deps: ContractDeps,
  ref: { id: number; book: ContractOrderRow['book']; userId: number },
  trade: FeedEvent,
  size: DecimalString,
): Promise<'filled' | 'skip' | 'refused'> {
  const now = deps.now?.() ?? new Date()
  const attempt = (tx: Db) => fillOnce(deps, tx, ref, trade, size, now)
  try {
    return await moneyTransaction(deps.db, attempt)
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    // Lack of funds or maintenance at the fill (the account lost value meanwhile): the order ends, its hold returns.
    await moneyTransaction(deps.db, async (tx) => {
      await lockAccount(tx, ref.book, ref.userId)
      const [o] = await tx.select().from(contractOrders).where(eq(contractOrders.id, ref.id)).for('update')
      if (o?.status === 'pending') await releaseEntrust(tx, o, 'system', now)
      await notifyAccount(tx, ref.book, ref.userId)
    })
    return 'refused'
  }
}

async function fillOnce(
  deps: ContractDeps,
  tx: Db,
  ref: { id: number; book: ContractOrderRow['book']; userId: number },
  trade: FeedEvent,
  size: DecimalString,
  now: Date,
): Promise<'filled' | 'skip'> {
  await lockAccount(tx, ref.book, ref.userId)
  const [o] = await tx.select().from(contractOrders).where(eq(contractOrders.id, ref.id)).for('update')
  if (!o || o.status !== 'pending' || trade.ts < o.createdAt.getTime() || !tradeFills(o, trade.price)) return 'skip'
  if (compare(parseDecimal(o.amount), await printLeft(tx, trade, size)) > 0) return 'skip'
  const held = { margin: parseDecimal(o.margin), fee: parseDecimal(o.fee) }
  await openPosition(deps, tx, o, {
    price: parseDecimal(o.price!),
    feeRate: parseDecimal(o.feeRate),
    event: trade,
    now,
    held,
  })
  await notifyAccount(tx, o.book, o.userId)
  return 'filled'
}

/**
 * What is left of print `trade` (of `size`) for one more order, in `tx`: its size less the orders already filled from
 * it (by any process) and the reduce-only fills booked from it (close-fills.ts; close-matcher.ts shares prints through
 * this function). Takes a transaction lock on the print first (the two-key advisory space, apart from the
 * accounts' one-key locks; always taken after the account lock), so two fills of one print count each other.
 */
export async function printLeft(tx: Db, trade: FeedEvent, size: DecimalString): Promise<DecimalString> {
  const key = `${trade.topic}/${trade.ref}`
  await tx.execute(sql`select pg_advisory_xact_lock(21, hashtext(${key}))`)
  const [row] = await tx
    .select({ filled: sql<string>`coalesce(sum(${contractOrders.amount}), 0)::text` })
    .from(contractOrders)
    .where(
      and(
        eq(contractOrders.feedTopic, trade.topic),
        eq(contractOrders.feedRef, trade.ref),
        eq(contractOrders.type, 'limit'),
        eq(contractOrders.status, 'filled'),
      ),
    )
  return subtract(subtract(size, parseDecimal(row?.filled ?? '0')), await closeFillsOf(tx, trade))
}

/** A resting order as the matcher keeps it: what allocatePrint needs. */
export interface RestingOrder {
  id: number
  side: 'long' | 'short'
  /** Limit price and amount, decimal strings. */
  price: string
  amount: string
  /** Placement time, ms. */
  createdAt: number
}

/**
 * The orders of `resting` that one print of `size` at `price` (feed time `ts`) fills, in price-time priority: the
 * orders it crosses and that were placed at or before it, the farthest through the print's price first (a long's
 * highest price, a short's lowest), then the oldest, then the lowest id; each taken whole while the print's size left
 * covers it (an order it cannot cover whole is passed by, as an all-or-none order is, and the next may still fit).
 * Issue 21 part 4: one print's size is shared among all resting orders, never given to each.
 */
export function allocatePrint<T extends RestingOrder>(
  resting: readonly T[],
  ts: number,
  price: DecimalString,
  size: DecimalString,
): T[] {
  const through = (o: T) => {
    const d = subtract(parseDecimal(o.price), price)
    return o.side === 'long' ? d : negate(d)
  }
  const candidates = resting
    .filter((o) => ts >= o.createdAt && tradeFills(o, price))
    .map((o) => ({ o, by: through(o) }))
    .sort((x, y) => compare(y.by, x.by) || x.o.createdAt - y.o.createdAt || x.o.id - y.o.id)
  const taken: T[] = []
  let left = size
  for (const { o } of candidates) {
    const amount = parseDecimal(o.amount)
    if (compare(amount, left) > 0) continue
    taken.push(o)
    left = subtract(left, amount)
  }
  return taken
}
