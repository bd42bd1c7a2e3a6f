import { useLingui } from '@lingui/react/macro'
import { memo } from 'react'
import { parseDecimal, toFixedScale } from '../../../common/amount'
import type { MarketTradeConfig } from '../../../common/api/trade'
import type { BookSnapshot } from '../../../common/engine-api'
import { formatPrice } from '../../lib/format'
import { bookRows, type BookRow } from '../order-book'
import './mini-book.css'

/** Levels shown per side beside the order form. */
const ROWS = 6

/**
 * The live order book beside an order form: asks above (best nearest the middle), the last price (and, for futures,
 * the mark price under it), bids below, each level with a depth bar. Tapping a level hands its price to the form (as
 * the market's price precision allows).
 */
export const MiniBook = memo(function MiniBook({
  book,
  terms,
  lastPrice,
  locale,
  onPick,
  mark,
  lastTestId = 'trade-last-price',
}: {
  book: BookSnapshot | undefined
  terms: Pick<MarketTradeConfig, 'base' | 'quote' | 'price_precision' | 'amount_precision'>
  lastPrice: string | null
  locale: string
  onPick: (price: string) => void
  /** Shown under the last price when given (futures: the mark price; null while it is not known). */
  mark?: string | null
  /** Test id of the last price. */
  lastTestId?: string
}) {
  const { t } = useLingui()
  const { base, quote } = terms
  const { bids, asks } = bookRows(book?.bids ?? [], book?.asks ?? [], ROWS)
  const row = (r: BookRow | undefined, i: number, side: 'bid' | 'ask') =>
    r ? (
      <li key={i}>
        <button
          type="button"
          className={`mini-book__row mini-book__row--${side}`}
          onClick={() => onPick(toFixedScale(parseDecimal(String(r.price)), terms.price_precision, 'half-up'))}
        >
          <span className="mini-book__bar" style={{ transform: `scaleX(${r.depth})` }} aria-hidden="true" />
          <span className={side === 'bid' ? 'trend--up' : 'trend--down'}>
            {formatPrice(r.price, terms.price_precision, locale)}
          </span>
          <span>{formatPrice(r.amount, terms.amount_precision, locale)}</span>
        </button>
      </li>
    ) : (
      <li key={`empty-${i}`} className="mini-book__row mini-book__row--empty" aria-hidden="true" />
    )
  const padded = (rows: BookRow[]) => Array.from({ length: ROWS }, (_, i) => rows[i])
  return (
    <section className="mini-book" aria-label={t({ id: 'trade.book', message: 'Order book' })}>
      <div className="mini-book__head">
        <span>{t({ id: 'orderBook.price', message: `Price (${quote})` })}</span>
        <span>{t({ id: 'orderBook.amount', message: `Amount (${base})` })}</span>
      </div>
      <ul className="mini-book__side" aria-label={t({ id: 'orderBook.asks', message: 'Sell orders' })}>
        {padded(asks)
          .map((r, i) => row(r, i, 'ask'))
          .reverse()}
      </ul>
      {mark === undefined ? (
        <p className="mini-book__last" data-testid={lastTestId}>
          {formatPrice(lastPrice, terms.price_precision, locale)}
        </p>
      ) : (
        <div className="mini-book__mid">
          <p className="mini-book__last" data-testid={lastTestId}>
            {formatPrice(lastPrice, terms.price_precision, locale)}
          </p>
          <p className="mini-book__mark" title={t({ id: 'lever.markPrice', message: 'Mark price' })}>
            {t({ id: 'lever.markShort', message: 'Mark' })} {formatPrice(mark, terms.price_precision, locale)}
          </p>
        </div>
      )}
      <ul className="mini-book__side" aria-label={t({ id: 'orderBook.bids', message: 'Buy orders' })}>
        {padded(bids).map((r, i) => row(r, i, 'bid'))}
      </ul>
    </section>
  )
})
