import { useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import type { TickerSnapshot } from '../../../common/engine-api'
import type { DealSymbol, MarketItem } from '../../../common/market'
import { formatChange, formatPrice } from '../../lib/format'
import { setDealSymbol, type DealArea } from '../../state/deal-symbol'
import { Icon } from '../../ui/Icon'
import { ChangePill } from './ChangePill'
import { CoinLogo } from './CoinLogo'
import { FeedStatus } from './FeedStatus'
import { pairName } from './market-model'
import { PairSheet } from './PairSheet'
import { useOpenMarket } from './use-open-market'

import './trade-pair-bar.css'

/**
 * A trading screen's pair (dealSymbol[`area`]) with its latest price and 24 h change; a tap on the pair offers the
 * other `choices` (selecting one sets dealSymbol[`area`]), a button opens its K-line page; the feed's state line when
 * it is down. `children` go under the row (the futures mark price).
 */
export function TradePairBar({
  area,
  pair,
  choices,
  tickers,
  precision,
  priceTestId,
  children,
}: {
  area: DealArea
  pair: DealSymbol
  choices: readonly MarketItem[]
  /** The pair's ticker (a map, for the feed's state line). */
  tickers: ReadonlyMap<string, TickerSnapshot>
  /** Decimals of the pair's prices. */
  precision: number
  priceTestId: string
  children?: ReactNode
}) {
  const { t, i18n } = useLingui()
  const [picking, setPicking] = useState(false)
  const openKline = useOpenMarket()
  const tk = tickers.get(pair.extends)
  const name = pairName(pair)
  const change = formatChange(tk?.open, tk?.close, i18n.locale)
  const canPick = choices.some((m) => m.extends !== pair.extends)
  return (
    <section className="pair-bar">
      <FeedStatus tickers={tickers} />
      <div className="pair-bar__row">
        <button
          type="button"
          className="pair-bar__pick"
          disabled={!canPick}
          aria-haspopup="listbox"
          aria-label={t({ id: 'micro.changePair', message: `Trading pair ${name}, change` })}
          onClick={() => setPicking(true)}
        >
          <CoinLogo code={pair.currency_name} logo={pair.logo} size={28} />
          <span className="pair-bar__name">{name}</span>
          {canPick && <Icon name="chevronRight" size={16} className="pair-bar__caret" />}
        </button>
        <span className="pair-bar__spacer" />
        <div className="pair-bar__quote">
          <span className={`pair-bar__price trend--${change.trend}`} data-testid={priceTestId}>
            {formatPrice(tk?.close, precision, i18n.locale)}
          </span>
          <ChangePill change={change} />
        </div>
        <button type="button" className="icon-btn pair-bar__kline" onClick={() => openKline(pair)}>
          <Icon name="market" size={20} label={t({ id: 'pair.openChart', message: 'View chart' })} />
        </button>
      </div>
      {children}
      <PairSheet
        open={picking}
        markets={choices}
        value={pair.extends}
        onClose={() => setPicking(false)}
        onSelect={(m) => {
          setDealSymbol(area, m)
          setPicking(false)
        }}
      />
    </section>
  )
}
