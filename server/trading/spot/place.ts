/**
 * Placing a spot order (issue 11 part 1, issue 21 parts 3 and 4). Checks come first and name their field; then, in
 * one database transaction once per Idempotency-Key and once per `client_oid`:
 * - a market order is recorded and filled at once against the current book (take.ts), level by level, each fill
 *   citing the book it used; a book older than the market's maximum price age (freshness.ts, 2 s by default) is
 *   refused rather than filled at an old price, as is a walk past the visible depth or past the market's slippage cap;
 * - a limit order is recorded and freezes what it may spend (price × amount in the quote currency for a buy, the
 *   amount for a sell). If it crosses the book (a buy at or above the best ask, a sell at or below the best bid) it
 *   first takes what it crosses as a taker, at the book's prices and the taker rate (take.ts); what is left rests at
 *   its price as a maker, and the matcher fills it when the feed trades through its price.
 * "Lack of funds" comes from the ledger's conditional update, so nothing is recorded or frozen when funds are short.
 */
import { OPEN_ORDER_STATES, type Order, type OrderPlaceInput } from '../../../common/api/trade'
import type { Db } from '../../db/client'
import { spotOrders } from '../../db/schema'
import { runOnce, type KeyedCall } from '../../ledger/idempotent'
import { postTransaction } from '../../ledger/post'
import type { MarketService } from '../../market/types'
import type { MoneyCaller } from '../../money/deposits'
import { priceMaxAgeMs } from '../freshness'
import { checkOrder, freezePosting, holdOf, orderColumns, sameOrder, type CheckedOrder, type Hold } from './checked'
import type { OrderRow } from './fills'
import { limitOrderOpened } from './open-signal'
import { placeResting } from './place-batch'
import { crossesBook, fillMarket, takeCrossing } from './take'
import { orderView, spotPlacedEvents } from './views'
import { collectEvents, emitEvents } from '../../stream/events'
import { refuseUnlessLive } from '../live-only'

/** What placing needs: the database, the market (its latest books), the clock. */
export interface TradeDeps {
  db: Db
  market: Pick<MarketService, 'source' | 'lastBook'>
  now?: () => Date
}

/**
 * Places an order for the caller's book; answers it as `order_detail` shows it.
 * @throws DomainError naming the field: `marketUnknown`/`marketNotOpen` (symbol); `priceRequired`,
 *   `priceNotForMarket`, `priceNotPositive`, `priceTooManyDecimals` (price); `amountNotPositive`,
 *   `orderAmountPrecision`, `orderBelowMinimum`, `lackOfFunds`, `bookTooThin`, `slippageTooFar` (amount);
 *   `priceStale` (type for a market order, price for a crossing limit: the book is older than the market's maximum
 *   price age); `limitPriceTooFar` (price: a crossing limit beyond the slippage cap); `clientOidReused`
 *   (client_oid); `idempotencyKeyReused`.
 */
export async function placeOrder(deps: TradeDeps, who: MoneyCaller, input: OrderPlaceInput): Promise<Order> {
  refuseUnlessLive(deps.market, who.book)
  const o = await checkOrder(deps.db, input)
  const payload = { ...input, price: o.price, amount: o.amount, book: who.book }
  const keyed: KeyedCall = { userId: who.userId, key: who.key, call: 'trade/order_place', payload }
  const one = () => placeOne(deps, who, o, keyed)
  // A limit order that rests (crosses nothing now) joins its account's group commit (place-batch.ts); the batch
  // checks the book again and sends an order that crosses by then back here.
  const placed =
    process.env.NO_BATCH !== '1' && o.type === 'limit' && !crossesBook(deps.market, o.terms.symbol, o.side, o.price!)
      ? await placeResting(deps, who, o, keyed, one)
      : await one()
  if (placed.type === 'limit' && (OPEN_ORDER_STATES as readonly string[]).includes(placed.status)) {
    limitOrderOpened(placed.symbol)
  }
  return placed
}

/** One order in a transaction of its own, once per Idempotency-Key (market orders, crossing limits, fallbacks). */
async function placeOne(deps: TradeDeps, who: MoneyCaller, o: CheckedOrder, keyed: KeyedCall): Promise<Order> {
  const maxAgeMs = await priceMaxAgeMs(deps.db, o.terms.symbol)
  const now = deps.now?.() ?? new Date()
  return runOnce(
    deps.db,
    keyed,
    // The order's events and its postings' balance events written by one statement at the end (collectEvents).
    (tx) =>
      collectEvents(tx, async () => {
        const taking = { terms: o.terms, side: o.side, amount: o.amount, limit: o.price }
        // Decided on the latest book whatever its age: a crossing limit on a stale book is refused (take.ts).
        const crossing = o.price !== null && crossesBook(deps.market, o.terms.symbol, o.side, o.price)
        const held = o.type === 'limit' ? holdOf(o) : undefined
        const [row] = await tx
          .insert(spotOrders)
          .values({
            ...orderColumns(who, o, crossing, now),
            // What a limit order holds, recorded with it: the posting below freezes it in the same transaction.
            ...(held && { frozen: held.amount }),
          })
          .onConflictDoNothing()
          .returning()
        if (!row) return orderView(await sameOrder(tx, who, o))
        let after: OrderRow
        if (o.type === 'market') after = await fillMarket(deps.market, tx, row, taking, now, maxAgeMs)
        else {
          const frozen = await freeze(tx, row, held!)
          after = crossing
            ? await takeCrossing(deps.market, tx, frozen, { ...taking, limit: o.price! }, now, maxAgeMs)
            : frozen
        }
        await emitEvents(tx, spotPlacedEvents(after))
        return orderView(after)
      }),
  )
}

/** Freezes `held` for the order `row` (recorded with it as its `frozen`): available → frozen of the spot wallet. */
async function freeze(tx: Db, row: OrderRow, held: Hold): Promise<OrderRow> {
  await postTransaction(tx, freezePosting(row, held))
  return row
}
