import { Trans, useLingui } from '@lingui/react/macro'
import type { TickerSnapshot } from '../../../common/engine-api'
import type { MarketItem } from '../../../common/market'
import { formatChange, formatPrice, formatVolume } from '../../lib/format'
import { Icon } from '../../ui/Icon'
import { ChangePill } from './ChangePill'
import { CoinLogo } from './CoinLogo'

/** Significant digits of the row's compact volume ("269M", "5230万"): the figure fits 360 px in every language. */
const VOLUME_DIGITS = 3

/**
 * One market: logo, pair (a star when it is a favourite) with its 24 h volume underneath, latest price (market
 * precision, locale grouping) and the quote change pill. The whole row is a button. The word "Vol" before the volume shows only where the row is wide
 * enough in every language (markets.css container query); elsewhere screen readers still read it and the column
 * head says what the figure is.
 */
export function MarketRow({
  item,
  ticker,
  onOpen,
  tagFutures = true,
  favourite = false,
}: {
  item: MarketItem
  ticker: TickerSnapshot | undefined
  onOpen: (item: MarketItem) => void
  tagFutures?: boolean
  /** Starred by the user: a small filled star after the base code. */
  favourite?: boolean
}) {
  const { i18n, t } = useLingui()
  const locale = i18n.locale
  const change = formatChange(ticker?.open, ticker?.close, locale)
  const volume = formatVolume(ticker?.vol, locale, VOLUME_DIGITS)
  return (
    <li>
      <button type="button" className="market-row" onClick={() => onOpen(item)}>
        <span className="market-row__name">
          <CoinLogo code={item.currency_name} logo={item.logo} />
          <span className="market-row__pair">
            <span className="market-row__base">
              {item.currency_name}
              <span className="market-row__quote">/{item.legal_name}</span>
              {favourite && (
                <Icon
                  name="star"
                  size={13}
                  className="fav-mark"
                  label={t({ id: 'market.favourite', message: 'Favourite' })}
                />
              )}
            </span>
            <span className="market-row__vol">
              {tagFutures && item.category === 'futures' && (
                <span className="tag tag--lead">
                  <Trans id="market.perpetual">Perp</Trans>
                </span>
              )}
              <span className="market-row__vol-label">
                <Trans id="market.volLabel">Vol</Trans>{' '}
              </span>
              <span className="market-row__vol-value">{volume}</span>
            </span>
          </span>
        </span>
        <span className={`market-row__price market-row__price--${change.trend}`}>
          {formatPrice(ticker?.close, item.price_precision, locale)}
        </span>
        <span className="market-row__change">
          <ChangePill change={change} />
        </span>
      </button>
    </li>
  )
}
