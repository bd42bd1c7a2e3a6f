import { Trans, useLingui } from '@lingui/react/macro'
import { memo, type ReactNode } from 'react'
import type { TradesSnapshot } from '../../../common/engine-api'
import { formatPrice } from '../../lib/format'
import { DerivedTradesNote } from './DerivedTradesNote'
import { formatTradeTime } from './trade-time'
import './trades.css'

export interface LatestTradesProps {
  trades: TradesSnapshot | undefined
  /** Decimals of prices (quote currency) and amounts (base currency). */
  pricePrecision: number
  amountPrecision: number
  base: string
  quote: string
  locale: string
  /** Most rows shown (default 20). */
  rows?: number
  /** A line about the list's freshness shown above it (the K-line page's FeedAge: offline, and how old). */
  notice?: ReactNode
  /** No trades and none coming (offline, server unreachable): no "Loading trades…", the notice says why. */
  unavailable?: boolean
  /**
   * Feed symbol of the list (`btcusdt`, `BTC-USDT`; default the snapshot's): when the replay derives its trades from
   * candles (common/config `market_feed`), a line above the list says so.
   */
  symbol?: string
}

/**
 * Latest trades, newest first: time (HH:mm:ss, local), price coloured by taker side (buy up, sell down), amount;
 * under a line saying they are derived from candles when they are.
 */
export const LatestTrades = memo(function LatestTrades(props: LatestTradesProps) {
  const { trades, pricePrecision, amountPrecision, base, quote, locale, rows = 20, notice, unavailable, symbol } = props
  const { t } = useLingui()
  const list = trades?.trades.slice(0, rows) ?? []
  return (
    <section className="trades" data-origin={trades?.origin}>
      {notice}
      <DerivedTradesNote symbol={symbol ?? trades?.symbol} />
      <div className="trades__row trades__row--head">
        <span>{t({ id: 'trades.time', message: 'Time' })}</span>
        <span>{t({ id: 'trades.price', message: `Price (${quote})` })}</span>
        <span>{t({ id: 'trades.amount', message: `Amount (${base})` })}</span>
      </div>
      {trades === undefined ? (
        !unavailable && (
          <p className="trades__empty">
            <Trans id="trades.loading">Loading trades…</Trans>
          </p>
        )
      ) : list.length === 0 ? (
        <p className="trades__empty">
          <Trans id="trades.none">No trades yet</Trans>
        </p>
      ) : (
        <ul>
          {list.map((tr) => (
            <li key={tr.tradeId} className="trades__row">
              <span>{formatTradeTime(tr.ts)}</span>
              <span className={tr.direction === 'buy' ? 'trend--up' : 'trend--down'}>
                {formatPrice(tr.price, pricePrecision, locale)}
              </span>
              <span>{formatPrice(tr.amount, amountPrecision, locale)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
})
