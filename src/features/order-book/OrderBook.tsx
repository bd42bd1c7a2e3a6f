import { Trans, useLingui } from '@lingui/react/macro'
import { memo, type ReactNode } from 'react'
import type { BookSnapshot } from '../../../common/engine-api'
import { formatPrice } from '../../lib/format'
import { bookRows, type BookRow } from './book-rows'
import './order-book.css'

export interface OrderBookProps {
  book: BookSnapshot | undefined
  /** Decimals of prices (quote currency) and amounts (base currency). */
  pricePrecision: number
  amountPrecision: number
  /** Base and quote currency codes for the column heads ("BTC", "USDT"). */
  base: string
  quote: string
  locale: string
  /** Levels per side (default 15). */
  rows?: number
  /** A line about the book's freshness shown above it (the K-line page's FeedAge: offline, and how old). */
  notice?: ReactNode
  /** No book and none coming (offline, server unreachable): no "Loading order book…", the notice says why. */
  unavailable?: boolean
}

/**
 * Order book as two columns: buy (bids, best first) on the left and sell (asks, best first) on the right, each row
 * with a depth bar of the cumulative amount. Prices at market precision, grouped by locale.
 */
export const OrderBook = memo(function OrderBook(props: OrderBookProps) {
  const { book, pricePrecision, amountPrecision, base, quote, locale, rows = 15, notice, unavailable } = props
  const { t } = useLingui()
  const { bids, asks } = bookRows(book?.bids ?? [], book?.asks ?? [], rows)
  const fmt = (r: BookRow) => [
    formatPrice(r.price, pricePrecision, locale),
    formatPrice(r.amount, amountPrecision, locale),
  ]
  const row = (r: BookRow | undefined, i: number, side: 'bid' | 'ask') => {
    if (!r) return <li key={`empty-${i}`} className="order-book__row" aria-hidden="true" />
    const [price, amount] = fmt(r)
    return (
      <li key={i} className={`order-book__row order-book__row--${side}`}>
        <span className="order-book__bar" style={{ transform: `scaleX(${r.depth})` }} aria-hidden="true" />
        {side === 'bid' ? (
          <>
            <span>{amount}</span>
            <span className="trend--up">{price}</span>
          </>
        ) : (
          <>
            <span className="trend--down">{price}</span>
            <span>{amount}</span>
          </>
        )}
      </li>
    )
  }
  const indices = Array.from({ length: rows }, (_, i) => i)
  const amountHead = t({ id: 'orderBook.amount', message: `Amount (${base})` })
  const priceHead = t({ id: 'orderBook.price', message: `Price (${quote})` })
  return (
    <section className="order-book" data-origin={book?.origin}>
      {notice}
      <div className="order-book__cols">
        <span>{amountHead}</span>
        <span>{priceHead}</span>
        <span>{priceHead}</span>
        <span>{amountHead}</span>
      </div>
      {book === undefined ? (
        !unavailable && (
          <p className="order-book__empty">
            <Trans id="orderBook.loading">Loading order book…</Trans>
          </p>
        )
      ) : (
        <div className="order-book__sides">
          <ul aria-label={t({ id: 'orderBook.bids', message: 'Buy orders' })}>
            {indices.map((i) => row(bids[i], i, 'bid'))}
          </ul>
          <ul aria-label={t({ id: 'orderBook.asks', message: 'Sell orders' })}>
            {indices.map((i) => row(asks[i], i, 'ask'))}
          </ul>
        </div>
      )}
    </section>
  )
})
