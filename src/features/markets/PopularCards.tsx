import { useLingui } from '@lingui/react/macro'
import type { CSSProperties } from 'react'
import type { TickerSnapshot } from '../../../common/engine-api'
import type { MarketItem } from '../../../common/market'
import { formatChange, formatPrice } from '../../lib/format'
import { pairName } from './market-model'

/**
 * Width of a price in em of its bold tabular digits: ~0.57 em per digit and ~0.29 em per separator (measured on the
 * app's font at weight 700), with 5 % to spare for other fonts. The card's CSS sizes the price to
 * min(16 px, card width / this), so "104,250.50" stays whole on a 360 px phone (cards ~73 px wide inside) and keeps
 * 16 px where the card is wide enough.
 */
export function priceEm(text: string): number {
  let em = 0
  for (const ch of text) em += /[0-9]/.test(ch) ? 0.57 : /[.,'\s\u00a0\u202f]/.test(ch) ? 0.29 : 0.6
  return Math.max(1, em * 1.05)
}

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
        const price = formatPrice(tk?.close, item.price_precision, locale)
        return (
          <li key={item.extends}>
            <button type="button" className="popular__card" onClick={() => onOpen(item)}>
              <span className="popular__pair">
                {pairName(item)}
                {item.category === 'futures' && (
                  <span className="tag">{t({ id: 'market.perpetual', message: 'Perp' })}</span>
                )}
              </span>
              <span
                className={`popular__price trend--${change.trend}`}
                style={{ '--price-em': priceEm(price).toFixed(2) } as CSSProperties}
              >
                {price}
              </span>
              <span className={`popular__change trend--${change.trend}`}>{change.text}</span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
