/**
 * The spot trading calls (issue 11 part 3) and the operator's terms of a market. Each user call acts on the session's
 * book; placing moves money, so it takes the
 * Idempotency-Key header (and `client_oid` places an order once per caller and book).
 */
import { idInput, idQuery } from '../../../common/api/assets'
import {
  marketConfigQuery,
  marketTradeConfigInput,
  marketTradeConfigSchema,
  orderDetailSchema,
  orderListQuery,
  orderListSchema,
  orderPlaceInput,
  orderSchema,
} from '../../../common/api/trade'
import { cancelOrder } from '../../trading/spot/cancel'
import { saveTradeTerms, termsView, tradeTerms } from '../../trading/spot/config'
import { fieldError } from '../../money/amounts'
import { placeOrder } from '../../trading/spot/place'
import { listOrders, orderDetail } from '../../trading/spot/views'
import { defineRoute, type ApiRoute } from '../route'

export const orderPlaceRoute = defineRoute({
  method: 'POST',
  path: 'trade/order_place',
  summary:
    'Place a spot order: a market order fills at once against the current book (VWAP of the levels it takes), a limit order freezes its funds and waits for the feed to trade through its price',
  auth: 'user',
  idempotent: true,
  input: orderPlaceInput,
  data: orderSchema,
  handler: ({ deps, session, body, idempotencyKey }) =>
    placeOrder(deps, { userId: session.userId, book: session.book, key: idempotencyKey }, body),
})

export const orderCancelRoute = defineRoute({
  method: 'POST',
  path: 'trade/order_cancel',
  summary: 'Cancel an open spot order; what it still holds frozen becomes available again',
  auth: 'user',
  input: idInput,
  data: orderSchema,
  handler: ({ deps, session, body }) => cancelOrder(deps.db, session.userId, session.book, body.id),
})

export const orderListRoute = defineRoute({
  path: 'trade/order_list',
  summary: "The caller's spot orders: open (pending, partially filled) or history, newest first",
  auth: 'user',
  input: orderListQuery,
  data: orderListSchema,
  handler: ({ deps, session, query }) => listOrders(deps.db, session.userId, session.book, query),
})

export const orderDetailRoute = defineRoute({
  path: 'trade/order_detail',
  summary: 'One spot order with its fills, each naming the feed event (source, topic, time, price, id) it used',
  auth: 'user',
  input: idQuery,
  data: orderDetailSchema,
  handler: ({ deps, session, query }) => orderDetail(deps.db, session.userId, session.book, query.id),
})

export const marketConfigRoute = defineRoute({
  path: 'trade/market_config',
  summary:
    "A market's trading terms as the order form shows them: taker and maker fee rates, smallest order, slippage cap, order precisions, spot and micro open",
  input: marketConfigQuery,
  data: marketTradeConfigSchema,
  handler: async ({ deps, query }) => {
    const terms = await tradeTerms(deps.db, query.symbol)
    if (!terms) throw fieldError('symbol', 'marketUnknown')
    return termsView(terms)
  },
})

export const adminMarketTradeConfigRoute = defineRoute({
  method: 'POST',
  path: 'admin/market_trade_config',
  summary:
    "Set a market's trading terms: taker and maker fee rates, smallest order, slippage cap of market orders, order precisions, spot and micro open",
  auth: 'operator',
  input: marketTradeConfigInput,
  data: marketTradeConfigSchema,
  handler: ({ deps, body }) => saveTradeTerms(deps.db, body),
})

export const TRADE_ROUTES: readonly ApiRoute[] = [
  orderPlaceRoute,
  orderCancelRoute,
  orderListRoute,
  orderDetailRoute,
  marketConfigRoute,
  adminMarketTradeConfigRoute,
] as readonly ApiRoute[]
