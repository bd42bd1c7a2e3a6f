import { useLingui } from '@lingui/react/macro'
import type { TickerSnapshot } from '../../../common/engine-api'
import type { MarketItem } from '../../../common/market'
import { formatChange, formatPrice } from '../../lib/format'
import { pairName } from './market-model'

/** Popular markets (popular = true) as cards: pair, latest price, quote change. Scrolls sideways past three. */
export function PopularCards({
  items,
  tickers,
  onOpen,
}: {
  items: readonly MarketItem[]
  tickers: ReadonlyMap<string, TickerSnapshot>
  onOpen: (item: MarketItem) => void
}) {
  const { i18n, t } = useLingui()
  const locale = i18n.locale
  return (
    <ul className="popular" aria-label={t({ id: 'home.popular', message: 'Popular' })}>
      {items.map((item) => {
        const tk = tickers.get(item.extends)
        const change = formatChange(tk?.open, tk?.close, locale)
        return (
          <li key={item.extends}>
            <button type="button" className="popular__card" onClick={() => onOpen(item)}>
              <span className="popular__pair">
                {pairName(item)}
                {item.category === 'futures' && (
                  <span className="tag">{t({ id: 'market.perpetual', message: 'Perp' })}</span>
                )}
              </span>
              <span className={`popular__price trend--${change.trend}`}>
                {formatPrice(tk?.close, item.price_precision, locale)}
              </span>
              <span className={`popular__change trend--${change.trend}`}>{change.text}</span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
