/**
 * The `orders`, `positions` and `notices` events of the money paths (issue 22 part 1), built here so every path
 * writes one shape: an order as its REST list returns it (spot `orderView`, futures `contractOrderView`, reduce-only
 * `closeOrderView`, second contracts `microView`), a position as `contract/positions` (open) or `contract/history`
 * (closed) returns it. The paths collect them and write them with `emitEvents` once, at the end of the transaction
 * that makes the change (server/stream/events.ts).
 */
import type {
  NoticeEventData,
  NoticeEventKind,
  OrderEventData,
  OrderEventKind,
  PositionEventKind,
} from '../../common/api/stream'
import type { Book } from '../../common/api/user-info'
import type { NewUserEvent } from './events'

/** An event of one user, as `emitEvents` takes it. */
export type UserEventOf = NewUserEvent & { userId: number }

/** An `orders#<symbol>` event of `userId` in `book` (`symbol` lower case, e.g. `btcusdt`). */
export function orderEvent(
  userId: number,
  book: Book,
  event: OrderEventKind,
  kind: OrderEventData['kind'],
  symbol: string,
  order: object,
): UserEventOf {
  const s = symbol.toLowerCase()
  return {
    userId,
    topic: 'orders',
    symbol: s,
    data: { event, kind, book, symbol: s, order: order as Record<string, unknown> },
  }
}

/**
 * A `positions` event of `userId`; `close` gives the close price and the feed event time (ms) of a closed or
 * liquidated one.
 */
export function positionEvent(
  userId: number,
  book: Book,
  event: PositionEventKind,
  symbol: string,
  position: object,
  close?: { price: string | null; feedTs: number | null },
): UserEventOf {
  return {
    userId,
    topic: 'positions',
    data: {
      event,
      book,
      symbol: symbol.toLowerCase(),
      position: position as Record<string, unknown>,
      ...(close?.price != null ? { close_price: close.price } : {}),
      ...(close?.feedTs != null ? { feed_ts: close.feedTs } : {}),
    },
  }
}

/** A `notices` event of `userId` about record `id` (a deposit, a withdrawal, a submission, a feedback). */
export function noticeEvent(
  userId: number,
  event: NoticeEventKind,
  id: number,
  more: Pick<NoticeEventData, 'state' | 'message'> = {},
): UserEventOf {
  const data: NoticeEventData = { event, id }
  if (more.state !== undefined) data.state = more.state
  if (more.message !== undefined) data.message = more.message
  return { userId, topic: 'notices', data }
}
