/**
 * Financial (yield, "mining") products (spec §2 financial, buy-mining, mining-order; §3 "Financial product" and
 * "Financial order"): the product list, subscribing with the expected income, and the user's subscriptions with early
 * redemption.
 */
export { BuyScreen } from './BuyScreen'
export { FinancialScreen } from './FinancialScreen'
export { OrdersScreen } from './OrdersScreen'
export { loadProducts, type ProductsData } from './load-products'
