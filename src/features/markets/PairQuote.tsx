import { Trans, useLingui } from '@lingui/react/macro'
import { TICKER_FREQ_MS } from '../../../common/constants'
import type { DealSymbol, MarketItem } from '../../../common/market'
import { useTickers } from '../../engine'
import { formatChange, formatPrice, formatVolume } from '../../lib/format'
import { ChangePill } from './ChangePill'
import { CoinLogo } from './CoinLogo'
import { FeedStatus } from './FeedStatus'
import { pairName } from './market-model'
import { useOpenMarket } from './use-open-market'

/**
 * The selected pair of an area (dealSymbol) with its live price, quote change and 24 h figures, and a link to its
 * K-line page. Precision comes from the listed market; unlisted pairs fall back to 2 decimals.
 */
export function PairQuote({ pair, market }: { pair: DealSymbol; market: MarketItem | undefined }) {
  const { i18n } = useLingui()
  const locale = i18n.locale
  const tickers = useTickers([pair.extends], TICKER_FREQ_MS)
  const tk = tickers.get(pair.extends)
  const precision = market?.price_precision ?? 2
  const change = formatChange(tk?.open, tk?.close, locale)
  const open = useOpenMarket()
  return (
    <section className="pair-quote">
      <FeedStatus tickers={tickers} />
      <div className="pair-quote__head">
        <CoinLogo code={pair.currency_name} logo={pair.logo} size={36} />
        <div className="pair-quote__name">
          <span className="pair-quote__pair">{pairName(pair)}</span>
          <span className="pair-quote__label">
            <Trans id="pair.selected">Selected pair</Trans>
          </span>
        </div>
        <ChangePill change={change} />
      </div>
      <div className={`pair-quote__price trend--${change.trend}`}>{formatPrice(tk?.close, precision, locale)}</div>
      <dl className="pair-quote__stats">
        <div>
          <dt>
            <Trans id="pair.high24h">24h high</Trans>
          </dt>
          <dd>{formatPrice(tk?.high, precision, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans id="pair.low24h">24h low</Trans>
          </dt>
          <dd>{formatPrice(tk?.low, precision, locale)}</dd>
        </div>
        <div>
          <dt>
            <Trans id="pair.vol24h">24h volume</Trans>
          </dt>
          <dd>{formatVolume(tk?.vol, locale)}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn--primary btn--block" onClick={() => open(pair)}>
        <Trans id="pair.openChart">View chart</Trans>
      </button>
    </section>
  )
}
