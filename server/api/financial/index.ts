/**
 * The financial (yield, "mining") calls (issue 12 part 2): the products (public), subscribing and early redemption
 * (Idempotency-Key), the caller's subscriptions, and the operator's products. The financial clock (its test offset,
 * server/trading/earn/clock.ts) stamps purchases and decides what is due.
 */
import { z } from 'zod'
import {
  financialBuyInput,
  financialOrderListQuery,
  financialOrderListSchema,
  financialOrderSchema,
  financialProductAdminSchema,
  financialProductSaveInput,
  financialProductSchema,
  financialRedeemInput,
} from '../../../common/api/financial'
import type { Db } from '../../db/client'
import { buyFinancial, type EarnDeps } from '../../trading/earn/buy'
import { earnClock } from '../../trading/earn/clock'
import { listAllProducts, listProducts, saveFinancialProduct } from '../../trading/earn/products'
import { redeemFinancial } from '../../trading/earn/redeem'
import { listOrders } from '../../trading/earn/views'
import { defineRoute, type ApiRoute } from '../route'

const earn = (db: Db): EarnDeps => ({ db, now: earnClock(db) })

export const financialProductsRoute = defineRoute({
  path: 'financial/products',
  summary:
    'The products open to subscription: name (in the request language), currency, daily and annual rate (fractions; annual = daily × 365, simple), cycle in days, subscription minimum and maximum, early-redemption fee rate',
  data: z.array(financialProductSchema),
  handler: ({ deps, locale }) => listProducts(deps.db, locale),
})

export const financialBuyRoute = defineRoute({
  method: 'POST',
  path: 'financial/buy',
  summary:
    'Subscribe an amount (within the product minimum and maximum) from the spot wallet: frozen until expiry, income credited daily',
  auth: 'user',
  idempotent: true,
  input: financialBuyInput,
  data: financialOrderSchema,
  handler: ({ deps, session, body, locale, idempotencyKey }) =>
    buyFinancial(earn(deps.db), { userId: session.userId, book: session.book, key: idempotencyKey }, locale, body),
})

export const financialOrdersRoute = defineRoute({
  path: 'financial/orders',
  summary: "The caller's subscriptions, in progress or redeemed, newest first, with income so far",
  auth: 'user',
  input: financialOrderListQuery,
  data: financialOrderListSchema,
  handler: ({ deps, session, query, locale }) => listOrders(deps.db, session.userId, session.book, locale, query),
})

export const financialRedeemRoute = defineRoute({
  method: 'POST',
  path: 'financial/redeem',
  summary:
    "Redeem one of the caller's subscriptions before expiry: the principal back to the spot wallet less principal × the early-redemption fee rate",
  auth: 'user',
  idempotent: true,
  input: financialRedeemInput,
  data: financialOrderSchema,
  handler: ({ deps, session, body, locale, idempotencyKey }) =>
    redeemFinancial(earn(deps.db), { userId: session.userId, book: session.book, key: idempotencyKey }, locale, body),
})

export const adminFinancialProductsRoute = defineRoute({
  path: 'admin/financial_products',
  summary: 'Every financial product, open or closed, with its names in each language',
  auth: 'operator',
  data: z.array(financialProductAdminSchema),
  handler: ({ deps }) => listAllProducts(deps.db),
})

export const adminFinancialProductSaveRoute = defineRoute({
  method: 'POST',
  path: 'admin/financial_product_save',
  summary:
    'Create (no id) or change a financial product: names, currency, daily rate, cycle days, bounds, early fee rate, open or closed',
  auth: 'operator',
  input: financialProductSaveInput,
  data: financialProductAdminSchema,
  handler: ({ deps, body }) => saveFinancialProduct(deps.db, body),
})

export const FINANCIAL_ROUTES: readonly ApiRoute[] = [
  financialProductsRoute,
  financialBuyRoute,
  financialOrdersRoute,
  financialRedeemRoute,
  adminFinancialProductsRoute,
  adminFinancialProductSaveRoute,
] as readonly ApiRoute[]
