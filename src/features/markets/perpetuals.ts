/**
 * The perpetuals of the Market tab's Futures list (issue 24 part 1): the markets GET contract/tickers answers as open
 * for futures trading, joined with their listing (logo, precisions). Only these are futures rows anywhere in the app;
 * the feed's own swap listings (category `futures`, `BTC-USDT`) quote another series that the venue does not trade
 * at, so no list shows them.
 */
import type { ContractTicker, ContractTickers } from '../../../common/api/contract'
import type { MarketItem } from '../../../common/market'

/** One futures row: the pair's listing and its contract ticker (mark price, funding). */
export interface Perpetual {
  item: MarketItem
  ticker: ContractTicker
}

/** The rows of `answer` in its order, each with its listing; a contract symbol not listed is left out. */
export function perpetualRows(items: readonly MarketItem[], answer: ContractTickers | null): Perpetual[] {
  if (!answer) return []
  const bySymbol = new Map(items.map((i) => [i.extends, i]))
  return answer.list.flatMap((ticker) => {
    const item = bySymbol.get(ticker.symbol)
    return item ? [{ item, ticker }] : []
  })
}

/**
 * True for a market the lists show as itself: spot and forex. The feed's swap listings are not traded (the
 * perpetual of a pair is its spot symbol's contract, shown as a Perpetual row).
 */
export function isListedMarket(item: Pick<MarketItem, 'category'>): boolean {
  return item.category !== 'futures'
}
