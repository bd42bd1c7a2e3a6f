/**
 * A stand-in MarketService for server tests: quotes a fixed list of listings (default: the whole catalogue, like
 * the sim source) and records the options it was started with. No sockets.
 */
import type { DepthTick, TickerTick } from '../../common/feed/messages'
import type { MarketEvent, MarketOptions, MarketService, SourceListing } from '../../server/market/types'
import { CATALOG, catalogListing } from '../../server/market/catalog'

/** The catalogue as a source would list it. */
export const CATALOG_LISTINGS: SourceListing[] = CATALOG.map(catalogListing)

export interface FakeMarketOptions {
  listings?: SourceListing[]
  source?: MarketService['source']
  sourceDetail?: string
  live?: boolean
  port?: number
  /**
   * LIVE_TRADING_ON_TEST_FEED: default true, as the e2e server starts: the server tests place live-book orders on this
   * fake (test) feed. False: live-book orders are refused as on a production server without the live relay.
   */
  liveTradingOnTestFeed?: boolean
  /** MARKET_SOURCE=auto fell back to the simulator: why (common/config `market_fallback`). */
  fallback?: string
}

/** A fake market with its controls for tests. */
export type FakeMarket = MarketService & {
  closed: boolean
  setListings(l: SourceListing[]): void
  /** Hands `e` to the listeners as the hub would (a book becomes `lastBook`). */
  emit(e: MarketEvent): void
  /** How many listeners `onEvent` has now (a test can wait for a caller that waits for the next price). */
  listenerCount(): number
  /** What `priceAt(symbol, ms)` answers from now on: a price at any time, one by time, or none (no candles). */
  setPriceAt(symbol: string, price: number | ((ms: number) => number | undefined) | undefined): void
  /** Emits a ticker of `symbol` whose every price (open, high, low, last, bid, ask) is `close`, stamped now. */
  ticker(symbol: string, close: number): void
}

/** A fake market; `listings` can be swapped later through the returned object's `setListings`. */
export function fakeMarket(opts: FakeMarketOptions = {}): FakeMarket {
  let listings = opts.listings ?? CATALOG_LISTINGS
  const listeners = new Set<(e: MarketEvent) => void>()
  const books = new Map<string, { tick: DepthTick; recorded: boolean | undefined }>()
  const tickers = new Map<string, { tick: TickerTick; ts: number }>()
  const pastPrices = new Map<string, (ms: number) => number | undefined>()
  return {
    source: opts.source ?? 'sim',
    sourceDetail: opts.sourceDetail ?? 'sim (fake)',
    live: opts.live ?? false,
    liveTradingOnTestFeed: opts.liveTradingOnTestFeed ?? true,
    ...(opts.fallback === undefined ? {} : { fallback: opts.fallback }),
    makeup: [],
    port: opts.port ?? 18292,
    closed: false,
    listings: () => listings,
    setListings(l) {
      listings = l
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    lastTicker: (symbol) => tickers.get(symbol)?.tick,
    lastTickerAt: (symbol) => tickers.get(symbol)?.ts,
    lastBook: (symbol) => books.get(symbol),
    priceAt: (symbol, ms) => pastPrices.get(symbol)?.(ms),
    setPriceAt(symbol, price) {
      if (price === undefined) pastPrices.delete(symbol)
      else pastPrices.set(symbol, typeof price === 'number' ? () => price : price)
    },
    listenerCount: () => listeners.size,
    ticker(symbol, close) {
      const tick: TickerTick = {
        open: close,
        high: close,
        low: close,
        close,
        amount: 1,
        vol: close,
        count: 1,
        bid: close,
        bidSize: 1,
        ask: close,
        askSize: 1,
        lastPrice: close,
        lastSize: 1,
      }
      this.emit({ type: 'ticker', symbol, ts: Date.now(), tick })
    },
    emit(e) {
      if (e.type === 'book') books.set(e.symbol, { tick: e.tick, recorded: e.recorded })
      if (e.type === 'ticker') tickers.set(e.symbol, { tick: e.tick, ts: e.ts })
      for (const l of listeners) l(e)
    },
    async close() {
      this.closed = true
    },
  }
}

/** A `startMarket` replacement that returns `fakeMarket(opts)` and remembers its options. */
export function fakeStartMarket(opts: FakeMarketOptions = {}) {
  const calls: MarketOptions[] = []
  const markets: ReturnType<typeof fakeMarket>[] = []
  return {
    calls,
    markets,
    startMarket: async (options: MarketOptions) => {
      calls.push(options)
      const m = fakeMarket(opts)
      markets.push(m)
      return m
    },
  }
}
