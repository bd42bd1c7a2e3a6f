/**
 * A spot order's checks before anything is written (each refusal names its field), shared by the one-order path
 * (place.ts) and the group commit of resting limit orders (place-batch.ts): the parsed order, what a limit order
 * holds, and the order already placed under the same `client_oid`.
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
import type { OrderPlaceInput } from '../../../common/api/trade'
import type { Db } from '../../db/client'
import type { Posting } from '../../ledger/post'
import { spotOrders } from '../../db/schema'
import { fieldError } from '../../money/amounts'
import type { MoneyCaller } from '../../money/deposits'
import { placementTerms, type TradeTerms } from './config'
import type { OrderRow } from './fills'

/** An order once its fields are checked. */
export interface CheckedOrder {
  terms: TradeTerms
  side: 'buy' | 'sell'
  type: 'limit' | 'market'
  price: DecimalString | null
  amount: DecimalString
  clientOid: string
}

/**
 * The order `input` parsed and checked against its market's terms (nothing written).
 * @throws DomainError naming the field: `marketUnknown`/`marketNotOpen` (symbol); `priceRequired`,
 *   `priceNotForMarket`, `priceNotPositive`, `priceTooManyDecimals` (price); `amountNotPositive`,
 *   `orderAmountPrecision`, `orderBelowMinimum` (amount)
 */
export async function checkOrder(db: Db, input: OrderPlaceInput): Promise<CheckedOrder> {
  const terms = await placementTerms(db, input.symbol)
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
export async function sameOrder(tx: Db, who: MoneyCaller, o: CheckedOrder): Promise<OrderRow> {
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

/** What a limit order holds: an amount of one currency (quote for a buy, base for a sell). */
export interface Hold {
  currency: string
  amount: DecimalString
}

/** What a limit order may spend: ⌈price × amount⌉ of the quote for a buy, the amount of the base for a sell. */
export function holdOf(o: CheckedOrder): Hold {
  return o.side === 'buy'
    ? { currency: o.terms.quote, amount: round(multiply(o.price!, o.amount), currencyScale(o.terms.quote), 'up') }
    : { currency: o.terms.base, amount: o.amount }
}

/** The `spot_orders` row of a new order `o` of `who` (pending, nothing filled), taker's rate when it `takes`. */
export function orderColumns(who: MoneyCaller, o: CheckedOrder, takes: boolean, now: Date) {
  return {
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
    feeRate: o.type === 'market' || takes ? o.terms.takerFeeRate : o.terms.makerFeeRate,
    status: 'pending' as const,
    clientOid: o.clientOid,
    createdAt: now,
    updatedAt: now,
  }
}

/** The posting that freezes `held` for the order `row`: available → frozen of the owner's spot wallet. */
export function freezePosting(row: Pick<OrderRow, 'id' | 'userId' | 'book'>, held: Hold): Posting {
  const user = { userId: row.userId, wallet: 'spot' as const }
  return {
    kind: 'spot_order',
    book: row.book,
    userId: row.userId,
    reference: `order:${row.id}`,
    actor: `user:${row.userId}`,
    entries: [
      { owner: user, currency: held.currency, bucket: 'available', amount: negate(held.amount) },
      { owner: user, currency: held.currency, bucket: 'frozen', amount: held.amount },
    ],
  }
}
