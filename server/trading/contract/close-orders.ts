/**
 * Reduce-only orders (issue 21 part 1; the rules in common/api/contract-close.ts, after Binance's `reduceOnly`):
 * placing, cancelling and listing them. A market one closes its amount of the position at once, and a limit one that
 * crosses the book what the book offers within its price (the rest rests, as an opening order's does) (split.ts, then the netting settle of settle-close.ts: a loss beyond the wallet is refused as a
 * close at market is); a resting one holds no margin and close-matcher.ts fills it from feed prints. Every change runs
 * under the account lock, like every other futures change.
 */
import { and, desc, eq } from 'drizzle-orm'
import { compare, parseDecimal, scaleOf, sign, type DecimalString } from '../../../common/amount'
import type { CloseOrder, CloseOrderInput } from '../../../common/api/contract'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { contractCloseOrders, contractPositions } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { runOnce } from '../../ledger/idempotent'
import { fieldError } from '../../money/amounts'
import type { MoneyCaller } from '../../money/deposits'
import { priceMaxAgeMs } from '../freshness'
import { refuseUnlessLive } from '../live-only'
import { contractWallet, lockAccount, notifyAccount, openPositions, type PositionRow } from './account'
import { crossingTake, marketPrice, type BookPrice } from './book-price'
import { lockedPosition, openPositionEvents } from './close'
import type { MarkBoard } from './marks'
import { emitEvents } from '../../stream/events'
import { contractTerms } from './config'
import { amountScale } from './fills'
import type { ContractDeps } from './place'
import { settleAccountCloses } from './settle-close'
import { checkCloseAmount, splitPosition } from './split'

import { closeOrderEvent, closeOrderView } from './views'
export type { CloseOrderRow } from './views'
export { closeOrderView } from './views'

/** Symbols with a reduce-only order placed by this process (close-matcher.ts looks at them at once). */
export const placedCloseOrderSymbols = new Set<string>()

/**
 * Places a reduce-only order on the caller's open position `input.id` (Idempotency-Key); answers it (`filled` when it
 * executed at once, else `pending`).
 * @throws DomainError `positionNotFound`, `positionNotOpen`, `closeLossBeyondWallet` (id); `priceRequired`,
 *   `priceNotForMarket`, `priceNotPositive`, `priceTooManyDecimals` (price); `amountNotPositive`,
 *   `orderAmountPrecision`, `orderBelowMinimum`, `closeAmountAbovePosition`, `closeRemainderBelowMinimum`,
 *   `closePartTooSmall`, `bookTooThin`, `slippageTooFar` (amount); `priceStale` (type); `liveTradingPaused` (symbol).
 */
export async function placeCloseOrder(
  deps: ContractDeps,
  who: MoneyCaller,
  input: CloseOrderInput,
): Promise<CloseOrder> {
  refuseUnlessLive(deps.market, who.book)
  const call = { userId: who.userId, key: who.key, call: 'contract/close_order', payload: { ...input, book: who.book } }
  const placed = await runOnce(deps.db, call, async (tx) => {
    const now = deps.now?.() ?? new Date()
    await lockAccount(tx, who.book, who.userId)
    const p = await lockedPosition(tx, who, input.id)
    if (p.status !== 'open') throw new DomainError('conflict', 'positionNotOpen', { field: 'id' })
    const terms = (await contractTerms(tx, p.symbol))!
    const price = checkPrice(input, terms.pricePrecision, `${terms.base}/${terms.quote}`)
    const amount = parseDecimal(input.amount)
    checkCloseAmount(p, amount, terms)
    const taker = p.side === 'long' ? 'sell' : 'buy'
    const maxAgeMs = await priceMaxAgeMs(tx, p.symbol)
    // A crossing limit takes what the book offers within its price at once (book-price.ts crossingTake, as an
    // opening order does); the rest rests. A market order takes the whole amount or is refused.
    const fill = price
      ? crossingTake(deps.market, terms, taker, amount, price, now, maxAgeMs, amountScale(terms))
      : { ...marketPrice(deps.market, terms, taker, amount, now, maxAgeMs), amount }
    const [row] = await tx
      .insert(contractCloseOrders)
      .values({
        userId: who.userId,
        book: who.book,
        symbol: p.symbol,
        positionId: p.id,
        side: p.side,
        type: input.type,
        price,
        amount,
        filled: fill ? fill.amount : '0',
        status: fill && compare(fill.amount, amount) === 0 ? 'filled' : 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    if (fill) {
      await closePart(tx, p, fill.amount, { closeOrderId: row!.id }, fill, `user:${who.userId}`, now, deps.marks)
      await notifyAccount(tx, who.book, who.userId)
    }
    const events = [closeOrderEvent('placed', row!)]
    if (row!.status === 'filled') events.push(closeOrderEvent('filled', row!))
    else if (fill) events.push(closeOrderEvent('partially_filled', row!))
    await emitEvents(tx, events)
    return closeOrderView(row!)
  })
  if (placed.status === 'pending') placedCloseOrderSymbols.add(placed.symbol)
  return placed
}

/** The order's limit price, checked; null for a market order. */
function checkPrice(input: CloseOrderInput, precision: number, pair: string): DecimalString | null {
  if (input.type === 'market') {
    if (input.price !== undefined) throw fieldError('price', 'priceNotForMarket')
    return null
  }
  if (input.price === undefined) throw fieldError('price', 'priceRequired')
  const price = parseDecimal(input.price)
  if (sign(price) <= 0) throw fieldError('price', 'priceNotPositive')
  if (scaleOf(price) > precision) throw fieldError('price', 'priceTooManyDecimals', { symbol: pair, scale: precision })
  return price
}

/**
 * Closes `q` of open position `p` (locked, under the account lock; q checked) at `fill` in `tx`: the whole row when
 * q is all of it, else a part split off (split.ts) carrying `overrides`; netted against the account's other open
 * positions. Answers the closed row's id.
 * @throws DomainError conflict `closeLossBeyondWallet` (id) when the close would need insurance.
 */
export async function closePart(
  tx: Db,
  p: PositionRow,
  q: DecimalString,
  overrides: NonNullable<Parameters<typeof splitPosition>[3]>,
  fill: BookPrice,
  actor: string,
  now: Date,
  marks?: Pick<MarkBoard, 'mark'>,
): Promise<number> {
  let part = p
  if (compare(q, parseDecimal(p.amount)) < 0) part = (await splitPosition(tx, p, q, overrides)).part
  else {
    const [whole] = await tx.update(contractPositions).set(overrides).where(eq(contractPositions.id, p.id)).returning()
    part = whole!
  }
  const { available } = await contractWallet(tx, p.book, p.userId, true)
  const others = (await openPositions(tx, p.book, p.userId, true)).filter((o) => o.id !== part.id)
  const terms = { price: fill.price, reason: 'manual' as const, event: fill.event, actor, now }
  await settleAccountCloses(tx, { available, closes: [{ position: part, terms }], others }, 'id', marks)
  // A part closed: what stays open changed (the part's own `closed` event is the settle's).
  if (part.id !== p.id) await emitEvents(tx, await openPositionEvents(tx, marks, p, [p.id], 'changed'))
  return part.id
}

/**
 * Cancels the caller's pending reduce-only order `id` (Idempotency-Key); it held nothing, so nothing is released.
 * @throws DomainError `orderNotFound` (id; another user's too), `orderNotOpen` (id: filled or cancelled already)
 */
export async function cancelCloseOrder(deps: ContractDeps, who: MoneyCaller, id: number): Promise<CloseOrder> {
  const call = {
    userId: who.userId,
    key: who.key,
    call: 'contract/close_order_cancel',
    payload: { id, book: who.book },
  }
  return runOnce(deps.db, call, async (tx) => {
    await lockAccount(tx, who.book, who.userId)
    const [o] = await tx
      .select()
      .from(contractCloseOrders)
      .where(
        and(
          eq(contractCloseOrders.id, id),
          eq(contractCloseOrders.userId, who.userId),
          eq(contractCloseOrders.book, who.book),
        ),
      )
      .for('update')
    if (!o) throw new DomainError('not_found', 'orderNotFound', { field: 'id' })
    if (o.status !== 'pending') throw new DomainError('conflict', 'orderNotOpen', { field: 'id' })
    const [after] = await tx
      .update(contractCloseOrders)
      .set({ status: 'cancelled', updatedAt: deps.now?.() ?? new Date() })
      .where(eq(contractCloseOrders.id, id))
      .returning()
    await notifyAccount(tx, who.book, who.userId)
    await emitEvents(tx, [closeOrderEvent('cancelled', after!)])
    return closeOrderView(after!)
  })
}

/** The caller's pending reduce-only orders (of `symbol` when given), newest first. */
export async function closeOrdersOf(db: Db, who: { userId: number; book: Book }, symbol?: string) {
  const rows = await db
    .select()
    .from(contractCloseOrders)
    .where(
      and(
        eq(contractCloseOrders.userId, who.userId),
        eq(contractCloseOrders.book, who.book),
        eq(contractCloseOrders.status, 'pending'),
        symbol === undefined ? undefined : eq(contractCloseOrders.symbol, symbol),
      ),
    )
    .orderBy(desc(contractCloseOrders.id))
    .limit(200)
  return rows.map(closeOrderView)
}
