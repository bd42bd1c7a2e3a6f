import { useMemo } from 'react'
import type { DealSymbol, MarketItem } from '../../../common/market'
import { useTickers } from '../../engine'
import { TradePairBar } from '../markets'

import './micro.css'

/** Ticker refresh on this screen, ms: the user is watching one price move to decide. */
const TICKER_MS = 1000

/**
 * The options pair (dealSymbol.option) with its live last price and 24 h change; a tap on the pair offers the other
 * pairs options can be traded on (selecting one sets dealSymbol.option); a button to its K-line page. The feed's
 * state line when it is down.
 */
export function PairBar({
  pair,
  market,
  choices,
}: {
  pair: DealSymbol
  market: MarketItem | undefined
  choices: readonly MarketItem[]
}) {
  const tickers = useTickers(
    useMemo(() => [pair.extends], [pair.extends]),
    TICKER_MS,
  )
  return (
    <TradePairBar
      area="option"
      pair={pair}
      choices={choices}
      tickers={tickers}
      precision={market?.price_precision ?? 2}
      priceTestId="micro-last-price"
    />
  )
}
