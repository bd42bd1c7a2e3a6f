/**
 * Spot trading (spec §2 Trade, issue 11): the order form with its preview and checks, the live mini book, current
 * and history orders with cancel, and an order's fills with the feed events they were priced from.
 */
export { TradeScreen } from './TradeScreen'
export { amountForShare, amountScale, checkOrder, previewOrder, type OrderDraft, type OrderPreview } from './order-math'
export type { AmountProblem, PriceProblem, TypeProblem } from './order-math'
export { amountProblemText, priceProblemText, typeProblemText } from './order-problems'
export { MiniBook } from './MiniBook'
