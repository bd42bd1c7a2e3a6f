import { useLingui } from '@lingui/react/macro'
import type { MicroOrder } from '../../../common/api/micro'
import type { MarketItem } from '../../../common/market'
import { formatUtcDateTime } from '../../lib/dates'
import { pairName } from '../markets'
import { Countdown } from './Countdown'
import { formatMicroPrice } from './format'
import { DIRECTION_LABELS, STATE_LABELS } from './labels'
import './micro-contracts.css'
import { formatMoney, trendOf } from '../../lib/format'

const TREND = { 1: 'up', 0: 'flat', [-1]: 'down' } as const

/** "BTC/USDT" from the listed market, else the symbol in capitals. */
export function pairLabel(symbol: string, market: MarketItem | undefined): string {
  return market ? pairName(market) : symbol.toUpperCase()
}

/**
 * One contract in a list: direction, pair and duration; while open its countdown, once settled its result and
 * profit or loss; the stake, the open price (→ close price) and when it was placed. A tap opens its detail.
 */
export function ContractRow({
  order: o,
  market,
  onOpen,
}: {
  order: MicroOrder
  market: MarketItem | undefined
  onOpen: () => void
}) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const seconds = o.duration_s
  return (
    <li>
      <button type="button" className="mc-row" onClick={onOpen} data-testid="micro-row" data-status={o.status}>
        <span className="mc-row__top">
          <span className={`mc-tag mc-tag--${o.direction}`}>{i18n._(DIRECTION_LABELS[o.direction])}</span>
          <span className="mc-row__pair">{pairLabel(o.symbol, market)}</span>
          <span className="mc-row__dur">{t({ id: 'micro.seconds', message: `${seconds}s` })}</span>
          <span className="mc-row__spacer" />
          {o.status === 'open' ? (
            <Countdown order={o} />
          ) : (
            <span className="mc-row__result" data-testid="micro-result">
              <span className={`mc-state mc-state--${o.status}`}>{i18n._(STATE_LABELS[o.status])}</span>{' '}
              <span className={`trend--${TREND[trendOf(o.pnl ?? '0')]}`}>
                {formatMoney(o.pnl ?? '0', locale, { signed: true })}
              </span>
            </span>
          )}
        </span>
        <span className="mc-row__meta">
          <span>
            {formatMoney(o.amount, locale)} {o.currency}
          </span>
          <span className="mc-row__prices">
            {formatMicroPrice(o.open_price, market, locale)}
            {o.close_price !== null && ` → ${formatMicroPrice(o.close_price, market, locale)}`}
          </span>
        </span>
        <time className="mc-row__time">{formatUtcDateTime(o.created_at)}</time>
      </button>
    </li>
  )
}
