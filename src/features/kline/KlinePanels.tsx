import { useLingui } from '@lingui/react/macro'
import { Suspense, useState } from 'react'
import type { MarketItem } from '../../../common/market'
import { useBook, useTrades } from '../../engine'
import { Spinner } from '../../ui/Spinner'
import { Tabs } from '../../ui/Tabs'
import { FeedAge } from '../markets'
import { OrderBook } from '../order-book'
import { LatestTrades } from '../trades'
import { DepthChartLazy } from './lazy'
import { useFeedUnreachable } from './use-feed-state'

type Panel = 'book' | 'trades' | 'depth'

/** Levels per side: shown in the order book, and fetched for the depth chart. */
const BOOK_ROWS = 15
const DEPTH_LEVELS = 100

/**
 * The K-line page's lower half: Order book / Latest trades / Depth tabs. Only the open tab subscribes to its feed,
 * so its snapshots re-render only that panel. Offline or with the server down, the book and trades kept on the
 * device show under a line saying how old they are, or that there are none yet.
 */
export function KlinePanels({ market }: { market: MarketItem }) {
  const { t } = useLingui()
  const [panel, setPanel] = useState<Panel>('book')
  const tabs: { value: Panel; label: string }[] = [
    { value: 'book', label: t({ id: 'kline.tabBook', message: 'Order book' }) },
    { value: 'trades', label: t({ id: 'kline.tabTrades', message: 'Latest trades' }) },
    { value: 'depth', label: t({ id: 'kline.tabDepth', message: 'Depth' }) },
  ]
  return (
    <section className="kline-panels">
      <Tabs tabs={tabs} value={panel} onChange={setPanel} />
      {panel === 'book' && <BookPanel market={market} />}
      {panel === 'trades' && <TradesPanel market={market} />}
      {panel === 'depth' && <DepthPanel market={market} />}
    </section>
  )
}

function useMarketProps(market: MarketItem) {
  const { i18n } = useLingui()
  return {
    pricePrecision: market.price_precision,
    amountPrecision: market.amount_precision,
    base: market.currency_name,
    quote: market.legal_name,
    locale: i18n.locale,
  }
}

function BookPanel({ market }: { market: MarketItem }) {
  const book = useBook(market.extends, BOOK_ROWS)
  const unreachable = useFeedUnreachable()
  return (
    <OrderBook
      book={book}
      rows={BOOK_ROWS}
      notice={(book || unreachable) && <FeedAge newest={book?.receivedAt ?? null} />}
      unavailable={unreachable}
      {...useMarketProps(market)}
    />
  )
}

function TradesPanel({ market }: { market: MarketItem }) {
  const trades = useTrades(market.extends, 20)
  const unreachable = useFeedUnreachable()
  return (
    <LatestTrades
      trades={trades}
      symbol={market.extends}
      rows={20}
      notice={(trades || unreachable) && <FeedAge newest={trades?.receivedAt ?? null} />}
      unavailable={unreachable}
      {...useMarketProps(market)}
    />
  )
}

function DepthPanel({ market }: { market: MarketItem }) {
  const { t } = useLingui()
  const book = useBook(market.extends, DEPTH_LEVELS)
  const props = useMarketProps(market)
  const fallback = (
    <div className="kline-chart-fallback" style={{ height: 220 }}>
      <Spinner />
    </div>
  )
  return (
    <div className="kline-depth">
      <div className="kline-depth__legend">
        <span className="kline-depth__key kline-depth__key--bid">{t({ id: 'kline.depthBids', message: 'Buy' })}</span>
        <span className="kline-depth__key kline-depth__key--ask">{t({ id: 'kline.depthAsks', message: 'Sell' })}</span>
      </div>
      <Suspense fallback={fallback}>
        {book ? <DepthChartLazy bids={book.bids} asks={book.asks} {...props} /> : fallback}
      </Suspense>
    </div>
  )
}
