import { Trans, useLingui } from '@lingui/react/macro'
import type { TickerSnapshot } from '../../../common/engine-api'
import type { DealSymbol, MarketItem } from '../../../common/market'
import { formatPrice } from '../../lib/format'
import { TradePairBar } from '../markets'

/**
 * The futures pair (dealSymbol.lever) with its latest price and 24 h change, and its mark price (what positions are
 * valued, triggered and liquidated at), each labelled; a tap on the pair offers the other futures pairs, a button
 * opens its K-line page. The feed's state line when it is down.
 */
export function LeverPairBar({
  pair,
  choices,
  tickers,
  mark,
  precision,
}: {
  pair: DealSymbol
  choices: readonly MarketItem[]
  /** The pair's ticker (a map, for the feed's state line). */
  tickers: ReadonlyMap<string, TickerSnapshot>
  /** The pair's mark price (quote currency), undefined before the first book. */
  mark: string | undefined
  /** Decimals of the pair's prices. */
  precision: number
}) {
  const { i18n } = useLingui()
  return (
    <TradePairBar
      area="lever"
      pair={pair}
      choices={choices}
      tickers={tickers}
      precision={precision}
      priceTestId="lever-last-price"
    >
      <div className="lv-pair__marks">
        <span className="lv-tag">
          <Trans id="lever.perpetual">Perpetual · Cross margin</Trans>
        </span>
        <span className="lv-pair__mark">
          <Trans id="lever.markPrice">Mark price</Trans>{' '}
          <span className="lv-num" data-testid="lever-mark-price">
            {formatPrice(mark, precision, i18n.locale)}
          </span>
        </span>
      </div>
    </TradePairBar>
  )
}
