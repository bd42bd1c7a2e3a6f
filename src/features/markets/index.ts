/** Market lists and their formatting helpers, shared by Home, Market, the area tabs and the K-line page. */
export {
  formatChange,
  formatDateTime,
  formatPrice,
  formatUtcDateTime,
  formatVolume,
  groupDecimal,
} from '../../lib/format'
export type { ChangeTrend, FormattedChange } from '../../lib/format'
export { ChangePill } from './ChangePill'
export { CoinLogo } from './CoinLogo'
export { FeedAge, FeedStatus } from './FeedStatus'
export { GainList } from './GainList'
export { LoadFailed } from './LoadFailed'
export { MarketList } from './MarketList'
export { PairQuote } from './PairQuote'
export { PopularCards } from './PopularCards'
export { SourceBadge } from './SourceBadge'
export { loadMarkets } from './load-markets'
export type { MarketsData } from './load-markets'
export { gainListMarkets, newestReceivedAt, oldestCachedAt, pairName, rankMarkets, RANKINGS } from './market-model'
export type { Ranking } from './market-model'
export { useNow } from './use-now'
export { useOpenMarket } from './use-open-market'
