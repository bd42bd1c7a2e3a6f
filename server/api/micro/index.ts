/**
 * The second-contract calls (issue 11 parts 2 and 3): the products (public), placing (Idempotency-Key, and
 * `client_oid` once per caller and book), the caller's orders, and the operator's products.
 */
import { idQuery } from '../../../common/api/assets'
import {
  microOrderListQuery,
  microOrderListSchema,
  microOrderSchema,
  microPlaceInput,
  microProductSaveInput,
  microProductSchema,
  microProductsQuery,
  microVoidInput,
} from '../../../common/api/micro'
import { z } from 'zod'
import { listMicro, microDetail, placeMicro } from '../../trading/micro/orders'
import { listProducts, saveProduct } from '../../trading/micro/products'
import { voidMicro } from '../../trading/micro/void'
import { defineRoute, type ApiRoute } from '../route'

export const microProductsRoute = defineRoute({
  path: 'micro/products',
  summary: 'The open second-contract products: symbol, duration (s), payout rate, minimum stake, fee rate',
  input: microProductsQuery,
  data: z.array(microProductSchema),
  handler: ({ deps, query }) => listProducts(deps.db, query.symbol),
})

export const microPlaceRoute = defineRoute({
  method: 'POST',
  path: 'micro/order_place',
  summary:
    'Stake an amount on the price rising or falling over a duration: opens at the first feed price received after the order is accepted, settles at the first feed price at or after delivery (voided, stake and fee back, when none comes within 10 s)',
  auth: 'user',
  idempotent: true,
  input: microPlaceInput,
  data: microOrderSchema,
  handler: ({ deps, session, body, idempotencyKey }) =>
    placeMicro(deps, { userId: session.userId, book: session.book, key: idempotencyKey }, body),
})

export const microListRoute = defineRoute({
  path: 'micro/order_list',
  summary: "The caller's second contracts, open or settled, newest first",
  auth: 'user',
  input: microOrderListQuery,
  data: microOrderListSchema,
  handler: ({ deps, session, query }) => listMicro(deps.db, session.userId, session.book, query),
})

export const microDetailRoute = defineRoute({
  path: 'micro/order_detail',
  summary: 'One second contract: open and close price with their feed times, outcome, profit or loss',
  auth: 'user',
  input: idQuery,
  data: microOrderSchema,
  handler: ({ deps, session, query }) => microDetail(deps.db, session.userId, session.book, query.id),
})

export const adminMicroProductSaveRoute = defineRoute({
  method: 'POST',
  path: 'admin/micro_product_save',
  summary: 'Create or change a second-contract product (payout rate, minimum stake, fee rate, enabled)',
  auth: 'operator',
  input: microProductSaveInput,
  data: microProductSchema,
  handler: ({ deps, body }) => saveProduct(deps.db, body),
})

export const adminMicroVoidRoute = defineRoute({
  method: 'POST',
  path: 'admin/micro_void',
  summary: 'Void an open second contract: its stake and fee go back to the user (audited)',
  auth: 'operator',
  input: microVoidInput,
  data: microOrderSchema,
  handler: ({ deps, session, body, ip }) => voidMicro(deps.db, body.id, { operatorId: session.userId, ip }),
})

export const MICRO_ROUTES: readonly ApiRoute[] = [
  microProductsRoute,
  microPlaceRoute,
  microListRoute,
  microDetailRoute,
  adminMicroProductSaveRoute,
  adminMicroVoidRoute,
] as readonly ApiRoute[]
