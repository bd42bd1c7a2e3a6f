/**
 * Placing a spot order (issue 11 part 1). Checks come first and name their field; then, in one database transaction
 * once per Idempotency-Key and once per `client_oid`:
 * - a market order is recorded and filled at once against the current book (book-walk.ts), level by level, each fill
 *   citing the book it used; a book older than BOOK_MAX_AGE_MS is refused rather than filled at an old price, as is a
 *   walk past the visible depth or past the market's slippage cap;
 * - a limit order is recorded and freezes what it may spend (price × amount in the quote currency for a buy, the
 *   amount for a sell); the matcher fills it when the feed trades through its price.
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
import { DomainError } from '../../domain/errors'
import { runOnce } from '../../ledger/idempotent'
import { postTransaction } from '../../ledger/post'
import type { MarketService } from '../../market/types'
import { fieldError } from '../../money/amounts'
import type { MoneyCaller } from '../../money/deposits'
import { walkBook, withinSlippage } from '../../../common/trading/book-walk'
import { tradeTerms, type TradeTerms } from './config'
import { applyFill, type OrderRow } from './fills'
import { limitOrderOpened } from './open-signal'
import { orderView } from './views'
import { refuseUnlessLive } from '../live-only'

/** The oldest book a market order fills against, ms: older means the feed has stalled, and the order is refused. */
export const BOOK_MAX_AGE_MS = 10_000

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
 *   `orderAmountPrecision`, `orderBelowMinimum`, `lackOfFunds` (amount); `priceStale`, `bookTooThin`, `slippageTooFar`
 *   (type); `clientOidReused` (client_oid); `idempotencyKeyReused`.
 */
export async function placeOrder(deps: TradeDeps, who: MoneyCaller, input: OrderPlaceInput): Promise<Order> {
  refuseUnlessLive(deps.market, who.book)
  const o = await checkOrder(deps.db, input)
  const now = deps.now?.() ?? new Date()
  const payload = { ...input, price: o.price, amount: o.amount, book: who.book }
  const placed = await runOnce(
    deps.db,
    { userId: who.userId, key: who.key, call: 'trade/order_place', payload },
    async (tx) => {
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
          feeRate: o.type === 'market' ? o.terms.takerFeeRate : o.terms.makerFeeRate,
          status: 'pending',
          clientOid: o.clientOid,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) return orderView(await sameOrder(tx, who, o))
      const order = o.type === 'market' ? await fillMarket(deps, tx, row, o, now) : await freeze(tx, row, o, now)
      return orderView(order)
    },
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

/** Freezes what a limit order may spend: ⌈price × amount⌉ of the quote for a buy, the amount for a sell. */
async function freeze(tx: Db, row: OrderRow, o: CheckedOrder, now: Date): Promise<OrderRow> {
  const [currency, held] =
    o.side === 'buy'
      ? [o.terms.quote, round(multiply(o.price!, o.amount), currencyScale(o.terms.quote), 'up')]
      : [o.terms.base, o.amount]
  const user = { userId: row.userId, wallet: 'spot' as const }
  await postTransaction(tx, {
    kind: 'spot_order',
    book: row.book,
    userId: row.userId,
    reference: `order:${row.id}`,
    actor: `user:${row.userId}`,
    entries: [
      { owner: user, currency, bucket: 'available', amount: negate(held) },
      { owner: user, currency, bucket: 'frozen', amount: held },
    ],
  })
  const [after] = await tx
    .update(spotOrders)
    .set({ frozen: held, updatedAt: now })
    .where(eq(spotOrders.id, row.id))
    .returning()
  return after!
}

/** Fills a market order against the current book, level by level; refuses a stale book, thin depth, or slippage. */
async function fillMarket(deps: TradeDeps, tx: Db, row: OrderRow, o: CheckedOrder, now: Date): Promise<OrderRow> {
  const book = deps.market.lastBook(o.terms.symbol)
  if (!book || now.getTime() - book.tick.ts > BOOK_MAX_AGE_MS) {
    throw new DomainError('unavailable', 'priceStale', { field: 'type' })
  }
  const levels = o.side === 'buy' ? book.tick.asks : book.tick.bids
  const walk = walkBook(levels, o.amount, o.terms.pricePrecision + 4)
  if (!walk) throw fieldError('amount', 'bookTooThin', {}, 'rejected')
  const best = walk.fills[0]!.price
  if (!withinSlippage(o.side, best, walk.worst, o.terms.slippageCap)) {
    const percent = multiply(o.terms.slippageCap, parseDecimal('100'))
    throw fieldError('amount', 'slippageTooFar', { percent }, 'rejected')
  }
  let order = row
  for (const level of walk.fills) {
    const event = {
      source: deps.market.source,
      topic: `market.${o.terms.symbol}.depth.step0`,
      ts: book.tick.ts,
      price: level.price,
      ref: `book:${book.tick.version}`,
      recorded: book.recorded ?? null,
    }
    const next = await applyFill(tx, order, { price: level.price, amount: level.amount, event }, now)
    // Nothing else can touch an order inside the transaction that inserted it.
    if (!next) throw new Error(`spot order ${row.id} changed while it was being placed`)
    order = next
  }
  return order
}
