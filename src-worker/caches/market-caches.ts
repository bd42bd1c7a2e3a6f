/**
 * The four caches together, and the one place a decoded push is applied to them. Pure: the engine and the
 * decode benchmark share this path.
 */
import type { Push } from '../codec/decode'
import { CandleCache } from './candles'
import { OrderBookCache } from './order-book'
import { TickerCache } from './tickers'
import { TradeCache } from './trades'

export class MarketCaches {
  readonly tickers = new TickerCache()
  readonly books = new OrderBookCache()
  readonly candles = new CandleCache()
  readonly trades = new TradeCache()

  /**
   * Applies one push. @returns what changed (for dirty marking), or undefined when the push was stale or a
   * duplicate and was dropped.
   */
  apply(push: Push, receivedAt: number): Push['channel'] | undefined {
    switch (push.channel) {
      case 'ticker':
        return this.tickers.apply(push.symbol, push.tick, push.ts, receivedAt) ? 'ticker' : undefined
      case 'depth':
        return this.books.apply(push.symbol, push.tick, receivedAt) ? 'depth' : undefined
      case 'kline':
        this.candles.applyLive(push.symbol, push.period, [push.tick], receivedAt)
        return 'kline'
      case 'trade':
        return this.trades.apply(push.symbol, push.trades, receivedAt) > 0 ? 'trade' : undefined
    }
  }

  /** After a reconnect a restarted server may restart versions and clocks: accept whatever comes next. */
  allowAnyNext(): void {
    this.tickers.allowAnyNext()
    this.books.allowAnyNext()
  }
}
