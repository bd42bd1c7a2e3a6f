/**
 * Picks what goes to IndexedDB from the caches: all tickers, the viewed books, the viewed candle series and the latest
 * trades of the viewed trade lists.
 */
import type { KlinePeriod } from '../../common/feed/topics'
import type { MarketCaches } from '../caches/market-caches'
import { LIMITS, type StoredBook, type StoredCandles, type StoredTrades } from './records'
import type { PersistData } from './snapshot-store'

/**
 * @param books symbols of the last viewed books, newest first
 * @param series `symbol|period` keys of the last viewed candle series, newest first
 * @param tradeSymbols symbols of the last viewed trade lists, newest first
 */
export function collectForStore(
  caches: MarketCaches,
  books: string[],
  series: string[],
  tradeSymbols: string[] = [],
): PersistData {
  const storedBooks: StoredBook[] = []
  for (const symbol of books.slice(0, LIMITS.books)) {
    const b = caches.books.get(symbol)
    if (!b) continue
    const n = LIMITS.bookLevels
    storedBooks.push({
      symbol,
      bids: b.bids.slice(0, n),
      asks: b.asks.slice(0, n),
      version: b.version,
      ts: b.ts,
      receivedAt: b.receivedAt,
    })
  }
  const storedCandles: StoredCandles[] = []
  for (const key of series.slice(0, LIMITS.candles)) {
    const [symbol = '', period] = key.split('|') as [string, KlinePeriod]
    const e = caches.candles.get(symbol, period)
    if (!e || e.series.length === 0) continue
    storedCandles.push({
      symbol: e.symbol,
      period: e.period,
      bars: e.series.bars(LIMITS.bars),
      receivedAt: e.receivedAt,
    })
  }
  const storedTrades: StoredTrades[] = []
  for (const symbol of tradeSymbols.slice(0, LIMITS.trades)) {
    const l = caches.trades.latest(symbol, LIMITS.tradeItems)
    if (l && l.trades.length > 0) storedTrades.push({ symbol, trades: l.trades, receivedAt: l.receivedAt })
  }
  const tickers = caches.tickers.all().slice(0, LIMITS.tickers)
  return { tickers, books: storedBooks, candles: storedCandles, trades: storedTrades }
}
