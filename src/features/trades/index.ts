/** Latest trades feature: the K-line page's trade list. */
export { LatestTrades, type LatestTradesProps } from './LatestTrades'
export { formatTradeTime } from './trade-time'
export { DerivedTradesNote } from './DerivedTradesNote'
export { tradesMakeup, type TradesMakeup } from './trades-makeup'
