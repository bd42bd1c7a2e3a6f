import { useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import type { MarketItem } from '../../../common/market'
import { setDealSymbol, type DealArea } from '../../state/deal-symbol'

/**
 * Bottom bar of the K-line page: go on to options (micro), futures (lever) or spot trading with this pair selected
 * in that area (dealSymbol). A button is shown only where the market can be traded (MarketItem.tradable).
 */
export function KlineActions({ market }: { market: MarketItem }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const go = (area: DealArea, to: '/micro' | '/lever' | '/trade') => {
    setDealSymbol(area, market)
    void navigate({ to })
  }
  const { tradable } = market
  if (!tradable.option && !tradable.contract && !tradable.spot) return null
  return (
    <nav className="kline-actions" aria-label={t({ id: 'kline.actions', message: 'Trade this pair' })}>
      {tradable.option && (
        <button type="button" className="kline-actions__btn" onClick={() => go('option', '/micro')}>
          {t({ id: 'kline.toOptions', message: 'Options' })}
        </button>
      )}
      {tradable.contract && (
        <button type="button" className="kline-actions__btn" onClick={() => go('lever', '/lever')}>
          {t({ id: 'kline.toFutures', message: 'Futures' })}
        </button>
      )}
      {tradable.spot && (
        <button
          type="button"
          className="kline-actions__btn kline-actions__btn--primary"
          onClick={() => go('trade', '/trade')}
        >
          {t({ id: 'kline.toSpot', message: 'Buy / Sell' })}
        </button>
      )}
    </nav>
  )
}
