/**
 * The trading calls (common/api/trade, common/api/micro): a market's terms, spot orders and second contracts. Placing
 * moves money, so it sends a fresh Idempotency-Key per submission and is sent again with the same key when it got no
 * answer; `client_oid` (made once per submission by the form) also makes the server place it once.
 */
import * as z from 'zod/mini'
import {
  microOrderListSchema,
  microOrderSchema,
  microProductSchema,
  type MicroOrder,
  type MicroOrderListQuery,
  type MicroPlaceInput,
  type MicroProduct,
} from '../../common/api/micro'
import {
  marketTradeConfigSchema,
  orderDetailSchema,
  orderListSchema,
  orderSchema,
  type MarketTradeConfig,
  type Order,
  type OrderDetail,
  type OrderListQuery,
  type OrderPlaceInput,
} from '../../common/api/trade'
import { keyedPost } from './keyed-post'
import { type CallOptions, type Caller } from './public'
import type { Params, Requester } from './request'

type ListAnswer<S extends z.ZodMiniType> = z.infer<S>

export interface TradingApi {
  /** GET trade/market_config (public): fee rates, smallest order, precisions, spot/micro open of one market. */
  marketConfig(symbol: string, opts?: CallOptions): Promise<MarketTradeConfig>
  /** POST trade/order_place (Idempotency-Key): a market order answers filled; a limit order answers pending. */
  orderPlace(input: OrderPlaceInput, opts?: CallOptions): Promise<Order>
  /** POST trade/order_cancel: the order as cancelled (its unfilled part unfrozen). */
  orderCancel(id: number, opts?: CallOptions): Promise<Order>
  /** GET trade/order_list: open or history orders, newest first. */
  orderList(
    query: Partial<OrderListQuery> & Pick<OrderListQuery, 'state'>,
    opts?: CallOptions,
  ): Promise<ListAnswer<typeof orderListSchema>>
  /** GET trade/order_detail: one order with its fills and their feed events. */
  orderDetail(id: number, opts?: CallOptions): Promise<OrderDetail>
  /** GET micro/products (public): the open second-contract products, of one symbol when given. */
  microProducts(symbol?: string, opts?: CallOptions): Promise<MicroProduct[]>
  /** POST micro/order_place (Idempotency-Key): the contract as opened at the feed's price. */
  microPlace(input: MicroPlaceInput, opts?: CallOptions): Promise<MicroOrder>
  /** GET micro/order_list: open or settled contracts (both when `state` is absent), newest first. */
  microList(query: Partial<MicroOrderListQuery>, opts?: CallOptions): Promise<ListAnswer<typeof microOrderListSchema>>
  /** GET micro/order_detail: one contract with its open and close prices and their feed times. */
  microDetail(id: number, opts?: CallOptions): Promise<MicroOrder>
}

/** Builds the trading calls; the keyed POSTs go through `request` (headers and retries are not Caller options). */
export function createTradingApi(call: Caller, request: Requester): TradingApi {
  const p = (input: object) => input as Params
  const keyed = keyedPost(request)
  return {
    marketConfig: (symbol, opts) => call.get('trade/market_config', marketTradeConfigSchema, { symbol }, opts),
    orderPlace: (input, opts) => keyed('trade/order_place', orderSchema, p(input), opts),
    orderCancel: (id, opts) => call.postAuth('trade/order_cancel', orderSchema, { id }, opts),
    orderList: (query, opts) => call.getAuth('trade/order_list', orderListSchema, p(query), opts),
    orderDetail: (id, opts) => call.getAuth('trade/order_detail', orderDetailSchema, { id }, opts),
    microProducts: (symbol, opts) =>
      call.get('micro/products', z.array(microProductSchema), symbol ? { symbol } : undefined, opts),
    microPlace: (input, opts) => keyed('micro/order_place', microOrderSchema, p(input), opts),
    microList: (query, opts) => call.getAuth('micro/order_list', microOrderListSchema, p(query), opts),
    microDetail: (id, opts) => call.getAuth('micro/order_detail', microOrderSchema, { id }, opts),
  }
}
