/** Market lists and their formatting helpers, shared by Home, Market, the area tabs and the K-line page. */
export { formatChange, formatPrice, formatVolume, groupDecimal } from '../../lib/format'
export type { ChangeTrend, FormattedChange } from '../../lib/format'
export { ChangePill } from './ChangePill'
export { CoinLogo } from './CoinLogo'
export { FeedAge, FeedStatus } from './FeedStatus'
export { GainList } from './GainList'
export { LoadFailed } from './LoadFailed'
export { MarketList } from './MarketList'
export { PairQuote } from './PairQuote'
export { PopularCards } from './PopularCards'
export { SourceBadge, type PriceSource } from './SourceBadge'
export { loadMarkets } from './load-markets'
export type { MarketsData } from './load-markets'
export {
  gainListMarkets,
  matchesQuery,
  newestReceivedAt,
  oldestCachedAt,
  pairName,
  rankMarkets,
  RANKINGS,
} from './market-model'
export type { Ranking } from './market-model'
export { useNow } from './use-now'
export { useRelativeFormat } from './use-relative-format'
export { useOpenMarket } from './use-open-market'
export { PairSheet } from './PairSheet'
export { TradePairBar } from './TradePairBar'
export { LivePausedNote } from './LivePausedNote'
export { MarketSearch } from './MarketSearch'
export { FavouriteStar } from './FavouriteStar'
export { PerpetualList } from './PerpetualList'
export { isListedMarket, perpetualRows } from './perpetuals'
export type { Perpetual } from './perpetuals'
export { usePerpetuals, PERPETUALS_REFRESH_MS } from './use-perpetuals'
export type { PerpetualsState } from './use-perpetuals'
