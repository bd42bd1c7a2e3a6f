import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import type { TickerSnapshot } from '../../../common/engine-api'
import { formatChange, formatFundingRate, formatPrice } from '../../lib/format'
import { setDealSymbol } from '../../state/deal-symbol'
import { ChangePill } from './ChangePill'
import { CoinLogo } from './CoinLogo'
import type { Perpetual } from './perpetuals'

/**
 * The Futures list (issue 24 part 1): one row per perpetual open for trading — pair with a "Perp" tag, its estimated
 * funding rate, the server's mark price at the market's price precision ("--" while there is no live mark) and the
 * 24 h change of the pair it follows. A tap opens the futures screen on that pair.
 */
export function PerpetualList({
  rows,
  tickers,
  empty,
}: {
  rows: readonly Perpetual[]
  /** 24 h tickers by symbol (the pair's feed: the perpetual's mark follows it). */
  tickers: ReadonlyMap<string, TickerSnapshot>
  empty?: string
}) {
  const navigate = useNavigate()
  const { i18n } = useLingui()
  const locale = i18n.locale
  return (
    <div className="market-list" data-testid="perpetual-list">
      <div className="market-list__head" aria-hidden="true">
        <span>
          <Trans id="market.colPerpName">Name / Funding rate</Trans>
        </span>
        <span>
          <Trans id="lever.markPrice">Mark price</Trans>
        </span>
        <span>
          <Trans id="market.colChange">24h change</Trans>
        </span>
      </div>
      {rows.length === 0 ? (
        <p className="market-list__empty">{empty}</p>
      ) : (
        <ul className="market-list__rows">
          {rows.map(({ item, ticker }) => {
            const tk = tickers.get(item.extends)
            const change = formatChange(tk?.open, tk?.close, locale)
            return (
              <li key={item.extends}>
                <button
                  type="button"
                  className="market-row"
                  data-testid={`perpetual-${item.extends}`}
                  onClick={() => {
                    setDealSymbol('lever', item)
                    void navigate({ to: '/lever' })
                  }}
                >
                  <span className="market-row__name">
                    <CoinLogo code={item.currency_name} logo={item.logo} />
                    <span className="market-row__pair">
                      <span className="market-row__base">
                        {item.currency_name}
                        <span className="market-row__quote">/{item.legal_name}</span>
                      </span>
                      <span className="market-row__vol">
                        <span className="tag tag--lead">
                          <Trans id="market.perpetual">Perp</Trans>
                        </span>
                        <span className="market-row__vol-label">
                          <Trans id="lever.fundingRate">Funding rate</Trans>{' '}
                        </span>
                        <span className="market-row__vol-value" data-testid="perpetual-funding">
                          {formatFundingRate(ticker.funding_rate, locale)}
                        </span>
                      </span>
                    </span>
                  </span>
                  <span className="market-row__price market-row__price--flat" data-testid="perpetual-mark">
                    {formatPrice(ticker.mark_price, item.price_precision, locale)}
                  </span>
                  <span className="market-row__change">
                    <ChangePill change={change} />
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
