import { memo, useEffect, useMemo, useRef } from 'react'
import { feedDecimal, MarkPrice, type Mark } from '../../../common/trading/mark-price'
import { useBook, useTickers, useTrades } from '../../engine'

/** Ticker interval of a mark feed, ms: the ticker only stands in for the last price until a trade is seen. */
const TICKER_MS = 1000

/**
 * Computes the mark price of each symbol in `symbols` on this page, as the server does (common/trading/mark-price.ts:
 * median of the book's mid, the last trade and a 30 s EMA of the mid), from the engine's book, trades and ticker
 * snapshots. Renders nothing; `onMark` gets each new mark (only when its price moved).
 * @param scaleOf decimals of a symbol's mark: its price precision plus 2, as the server keeps it
 */
export const MarkFeeds = memo(function MarkFeeds({
  symbols,
  scaleOf,
  onMark,
}: {
  symbols: readonly string[]
  scaleOf: (symbol: string) => number
  onMark: (symbol: string, mark: Mark) => void
}) {
  return symbols.map((s) => <MarkFeed key={`${s}|${scaleOf(s)}`} symbol={s} scale={scaleOf(s)} onMark={onMark} />)
})

/** One symbol's mark; remounted (a fresh EMA) when the symbol or its scale changes. */
function MarkFeed({
  symbol,
  scale,
  onMark,
}: {
  symbol: string
  scale: number
  onMark: (symbol: string, mark: Mark) => void
}) {
  const board = useRef<{ mark: MarkPrice; last: string } | null>(null)
  const book = useBook(symbol, 1)
  const trades = useTrades(symbol, 1)
  const ticker = useTickers(
    useMemo(() => [symbol], [symbol]),
    TICKER_MS,
  ).get(symbol)
  useEffect(() => {
    const b = (board.current ??= { mark: new MarkPrice(scale), last: '' })
    // One effect feeds all three: a snapshot fed again changes nothing (the same mid and last, no EMA step at the
    // same time), and a cached ticker (an old close) never stands in for the last price.
    if (ticker?.origin === 'live') {
      const close = feedDecimal(ticker.close)
      if (close) b.mark.onTicker(close, ticker.ts)
    }
    const trade = trades?.trades[0]
    const price = trade && feedDecimal(trade.price)
    if (trade && price) b.mark.onTrade(price, trade.ts)
    const bid = book?.bids[0] && feedDecimal(book.bids[0][0])
    const ask = book?.asks[0] && feedDecimal(book.asks[0][0])
    if (book && bid && ask) b.mark.onBook(bid, ask, book.ts)
    const m = b.mark.mark()
    if (!m || m.price === b.last) return
    b.last = m.price
    onMark(symbol, m)
  }, [book, trades, ticker, symbol, scale, onMark])
  return null
}
