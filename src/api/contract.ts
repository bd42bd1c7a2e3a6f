/**
 * The futures (lever) calls (common/api/contract.ts): a market's contract terms, opening and cancelling orders, the
 * open positions with take-profit / stop-loss and closing, the entrusts, the history and the cross-margin account.
 * Calls that move money (place, cancel, close, close all) send a fresh Idempotency-Key per submission and are sent
 * again with the same key while they get no answer; `client_oid` (made by the form) also places an order once.
 */
import * as z from 'zod/mini'
import {
  closeOrderSchema,
  contractAccountSchema,
  contractFundingHistorySchema,
  contractFundingSchema,
  contractTickersSchema,
  contractHistoryListSchema,
  contractHistorySchema,
  contractMarketSchema,
  contractOrderListSchema,
  contractOrderSchema,
  positionSchema,
  type CloseOrder,
  type CloseOrderInput,
  type ContractAccount,
  type ContractFunding,
  type ContractTickers,
  type ContractFundingHistoryQuery,
  type ContractHistory,
  type ContractHistoryQuery,
  type ContractMarket,
  type ContractOrder,
  type ContractOrderListQuery,
  type ContractOrderPlaceInput,
  type Position,
  type PositionTpslInput,
} from '../../common/api/contract'
import { keyedPost } from './keyed-post'
import type { CallOptions, Caller } from './public'
import type { Params, Requester } from './request'

type ListAnswer<S extends z.ZodMiniType> = z.infer<S>

export interface ContractApi {
  /** GET contract/market_config (public): leverage range, maintenance margin rate, fee rates, smallest order, open. */
  contractMarket(symbol: string, opts?: CallOptions): Promise<ContractMarket>
  /** POST contract/order_place (Idempotency-Key): a market order answers filled (with its position), a limit pending. */
  contractPlace(input: ContractOrderPlaceInput, opts?: CallOptions): Promise<ContractOrder>
  /** POST contract/order_cancel (Idempotency-Key): the entrust as cancelled (its margin and fee released). */
  contractCancel(id: number, opts?: CallOptions): Promise<ContractOrder>
  /** GET contract/positions: the open positions at the server's mark, newest first (of one symbol when given). */
  contractPositions(symbol?: string, opts?: CallOptions): Promise<Position[]>
  /** POST contract/position_tpsl: a price sets, null removes, absent keeps; answers the position. */
  contractTpsl(input: PositionTpslInput, opts?: CallOptions): Promise<Position>
  /** POST contract/position_close (Idempotency-Key): closes one position at market; answers it as history. */
  contractClose(id: number, opts?: CallOptions): Promise<ContractHistory>
  /**
   * POST contract/close_order (Idempotency-Key): a reduce-only order on a position; market closes `amount` at once,
   * limit rests (no margin held) until feed prints fill it.
   */
  contractCloseOrder(input: CloseOrderInput, opts?: CallOptions): Promise<CloseOrder>
  /** POST contract/close_order_cancel (Idempotency-Key): a pending reduce-only order as cancelled. */
  contractCloseOrderCancel(id: number, opts?: CallOptions): Promise<CloseOrder>
  /** GET contract/close_orders: the pending reduce-only orders, newest first. */
  contractCloseOrders(opts?: CallOptions): Promise<CloseOrder[]>
  /** POST contract/close_all (Idempotency-Key): closes every open position (of one symbol when given). */
  contractCloseAll(symbol?: string, opts?: CallOptions): Promise<ContractHistory[]>
  /** GET contract/order_list: pending entrusts (`open`) or filled and cancelled ones (`history`), newest first. */
  contractOrders(
    query: Partial<ContractOrderListQuery> & Pick<ContractOrderListQuery, 'state'>,
    opts?: CallOptions,
  ): Promise<ListAnswer<typeof contractOrderListSchema>>
  /** GET contract/history: closed and liquidated positions, newest first. */
  contractHistory(
    query: Partial<ContractHistoryQuery>,
    opts?: CallOptions,
  ): Promise<ListAnswer<typeof contractHistoryListSchema>>
  /** GET contract/account: the contract wallet under cross margin (quote currency). */
  contractAccount(opts?: CallOptions): Promise<ContractAccount>
  /** GET contract/funding (public): the estimated funding rate and the next funding time (epoch ms). */
  contractFunding(symbol: string, opts?: CallOptions): Promise<ContractFunding>
  /** GET contract/tickers (public): every open perpetual with its mark price and estimated funding rate. */
  contractTickers(opts?: CallOptions): Promise<ContractTickers>
  /** GET contract/funding_history: the caller's funding payments, newest first. */
  contractFundingHistory(
    query: Partial<ContractFundingHistoryQuery>,
    opts?: CallOptions,
  ): Promise<ListAnswer<typeof contractFundingHistorySchema>>
}

/** Builds the futures calls; the keyed POSTs go through `request` (headers and retries are not Caller options). */
export function createContractApi(call: Caller, request: Requester): ContractApi {
  const p = (input: object) => input as Params
  const keyed = keyedPost(request)
  return {
    contractMarket: (symbol, opts) => call.get('contract/market_config', contractMarketSchema, { symbol }, opts),
    contractPlace: (input, opts) => keyed('contract/order_place', contractOrderSchema, p(input), opts),
    contractCancel: (id, opts) => keyed('contract/order_cancel', contractOrderSchema, { id }, opts),
    contractPositions: (symbol, opts) =>
      call.getAuth('contract/positions', z.array(positionSchema), symbol ? { symbol } : undefined, opts),
    contractTpsl: (input, opts) => call.postAuth('contract/position_tpsl', positionSchema, p(input), opts),
    contractClose: (id, opts) => keyed('contract/position_close', contractHistorySchema, { id }, opts),
    contractCloseOrder: (input, opts) => keyed('contract/close_order', closeOrderSchema, p(input), opts),
    contractCloseOrderCancel: (id, opts) => keyed('contract/close_order_cancel', closeOrderSchema, { id }, opts),
    contractCloseOrders: (opts) => call.getAuth('contract/close_orders', z.array(closeOrderSchema), undefined, opts),
    contractCloseAll: (symbol, opts) =>
      keyed('contract/close_all', z.array(contractHistorySchema), symbol ? { symbol } : {}, opts),
    contractOrders: (query, opts) => call.getAuth('contract/order_list', contractOrderListSchema, p(query), opts),
    contractHistory: (query, opts) => call.getAuth('contract/history', contractHistoryListSchema, p(query), opts),
    contractAccount: (opts) => call.getAuth('contract/account', contractAccountSchema, undefined, opts),
    contractFunding: (symbol, opts) => call.get('contract/funding', contractFundingSchema, { symbol }, opts),
    contractTickers: (opts) => call.get('contract/tickers', contractTickersSchema, undefined, opts),
    contractFundingHistory: (query, opts) =>
      call.getAuth('contract/funding_history', contractFundingHistorySchema, p(query), opts),
  }
}
