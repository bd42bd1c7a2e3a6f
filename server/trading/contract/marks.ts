/**
 * The mark price of every listed market, kept from the feed as it arrives (common/trading/mark-price.ts), with the
 * feed event that last moved each one: what futures are valued, triggered and liquidated at. One board per process;
 * every process computes the same marks from the same events.
 */
import type { MarketSourceKind } from '../../../common/api/public'
import type { FeedEvent } from '../../../common/api/trade'
import { feedDecimal, MarkPrice, type Mark } from '../../../common/trading/mark-price'
import type { MarketEvent, MarketService } from '../../market/types'
import { tradeEvent } from '../feed-events'

/** Decimals a mark keeps beyond the market's price precision. */
export const MARK_EXTRA_DECIMALS = 2

/** A mark with the feed event that produced it (its `price` is the event's own price: a mid, trade or close). */
export interface MarkSnapshot extends Mark {
  symbol: string
  event: FeedEvent
}

/** The running board. */
export interface MarkBoard {
  /** The latest mark of `symbol`, or undefined before its first book. */
  mark(symbol: string): MarkSnapshot | undefined
  /** Calls `listener` after every event that may have moved a mark. Returns the removal. */
  onMark(listener: (m: MarkSnapshot) => void): () => void
  stop(): void
}

/**
 * The part every board shares: the last mark per symbol and its listeners. `set` stores a new mark and tells them;
 * `board(stop)` is the MarkBoard over it, `stop` run before the listeners are dropped.
 */
export function markKeeper(): { set(m: MarkSnapshot): void; board(stop: () => void): MarkBoard } {
  const last = new Map<string, MarkSnapshot>()
  const listeners = new Set<(m: MarkSnapshot) => void>()
  return {
    set(m) {
      last.set(m.symbol, m)
      for (const l of listeners) l(m)
    },
    board: (stop) => ({
      mark: (symbol) => last.get(symbol),
      onMark(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      stop: () => {
        stop()
        listeners.clear()
      },
    }),
  }
}

/** Starts a board on `market`'s events. */
export function startMarkBoard(market: Pick<MarketService, 'source' | 'onEvent' | 'listings'>): MarkBoard {
  const prices = new Map<string, MarkPrice>()
  const keeper = markKeeper()
  const precision = new Map(market.listings().map((l) => [l.symbol, l.price_precision]))
  const board = (symbol: string) => {
    let p = prices.get(symbol)
    if (!p) prices.set(symbol, (p = new MarkPrice((precision.get(symbol) ?? 8) + MARK_EXTRA_DECIMALS)))
    return p
  }
  const publish = (symbol: string, event: FeedEvent) => {
    const m = prices.get(symbol)?.mark()
    if (!m) return
    keeper.set({ ...m, symbol, event })
  }
  const source: MarketSourceKind = market.source
  const unlisten = market.onEvent((e: MarketEvent) => {
    const p = board(e.symbol)
    if (e.type === 'book') {
      const bid = e.tick.bids[0]
      const ask = e.tick.asks[0]
      const bidPrice = bid && feedDecimal(bid[0])
      const askPrice = ask && feedDecimal(ask[0])
      if (!bidPrice || !askPrice) return
      p.onBook(bidPrice, askPrice, e.tick.ts)
      const mid = p.mark()?.mid
      if (!mid) return
      publish(e.symbol, {
        source,
        topic: `market.${e.symbol}.depth.step0`,
        ts: e.tick.ts,
        price: mid,
        ref: `book:${e.tick.version}`,
        recorded: e.recorded ?? null,
      })
    } else if (e.type === 'trades') {
      if (e.trades.length === 0) return
      const t = e.trades.reduce((a, b) => (b.ts > a.ts || (b.ts === a.ts && b.tradeId > a.tradeId) ? b : a))
      const price = feedDecimal(t.price)
      if (!price) return
      p.onTrade(price, t.ts)
      publish(e.symbol, tradeEvent(source, e.symbol, t, price, e.recorded))
    } else if (e.type === 'ticker') {
      const close = feedDecimal(e.tick.close)
      if (close) p.onTicker(close, e.ts)
    }
  })
  return keeper.board(unlisten)
}

const boards = new WeakMap<object, MarkBoard>()

/**
 * The board of `market`, started on first use and shared by everything of this process that reads marks (the API's
 * views and checks, the risk engine), so they all see the same mark.
 */
export function marksFor(market: Pick<MarketService, 'source' | 'onEvent' | 'listings'>): MarkBoard {
  let board = boards.get(market)
  if (!board) boards.set(market, (board = startMarkBoard(market)))
  return board
}

/**
 * Makes `board` what `marksFor(market)` answers from now on (a process that follows ingest's marks over NATS,
 * server/bus/marks.ts `followMarks`). Call before anything reads marks; a board `marksFor` had started is stopped.
 */
export function useMarkBoard(market: object, board: MarkBoard): void {
  boards.get(market)?.stop()
  boards.set(market, board)
}
