/** Latest trades feature: the K-line page's trade list. */
export { LatestTrades, type LatestTradesProps } from './LatestTrades'
export { formatTradeTime } from './trade-time'
