/**
 * The feed event a money change cites (common/api/trade FeedEvent; spot/fills.ts FeedEventRecord, the price exact): what moved the money, from which source, when and
 * at what price. One builder for a trade print, used by every path that fills or values at a print (the spot matcher,
 * futures entrusts and reduce-only orders, the mark price).
 */
import type { DecimalString } from '../../common/amount'
import type { MarketSourceKind } from '../../common/api/public'
import type { TradeItem } from '../../common/feed/messages'
import type { FeedEventRecord } from './spot/fills'

/**
 * The event of print `trade` of `symbol` (topic `market.<symbol>.trade.detail`, ref `trade:<tradeId>`, its feed time
 * in ms) at `price` (the print's price read exactly, feedDecimal); `recorded` as the batch says (null: unknown).
 */
export function tradeEvent(
  source: MarketSourceKind,
  symbol: string,
  trade: Pick<TradeItem, 'ts' | 'tradeId'>,
  price: DecimalString,
  recorded: boolean | undefined,
): FeedEventRecord {
  return {
    source,
    topic: `market.${symbol}.trade.detail`,
    ts: trade.ts,
    price,
    ref: `trade:${trade.tradeId}`,
    recorded: recorded ?? null,
  }
}
