/** Spot orders and fills as the calls answer them (common/api/trade), and the caller's lists. */
import { and, count, desc, eq, inArray, notInArray, type SQL } from 'drizzle-orm'
import { divide, parseDecimal, sign } from '../../../common/amount'
import {
  OPEN_ORDER_STATES,
  type Fill,
  type Order,
  type OrderDetail,
  type OrderListQuery,
} from '../../../common/api/trade'
import type { Book } from '../../../common/api/user-info'
import type { Db } from '../../db/client'
import { formatUtc } from '../../db/announcements'
import { spotFills, spotOrders } from '../../db/schema'
import { notFound } from '../../domain/errors'
import type { OrderEventKind } from '../../../common/api/stream'
import { orderEvent, type UserEventOf } from '../../stream/trading-events'
import type { OrderRow } from './fills'

type FillRow = typeof spotFills.$inferSelect

const canonical = (v: string) => String(parseDecimal(v))

/** An order as lists show it; `avg_price` is Σ price × amount / Σ amount at the price precision + 4 decimals. */
export function orderView(r: OrderRow): Order {
  const filled = parseDecimal(r.filledAmount)
  return {
    id: r.id,
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    entrust_price: r.price === null ? null : canonical(r.price),
    entrust_amount: canonical(r.amount),
    deal_amount: String(filled),
    deal_volume: canonical(r.filledQuote),
    avg_price: sign(filled) > 0 ? String(divide(parseDecimal(r.filledQuote), filled, 12, 'half-up')) : null,
    fee: canonical(r.fee),
    fee_currency: r.feeCurrency,
    status: r.status,
    client_oid: r.clientOid,
    created_at: formatUtc(r.createdAt),
    deal_at: r.dealAt ? formatUtc(r.dealAt) : null,
  }
}

/** The `orders` event `event` of spot order `r` (its `order` as `orderView` shows it). */
export function spotOrderEvent(event: OrderEventKind, r: OrderRow): UserEventOf {
  return orderEvent(r.userId, r.book, event, 'spot', r.symbol, orderView(r))
}

/** The fill event of `r` after a fill: `filled` once nothing is left, else `partially_filled`. */
export function spotFillEvent(r: OrderRow): UserEventOf {
  return spotOrderEvent(r.status === 'filled' ? 'filled' : 'partially_filled', r)
}

/**
 * The events of a placement that committed `r`: `placed`, then its fill event when it took from the book at once
 * (a market order, a crossing limit order). Both carry the order as it stands when the placement commits.
 */
export function spotPlacedEvents(r: OrderRow): UserEventOf[] {
  const placed = spotOrderEvent('placed', r)
  return sign(parseDecimal(r.filledAmount)) > 0 ? [placed, spotFillEvent(r)] : [placed]
}

function fillView(f: FillRow, feeCurrency: string): Fill {
  return {
    price: canonical(f.price),
    amount: canonical(f.amount),
    fee: canonical(f.fee),
    fee_currency: feeCurrency,
    created_at: formatUtc(f.createdAt),
    feed_event: {
      source: f.feedSource,
      topic: f.feedTopic,
      ts: f.feedTs.getTime(),
      price: canonical(f.feedPrice),
      ref: f.feedRef,
      recorded: f.feedRecorded,
    },
  }
}

/** The caller's orders of `book`: open or history, optionally of one symbol, newest first. */
export async function listOrders(db: Db, userId: number, book: Book, q: OrderListQuery) {
  const states = [...OPEN_ORDER_STATES]
  const conds: SQL[] = [
    eq(spotOrders.userId, userId),
    eq(spotOrders.book, book),
    q.state === 'open' ? inArray(spotOrders.status, states) : notInArray(spotOrders.status, states),
  ]
  if (q.symbol) conds.push(eq(spotOrders.symbol, q.symbol))
  const where = and(...conds)
  const rows = await db
    .select()
    .from(spotOrders)
    .where(where)
    .orderBy(desc(spotOrders.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  const [total] = await db.select({ n: count() }).from(spotOrders).where(where)
  return { list: rows.map((r) => orderView(r)), total: total?.n ?? 0, page: q.page, limit: q.limit }
}

/**
 * One of the caller's orders with its fills (oldest first).
 * @throws DomainError not_found `orderNotFound` (id) for an order of another user or book, or none
 */
export async function orderDetail(db: Db, userId: number, book: Book, id: number): Promise<OrderDetail> {
  const [r] = await db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.id, id), eq(spotOrders.userId, userId), eq(spotOrders.book, book)))
  if (!r) throw notFound('orderNotFound', 'id')
  const fills = await db.select().from(spotFills).where(eq(spotFills.orderId, id)).orderBy(spotFills.id)
  return { ...orderView(r), fills: fills.map((f) => fillView(f, r.feeCurrency)) }
}
