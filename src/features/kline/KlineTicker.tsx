import { useLingui } from '@lingui/react/macro'
import type { TickerSnapshot } from '../../../common/engine-api'
import type { MarketItem } from '../../../common/market'
import { formatChange, formatPrice, formatVolume } from '../../lib/format'
import { FavouriteStar } from '../markets'
import { AlertButton } from '../notify'

/**
 * The K-line page's quote block: last price in the colour of its 24 h change, the change, and the 24 h high, low,
 * volume (base currency) and turnover (quote currency) from the ticker. "--" until the first ticker. The star adds the
 * market to the user's favourites, the bell opens its price alerts.
 */
export function KlineTicker({ market, ticker }: { market: MarketItem; ticker: TickerSnapshot | undefined }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const p = market.price_precision
  const base = market.currency_name
  const quote = market.legal_name
  const change = formatChange(ticker?.open, ticker?.close, locale)
  const stats: [string, string][] = [
    [t({ id: 'kline.high24h', message: '24h High' }), formatPrice(ticker?.high, p, locale)],
    [t({ id: 'kline.low24h', message: '24h Low' }), formatPrice(ticker?.low, p, locale)],
    [t({ id: 'kline.vol24h', message: `24h Vol (${base})` }), formatVolume(ticker?.amount, locale)],
    [t({ id: 'kline.turnover24h', message: `24h Turnover (${quote})` }), formatVolume(ticker?.vol, locale)],
  ]
  return (
    <section className="kline-ticker">
      <div className="kline-ticker__main">
        <div className={`kline-ticker__price trend--${change.trend}`} data-testid="kline-last-price">
          {formatPrice(ticker?.close, p, locale)}
        </div>
        <div className="kline-ticker__change">
          <span className={`trend--${change.trend}`}>{change.text}</span>
          <span className="kline-ticker__quote">{market.legal_name}</span>
          <FavouriteStar symbol={market.extends} />
          <AlertButton market={market} last={ticker?.close} />
        </div>
      </div>
      <dl className="kline-ticker__stats">
        {stats.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
