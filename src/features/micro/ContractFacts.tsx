import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { MicroOrder } from '../../../common/api/micro'
import type { MarketItem } from '../../../common/market'
import { formatDateTime, formatUtcDateTime } from '../../lib/dates'
import { pairLabel } from './ContractRow'
import { Countdown } from './Countdown'
import { formatMicroPrice, formatPercent, formatRate } from './format'
import { DIRECTION_LABELS, STATE_LABELS } from './labels'
import './micro-contracts.css'
import { formatMoney, trendOf } from '../../lib/format'

const TREND = { 1: 'up', 0: 'flat', [-1]: 'down' } as const

/**
 * Every field of a contract (spec §3 "Second-contract order"): direction, trading asset, quantity, delivery time,
 * fee, payout rate, open and close time and price, profit/loss, percentage and status. Times in local time; a
 * figure not known yet (close while open) is "--". Each value carries `data-fact` for tests.
 */
export function ContractFacts({ order: o, market }: { order: MicroOrder; market: MarketItem | undefined }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const money = (v: string, signed = false) => `${formatMoney(v, locale, { signed })} ${o.currency}`
  const trend = TREND[trendOf(o.pnl ?? '0')]
  const facts: [key: string, label: string, value: ReactNode][] = [
    [
      'direction',
      t({ id: 'trade.direction', message: 'Direction' }),
      <span className={`mc-tag mc-tag--${o.direction}`}>{i18n._(DIRECTION_LABELS[o.direction])}</span>,
    ],
    ['pair', t({ id: 'micro.tradingAsset', message: 'Trading asset' }), pairLabel(o.symbol, market)],
    ['amount', t({ id: 'micro.quantity', message: 'Quantity' }), money(o.amount)],
    ['delivery', t({ id: 'micro.deliveryTime', message: 'Delivery time' }), formatUtcDateTime(o.delivery_at)],
    ['fee', t({ id: 'funds.fee', message: 'Fee' }), money(o.fee)],
    ['rate', t({ id: 'micro.payoutRate', message: 'Payout rate' }), formatRate(o.payout_rate, locale)],
    ['openTime', t({ id: 'micro.openTime', message: 'Open time' }), formatDateTime(o.open_ts)],
    ['openPrice', t({ id: 'micro.openPrice', message: 'Open price' }), formatMicroPrice(o.open_price, market, locale)],
    [
      'closeTime',
      t({ id: 'micro.closeTime', message: 'Close time' }),
      o.close_ts === null ? '--' : formatDateTime(o.close_ts),
    ],
    [
      'closePrice',
      t({ id: 'micro.closePrice', message: 'Close price' }),
      formatMicroPrice(o.close_price, market, locale),
    ],
    [
      'pnl',
      t({ id: 'micro.pnl', message: 'Profit/loss' }),
      o.pnl === null ? '--' : <span className={`trend--${trend}`}>{money(o.pnl, true)}</span>,
    ],
    [
      'percentage',
      t({ id: 'micro.percentage', message: 'Percentage' }),
      <span className={o.percentage === null ? undefined : `trend--${trend}`}>
        {formatPercent(o.percentage, locale)}
      </span>,
    ],
    [
      'status',
      t({ id: 'micro.status', message: 'Status' }),
      <span className={`mc-state mc-state--${o.status}`}>
        {i18n._(STATE_LABELS[o.status])}
        {o.status === 'open' && (
          <>
            {' · '}
            <Countdown order={o} />
          </>
        )}
      </span>,
    ],
  ]
  return (
    <dl className="mc-facts">
      {facts.map(([key, label, value]) => (
        <div key={key} className="mc-facts__row">
          <dt>{label}</dt>
          <dd data-fact={key}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
