import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { formatUtcDateTime } from '../../lib/dates'
import { Icon } from '../../ui/Icon'
import { formatLeverPrice, formatPercent } from './format'
import { SIDE_LABELS } from './labels'
import type { LivePosition } from './position-math'
import { formatAmount, formatMoney, trendOf } from '../../lib/format'

const TREND = { 1: 'up', 0: 'flat', [-1]: 'down' } as const

/**
 * One open position (spec §3 "Contract position"), live: side, pair, leverage and cross margin; unrealized PnL with
 * its return on margin; size, margin, opening, latest and mark prices, estimated liquidation price, take-profit and
 * stop-loss (a tap changes them), open time; Close. Each figure carries a data-testid for tests.
 */
export function PositionItem({
  row,
  pair,
  base,
  quote,
  precision,
  lastPrice,
  closing,
  onTpsl,
  onClose,
}: {
  row: LivePosition
  /** "BTC/USDT". */
  pair: string
  base: string
  quote: string
  /** Decimals of the pair's prices. */
  precision: number
  /** The pair's latest trade price, null before a ticker. */
  lastPrice: string | null
  closing: boolean
  onTpsl: () => void
  onClose: () => void
}) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const p = row.position
  const leverage = p.leverage
  const price = (v: string | null | undefined) => formatLeverPrice(v, precision, loc)
  const trend = TREND[trendOf(row.upnl ?? '0')]
  const fact = (id: string, label: ReactNode, value: ReactNode) => (
    <div className="lv-pos__fact">
      <dt>{label}</dt>
      <dd data-testid={id}>{value}</dd>
    </div>
  )
  return (
    <li className="lv-pos" data-testid={`position-${p.id}`} data-side={p.side} data-symbol={p.symbol}>
      <div className="lv-pos__head">
        <span className={`lv-side lv-side--${p.side}`}>{t(SIDE_LABELS[p.side])}</span>
        <span className="lv-pos__pair">{pair}</span>
        <span className="lv-tag" data-testid="leverage">
          <Trans id="lever.crossLeverage">Cross {leverage}×</Trans>
        </span>
      </div>
      <div className="lv-pos__pnl">
        <div>
          <span className="lv-pos__label">
            <Trans id="lever.upnlIn">Unrealized PnL ({quote})</Trans>
          </span>
          <span className={`lv-pos__upnl trend--${trend}`} data-testid="upnl">
            {row.upnl === null ? '--' : formatAmount(row.upnl, quote, loc, { signed: true })}
          </span>
        </div>
        <div className="lv-pos__roe-box">
          <span className="lv-pos__label">
            <Trans id="lever.roe">ROE</Trans>
          </span>
          <span className={`lv-pos__roe trend--${trend}`} data-testid="roe">
            {formatPercent(row.roe, loc)}
          </span>
        </div>
      </div>
      <dl className="lv-pos__facts">
        {fact('size', <Trans id="lever.sizeIn">Size ({base})</Trans>, formatMoney(p.amount, loc, { minScale: 0 }))}
        {fact('margin', <Trans id="lever.marginIn">Margin ({quote})</Trans>, formatAmount(p.margin, quote, loc))}
        {fact('open-price', <Trans id="lever.openPrice">Open price</Trans>, price(p.open_price))}
        {fact('last-price', <Trans id="lever.lastPrice">Latest price</Trans>, price(lastPrice))}
        {fact('mark-price', <Trans id="lever.markPrice">Mark price</Trans>, price(row.mark))}
        {fact('liq-price', <Trans id="lever.estLiq">Est. liq. price</Trans>, price(row.liquidation))}
      </dl>
      <button type="button" className="lv-pos__tpsl" onClick={onTpsl} data-testid="tpsl">
        <span className="lv-pos__label">
          <Trans id="lever.tpsl">TP / SL</Trans>
        </span>
        <span className="lv-num">
          <span className="trend--up" data-testid="tp">
            {price(p.tp)}
          </span>
          {' / '}
          <span className="trend--down" data-testid="sl">
            {price(p.sl)}
          </span>
        </span>
        <Icon name="chevronRight" size={16} className="lv-pos__edit" />
      </button>
      <div className="lv-pos__foot">
        <span className="lv-pos__time">
          <Trans id="lever.openTime">Open time</Trans>{' '}
          <span data-testid="open-time">{formatUtcDateTime(p.open_time)}</span>
        </span>
        <button type="button" className="lv-btn lv-btn--close" disabled={closing} onClick={onClose}>
          <Trans id="lever.close">Close</Trans>
        </button>
      </div>
    </li>
  )
}
