import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { TickerSnapshot } from '../../../common/engine-api'
import type { MarketItem } from '../../../common/market'
import { Icon } from '../../ui/Icon'
import { ChangePill, CoinLogo, formatChange, formatPrice, PairSheet, pairName } from '../markets'

/**
 * The pair being traded with its last price and 24 h change; tapping the pair lists the spot markets to switch to
 * (dealSymbol.trade), searchable, with their prices; the chart button opens its K-line.
 */
export function PairSwitch({
  market,
  markets,
  ticker,
  onPick,
  onChart,
}: {
  market: MarketItem
  /** Markets that can be traded on spot. */
  markets: readonly MarketItem[]
  ticker: TickerSnapshot | undefined
  onPick: (market: MarketItem) => void
  onChart: () => void
}) {
  const { t, i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const change = formatChange(ticker?.open, ticker?.close, i18n.locale)
  const title = t({ id: 'trade.pickPair', message: 'Choose a pair' })
  return (
    <div className="trade-pair">
      <button
        type="button"
        className="trade-pair__name"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        title={title}
      >
        <CoinLogo code={market.currency_name} logo={market.logo} size={24} />
        <span>{pairName(market)}</span>
        <span className="trade-pair__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <span className="trade-pair__last" data-testid="trade-pair-last">
        {formatPrice(ticker?.close, market.price_precision, i18n.locale)}
      </span>
      <ChangePill change={change} />
      <span className="trade-pair__spacer" />
      <button
        type="button"
        className="trade-pair__chart"
        onClick={onChart}
        aria-label={t({ id: 'trade.openChart', message: 'K-line chart' })}
      >
        <Icon name="market" size={20} />
      </button>
      <PairSheet
        open={open}
        title={title}
        markets={markets}
        value={market.extends}
        onClose={() => setOpen(false)}
        onSelect={(m) => {
          onPick(m)
          setOpen(false)
        }}
      />
    </div>
  )
}
