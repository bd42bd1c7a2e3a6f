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
import { and, eq } from 'drizzle-orm'
import {
  compare,
  currencyScale,
  multiply,
  negate,
  parseDecimal,
  round,
  scaleOf,
  sign,
  type DecimalString,
} from '../../../common/amount'
import { OPEN_ORDER_STATES, type Order, type OrderPlaceInput } from '../../../common/api/trade'
import type { Db } from '../../db/client'
import { spotOrders } from '../../db/schema'
import { runOnce } from '../../ledger/idempotent'
import { postTransaction } from '../../ledger/post'
import type { MarketService } from '../../market/types'
import { fieldError } from '../../money/amounts'
import type { MoneyCaller } from '../../money/deposits'
import { priceMaxAgeMs } from '../freshness'
import { tradeTerms, type TradeTerms } from './config'
import type { OrderRow } from './fills'
import { limitOrderOpened } from './open-signal'
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

/** An order once its fields are checked. */
interface CheckedOrder {
  terms: TradeTerms
  side: 'buy' | 'sell'
  type: 'limit' | 'market'
  price: DecimalString | null
  amount: DecimalString
  clientOid: string
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
  const maxAgeMs = await priceMaxAgeMs(deps.db, o.terms.symbol)
  const now = deps.now?.() ?? new Date()
  const payload = { ...input, price: o.price, amount: o.amount, book: who.book }
  const placed = await runOnce(
    deps.db,
    { userId: who.userId, key: who.key, call: 'trade/order_place', payload },
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
            userId: who.userId,
            book: who.book,
            symbol: o.terms.symbol,
            base: o.terms.base,
            quote: o.terms.quote,
            side: o.side,
            type: o.type,
            price: o.price,
            amount: o.amount,
            feeCurrency: o.side === 'buy' ? o.terms.base : o.terms.quote,
            feeRate: o.type === 'market' || crossing ? o.terms.takerFeeRate : o.terms.makerFeeRate,
            status: 'pending',
            clientOid: o.clientOid,
            // What a limit order holds, recorded with it: the posting below freezes it in the same transaction.
            ...(held && { frozen: held.amount }),
            createdAt: now,
            updatedAt: now,
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
  if (placed.type === 'limit' && (OPEN_ORDER_STATES as readonly string[]).includes(placed.status)) {
    limitOrderOpened(placed.symbol)
  }
  return placed
}

async function checkOrder(db: Db, input: OrderPlaceInput): Promise<CheckedOrder> {
  const terms = await tradeTerms(db, input.symbol)
  if (!terms) throw fieldError('symbol', 'marketUnknown')
  if (!terms.spotOpen)
    throw fieldError('symbol', 'marketNotOpen', { symbol: `${terms.base}/${terms.quote}` }, 'rejected')
  const pair = `${terms.base}/${terms.quote}`
  let price: DecimalString | null = null
  if (input.type === 'limit') {
    if (input.price === undefined) throw fieldError('price', 'priceRequired')
    price = parseDecimal(input.price)
    if (sign(price) <= 0) throw fieldError('price', 'priceNotPositive')
    if (scaleOf(price) > terms.pricePrecision) {
      throw fieldError('price', 'priceTooManyDecimals', { symbol: pair, scale: terms.pricePrecision })
    }
  } else if (input.price !== undefined) {
    throw fieldError('price', 'priceNotForMarket')
  }
  const amount = parseDecimal(input.amount)
  if (sign(amount) <= 0) throw fieldError('amount', 'amountNotPositive')
  if (scaleOf(amount) > Math.min(terms.amountPrecision, currencyScale(terms.base))) {
    throw fieldError('amount', 'orderAmountPrecision', { symbol: pair, scale: terms.amountPrecision })
  }
  if (compare(amount, terms.minAmount) < 0) {
    throw fieldError('amount', 'orderBelowMinimum', { min: terms.minAmount, currency: terms.base })
  }
  return { terms, side: input.side, type: input.type, price, amount, clientOid: input.client_oid }
}

/** The order already placed under this client_oid, when it is the same order; else `clientOidReused`. */
async function sameOrder(tx: Db, who: MoneyCaller, o: CheckedOrder): Promise<OrderRow> {
  const [old] = await tx
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.userId, who.userId), eq(spotOrders.book, who.book), eq(spotOrders.clientOid, o.clientOid)))
  const same =
    old &&
    old.symbol === o.terms.symbol &&
    old.side === o.side &&
    old.type === o.type &&
    compare(parseDecimal(old.amount), o.amount) === 0 &&
    (old.price === null ? o.price === null : o.price !== null && compare(parseDecimal(old.price), o.price) === 0)
  if (!old || !same) throw fieldError('client_oid', 'clientOidReused', {}, 'rejected')
  return old
}

/** What a limit order may spend: ⌈price × amount⌉ of the quote for a buy, the amount of the base for a sell. */
function holdOf(o: CheckedOrder): { currency: string; amount: DecimalString } {
  return o.side === 'buy'
    ? { currency: o.terms.quote, amount: round(multiply(o.price!, o.amount), currencyScale(o.terms.quote), 'up') }
    : { currency: o.terms.base, amount: o.amount }
}

/** Freezes `held` for the order `row` (recorded with it as its `frozen`): available → frozen of the spot wallet. */
async function freeze(tx: Db, row: OrderRow, held: { currency: string; amount: DecimalString }): Promise<OrderRow> {
  const user = { userId: row.userId, wallet: 'spot' as const }
  await postTransaction(tx, {
    kind: 'spot_order',
    book: row.book,
    userId: row.userId,
    reference: `order:${row.id}`,
    actor: `user:${row.userId}`,
    entries: [
      { owner: user, currency: held.currency, bucket: 'available', amount: negate(held.amount) },
      { owner: user, currency: held.currency, bucket: 'frozen', amount: held.amount },
    ],
  })
  return row
}
