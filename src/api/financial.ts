/**
 * The financial (yield) calls (common/api/financial): the public products, subscribing and early redemption (keyed
 * POSTs: a fresh Idempotency-Key per submission, sent again with the same key while there is no answer), and the
 * user's subscriptions. Built over the app's requester on first use by the financial screens, so nothing of them rides
 * on the way to the first price.
 */
import * as z from 'zod/mini'
import {
  financialOrderListSchema,
  financialOrderSchema,
  financialProductSchema,
  type FinancialBuyInput,
  type FinancialOrder,
  type FinancialOrderListQuery,
  type FinancialProduct,
} from '../../common/api/financial'
import { keyedPost } from './keyed-post'
import { createCaller, type CallOptions } from './public'
import type { Params, Requester } from './request'

export interface FinancialApi {
  /** GET financial/products (public): the open products, named in the app's language. */
  products(opts?: CallOptions): Promise<FinancialProduct[]>
  /** POST financial/buy (Idempotency-Key): the new subscription. */
  buy(input: FinancialBuyInput, opts?: CallOptions): Promise<FinancialOrder>
  /** GET financial/orders: the user's subscriptions, in progress or redeemed (both without `status`), newest first. */
  orders(query: Partial<FinancialOrderListQuery>, opts?: CallOptions): Promise<z.infer<typeof financialOrderListSchema>>
  /** POST financial/redeem (Idempotency-Key): the subscription as redeemed early, with its fee. */
  redeem(id: number, opts?: CallOptions): Promise<FinancialOrder>
}

const built = new WeakMap<Requester, FinancialApi>()

/** The financial calls over `request` (one set per requester). */
export function financialApi(request: Requester): FinancialApi {
  let calls = built.get(request)
  if (!calls) {
    const call = createCaller(request)
    const keyed = keyedPost(request)
    calls = {
      products: (opts) => call.get('financial/products', z.array(financialProductSchema), undefined, opts),
      buy: (input, opts) => keyed('financial/buy', financialOrderSchema, input as Params, opts),
      orders: (query, opts) => call.getAuth('financial/orders', financialOrderListSchema, query, opts),
      redeem: (id, opts) => keyed('financial/redeem', financialOrderSchema, { id }, opts),
    }
    built.set(request, calls)
  }
  return calls
}
