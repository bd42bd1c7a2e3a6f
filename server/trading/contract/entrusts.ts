/**
 * Pending limit orders (entrusts): cancelled by the user (the hold of their unfilled rest released once), or filled
 * at their own price by feed prints through it after they were placed (a long at or below its price, a short at or
 * above). A print fills at most its size (issue 21 part 4: "A limit order fills from feed trades at most the size
 * printed, and one print's size is shared among all resting orders at that price or better in price-time
 * priority"): the engine shares it among the resting orders in price-time priority (allocatePrint), and the database
 * enforces the cap across processes (the maker fills of one print, found by its feed event in `contract_fills`, never
 * total more than it printed; checked under a lock on the print). An order the print's size left covers only in part
 * fills that part now (fills.ts: its position opens or grows, the part's margin and fee move out of the order's hold
 * pro rata) and stays `pending` for the rest. A part below the market's minimum amount is not made unless it is the
 * whole rest (as on Binance, where only an order's last fill may be below the minimum quantity), and a part is
 * floored at the market's amount decimals.
 * Fill and cancel both change the order under the account lock, so a cancel racing a fill, or two processes seeing
 * one trade, end in one consistent order: a cancel releases what is held then, a fill after it finds it cancelled.
 */
import { and, eq, sql } from 'drizzle-orm'
import { add, compare, negate, parseDecimal, round, sign, subtract, type DecimalString } from '../../../common/amount'
import type { ContractOrder } from '../../../common/api/contract'
import type { MarketSourceKind } from '../../../common/api/public'
import type { FeedEvent } from '../../../common/api/trade'
import { feedDecimal } from '../../../common/trading/mark-price'
import type { Db } from '../../db/client'
import type { MarketEvent } from '../../market/types'
import { contractFills, contractOrders } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { moneyTransaction, runOnce } from '../../ledger/idempotent'
import { postTransaction } from '../../ledger/post'
import type { MoneyCaller } from '../../money/deposits'
import { isFresh, priceMaxAgeMs } from '../freshness'
import { lockAccount, notifyAccount } from './account'
import { closeFillsOf } from './close-fills'
import { contractTerms } from './config'
import { amountScale, applyFill, heldAfter } from './fills'
import type { ContractDeps } from './place'
import { contractOrderView, futuresOrderEvent, type ContractOrderRow } from './views'
import { emitEvents } from '../../stream/events'
import type { UserEventOf } from '../../stream/trading-events'
import { tradeEvent } from '../feed-events'

/**
 * Releases what a pending order holds (its unfilled rest's margin and fee) and marks it cancelled, in `tx` (order row
 * locked, still pending); a partly filled order keeps its `filled_amount` and its position.
 */
export async function releaseEntrust(
  tx: Db,
  o: ContractOrderRow,
  actor: string,
  now: Date,
  events?: UserEventOf[],
): Promise<ContractOrderRow> {
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
  events?.push(futuresOrderEvent('cancelled', after))
  return after
}

/**
 * Cancels the caller's pending order `id` (Idempotency-Key); answers it cancelled.
 * @throws DomainError `orderNotFound` (id; another user's too), `orderNotOpen` (id: filled or cancelled already)
 * A partly filled order's filled part stays (its position is the user's to close); only the rest is cancelled.
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
    const events: UserEventOf[] = []
    const after = await releaseEntrust(tx, o, `user:${who.userId}`, deps.now?.() ?? new Date(), events)
    await notifyAccount(tx, who.book, who.userId)
    await emitEvents(tx, events)
    return contractOrderView(after)
  })
}

/** True when a trade at `price` fills pending order `o`. */
export function tradeFills(o: Pick<ContractOrderRow, 'side' | 'price'>, price: string): boolean {
  const c = compare(parseDecimal(price), parseDecimal(o.price!))
  return o.side === 'long' ? c <= 0 : c >= 0
}

/**
 * Fills pending order `id` from a feed print of `size` (base currency), in its own transaction, as far as the print's
 * size left (by any process) and `share` (what the caller's allocation gave it) allow: `filled` (all or part of its
 * rest), `skip` (no longer pending, the print does not cross it, it printed before the order, it was older than the
 * market's `price_max_age_ms` when it arrived (`arrivedAt`, default now), this print filled it already, or what is
 * left of the print is nothing or a part below the market's minimum), or `refused` (the account
 * could not take the position: the rest is cancelled and its hold released, so it cannot block the account).
 */
export async function fillEntrust(
  deps: ContractDeps,
  ref: { id: number; book: ContractOrderRow['book']; userId: number },
  trade: FeedEvent,
  size: DecimalString,
  share: DecimalString = size,
  arrivedAt?: Date,
): Promise<'filled' | 'skip' | 'refused'> {
  const now = deps.now?.() ?? new Date()
  const attempt = (tx: Db) => fillOnce(deps, tx, ref, trade, { size, share }, now, arrivedAt ?? now)
  try {
    return await moneyTransaction(deps.db, attempt)
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    // Lack of funds or maintenance at the fill (the account lost value meanwhile): the order ends, its hold returns.
    await moneyTransaction(deps.db, async (tx) => {
      await lockAccount(tx, ref.book, ref.userId)
      const [o] = await tx.select().from(contractOrders).where(eq(contractOrders.id, ref.id)).for('update')
      const events: UserEventOf[] = []
      if (o?.status === 'pending') await releaseEntrust(tx, o, 'system', now, events)
      await notifyAccount(tx, ref.book, ref.userId)
      await emitEvents(tx, events)
    })
    return 'refused'
  }
}

async function fillOnce(
  deps: ContractDeps,
  tx: Db,
  ref: { id: number; book: ContractOrderRow['book']; userId: number },
  trade: FeedEvent,
  print: { size: DecimalString; share: DecimalString },
  now: Date,
  arrivedAt: Date,
): Promise<'filled' | 'skip'> {
  await lockAccount(tx, ref.book, ref.userId)
  const [o] = await tx.select().from(contractOrders).where(eq(contractOrders.id, ref.id)).for('update')
  if (!o || o.status !== 'pending' || trade.ts < o.createdAt.getTime() || !tradeFills(o, trade.price)) return 'skip'
  // A print that was stale when it arrived fills nothing (issue 21 part 3; spot/matcher.ts header).
  if (!isFresh(trade.ts, arrivedAt, await priceMaxAgeMs(tx, o.symbol))) return 'skip'
  const left = await printLeft(tx, trade, print.size)
  const [again] = await tx
    .select({ id: contractFills.id })
    .from(contractFills)
    .where(
      and(
        eq(contractFills.orderId, o.id),
        eq(contractFills.feedTopic, trade.topic),
        eq(contractFills.feedRef, trade.ref),
      ),
    )
  if (again) return 'skip'
  const terms = (await contractTerms(tx, o.symbol))!
  const rest = subtract(parseDecimal(o.amount), parseDecimal(o.filledAmount))
  const q = round(least(rest, left, print.share), amountScale(terms), 'down')
  if (sign(q) <= 0) return 'skip'
  if (compare(q, rest) < 0 && compare(q, terms.minAmount) < 0) return 'skip'
  const hold = heldAfter(o, rest, q)
  // A part so small of an order so small that the rest would hold nothing waits for a print that fills it whole.
  if (compare(q, rest) < 0 && sign(hold.rest.margin) <= 0) return 'skip'
  const events: UserEventOf[] = []
  await applyFill(
    deps,
    tx,
    o,
    { amount: q, price: parseDecimal(o.price!), liquidity: 'maker', ...hold.part, held: true, event: trade, now },
    events,
  )
  await notifyAccount(tx, o.book, o.userId)
  await emitEvents(tx, events)
  return 'filled'
}

/** The least of decimal amounts. */
function least(first: DecimalString, ...more: DecimalString[]): DecimalString {
  return more.reduce((m, v) => (compare(v, m) < 0 ? v : m), first)
}

/**
 * What is left of print `trade` (of `size`) for one more order, in `tx`: its size less the maker fills already made
 * from it (by any process) and the reduce-only fills booked from it (close-fills.ts; close-matcher.ts shares prints
 * through this function), never below 0. Takes a transaction lock on the print first (the two-key advisory space,
 * apart from the accounts' one-key locks; always taken after the account lock), so two fills of one print count each
 * other.
 */
export async function printLeft(tx: Db, trade: FeedEvent, size: DecimalString): Promise<DecimalString> {
  const key = `${trade.topic}/${trade.ref}`
  await tx.execute(sql`select pg_advisory_xact_lock(21, hashtext(${key}))`)
  const [row] = await tx
    .select({ filled: sql<string>`coalesce(sum(${contractFills.amount}), 0)::text` })
    .from(contractFills)
    .where(
      and(
        eq(contractFills.feedTopic, trade.topic),
        eq(contractFills.feedRef, trade.ref),
        eq(contractFills.liquidity, 'maker'),
      ),
    )
  const left = subtract(subtract(size, parseDecimal(row?.filled ?? '0')), await closeFillsOf(tx, trade))
  return sign(left) < 0 ? parseDecimal('0') : left
}

/** A resting order as the matcher keeps it: what allocatePrint needs. */
export interface RestingOrder {
  id: number
  side: 'long' | 'short'
  /** Limit price and unfilled amount, decimal strings. */
  price: string
  amount: string
  /** Placement time, ms. */
  createdAt: number
}

/** What one print gives one resting order: `amount` (base currency) of it. */
export interface PrintShare<T> {
  order: T
  amount: DecimalString
}

/**
 * How one print of `size` at `price` (feed time `ts`) is shared among `resting`, in price-time priority: the orders
 * it crosses and that were placed at or before it, the farthest through the print's price first (a long's highest
 * price, a short's lowest), then the oldest, then the lowest id; each takes its unfilled amount or what is left of the
 * print, whichever is less, until nothing is left (the last one served may fill in part). Issue 21 part 4: one print's
 * size is shared among all resting orders, never given to each. The market's minimum and amount decimals are
 * applied when the share is filled (fillEntrust): a share it does not make is not passed on to the next order.
 */
export function allocatePrint<T extends RestingOrder>(
  resting: readonly T[],
  ts: number,
  price: DecimalString,
  size: DecimalString,
): PrintShare<T>[] {
  const through = (o: T) => {
    const d = subtract(parseDecimal(o.price), price)
    return o.side === 'long' ? d : negate(d)
  }
  const candidates = resting
    .filter((o) => ts >= o.createdAt && tradeFills(o, price))
    .map((o) => ({ o, by: through(o) }))
    .sort((x, y) => compare(y.by, x.by) || x.o.createdAt - y.o.createdAt || x.o.id - y.o.id)
  const shares: PrintShare<T>[] = []
  let left = size
  for (const { o } of candidates) {
    if (sign(left) <= 0) break
    const amount = least(parseDecimal(o.amount), left)
    if (sign(amount) <= 0) continue
    shares.push({ order: o, amount })
    left = subtract(left, amount)
  }
  return shares
}

/**
 * The shares of each print of trade batch `e` among the pending orders `list` of its symbol (allocatePrint), each with
 * the print's feed event (`source`'s `market.<symbol>.trade.detail`, ref `trade:<id>`) and size. What a share takes is
 * taken out of `list` at once (an order filled whole leaves it): a later print of the batch, or of the next batch
 * before the account reloads, may not count on it.
 */
export function takeShares<T extends RestingOrder>(
  list: T[],
  e: Extract<MarketEvent, { type: 'trades' }>,
  source: MarketSourceKind,
): { order: T; amount: DecimalString; event: FeedEvent; size: DecimalString }[] {
  const out: { order: T; amount: DecimalString; event: FeedEvent; size: DecimalString }[] = []
  for (const t of e.trades) {
    const price = feedDecimal(t.price)
    const size = feedDecimal(t.amount)
    if (!price || !size) continue
    const event = tradeEvent(source, e.symbol, t, price, e.recorded)
    for (const { order, amount } of allocatePrint(list, t.ts, price, size)) {
      const rest = subtract(parseDecimal(order.amount), amount)
      if (sign(rest) <= 0) list.splice(list.indexOf(order), 1)
      else order.amount = rest
      out.push({ order, amount, event, size })
    }
  }
  return out
}
