/**
 * Options / second contracts (spec §2 micro and micro-info, §3 "Second-contract order"): the trading screen (pair,
 * live price and chart, durations with payout rates, stake with fee and payout, Rise and Fall, open contracts
 * counting down to their results) and the order history with each order's detail. Only the lazy screens and the
 * products loader are exported: the Options tab's route lives in the tab chunk, which must not carry the screens.
 */
export { MicroInfoScreenLazy, MicroScreenLazy } from './lazy'
export { loadProducts, type ProductsData } from './load-products'
export type { HistoryTab } from './MicroHistory'
