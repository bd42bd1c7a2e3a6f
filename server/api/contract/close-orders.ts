/**
 * The reduce-only order calls (issue 21 part 1; rules in common/api/contract-close.ts, after Binance's `reduceOnly`):
 * place one on an open position, cancel a pending one, list the pending ones. Each acts on the session's book; the
 * calls that change an account take the Idempotency-Key header.
 */
import { z } from 'zod'
import { idInput } from '../../../common/api/assets'
import { closeOrderInput, closeOrderSchema, closeOrdersQuery } from '../../../common/api/contract'
import { marksFor } from '../../trading/contract/marks'
import { cancelCloseOrder, closeOrdersOf, placeCloseOrder } from '../../trading/contract/close-orders'
import type { AppDeps } from '../deps'
import { defineRoute, type ApiRoute } from '../route'

const deps = (d: AppDeps) => ({ db: d.db, market: d.market, marks: marksFor(d.market) })

export const contractCloseOrderRoute = defineRoute({
  method: 'POST',
  path: 'contract/close_order',
  summary:
    'Place a reduce-only order on an open position: market closes `amount` at once; limit rests (holding no margin) and fills from feed prints through its price, never closing more than the position holds',
  auth: 'user',
  idempotent: true,
  input: closeOrderInput,
  data: closeOrderSchema,
  handler: ({ deps: d, session, body, idempotencyKey }) =>
    placeCloseOrder(deps(d), { userId: session.userId, book: session.book, key: idempotencyKey }, body),
})

export const contractCloseOrderCancelRoute = defineRoute({
  method: 'POST',
  path: 'contract/close_order_cancel',
  summary: 'Cancel a pending reduce-only order',
  auth: 'user',
  idempotent: true,
  input: idInput,
  data: closeOrderSchema,
  handler: ({ deps: d, session, body, idempotencyKey }) =>
    cancelCloseOrder(deps(d), { userId: session.userId, book: session.book, key: idempotencyKey }, body.id),
})

export const contractCloseOrdersRoute = defineRoute({
  path: 'contract/close_orders',
  summary: "The caller's pending reduce-only orders (of one symbol when given), newest first",
  auth: 'user',
  input: closeOrdersQuery,
  data: z.array(closeOrderSchema),
  handler: ({ deps: d, session, query }) => closeOrdersOf(d.db, session, query.symbol),
})

/** The reduce-only calls, registered beside CONTRACT_ROUTES. */
export const CLOSE_ORDER_ROUTES: readonly ApiRoute[] = [
  contractCloseOrderRoute,
  contractCloseOrderCancelRoute,
  contractCloseOrdersRoute,
] as readonly ApiRoute[]
