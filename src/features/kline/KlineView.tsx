import { useLingui } from '@lingui/react/macro'
import { Suspense, useEffect, useMemo, useState } from 'react'
import type { KlinePeriod } from '../../../common/feed/topics'
import type { MarketItem } from '../../../common/market'
import { useEngine, useTickers } from '../../engine'
import { Spinner } from '../../ui/Spinner'
import { FeedAge } from '../markets'
import { useSnapshot } from 'valtio'
import { IndicatorBar } from './IndicatorBar'
import { indicatorStore } from './indicator-store'
import { KlineActions } from './KlineActions'
import { KlinePanels } from './KlinePanels'
import { KlineTicker } from './KlineTicker'
import { KlineChartLazy, preloadCharts } from './lazy'
import { PeriodTabs } from './PeriodTabs'
import { useChartLabels } from './use-chart-labels'
import { emptySummary, summarize, tapCandles } from './use-candle-feed'
import { useFeedUnreachable } from './use-feed-state'
import './kline.css'

/** Ticker refresh on this page, ms: faster than lists, the user is watching one pair. */
const TICKER_MS = 1000
export const CHART_HEIGHT = 300

/**
 * The K-line page body for a listed market: quote block, period switch, candle chart, panels and action bar. While
 * the feed is down a line above the chart says how old its candles are (those kept on the device when offline), or
 * that there are none yet. The chart card carries `data-bars` (bars held) and `data-origin` ('live' | 'cache') for
 * tests and devtools.
 */
export function KlineView({
  market,
  period,
  onPeriod,
}: {
  market: MarketItem
  period: KlinePeriod
  onPeriod: (p: KlinePeriod) => void
}) {
  const { i18n } = useLingui()
  const engine = useEngine()
  useEffect(preloadCharts, [])
  const tickers = useTickers(
    useMemo(() => [market.extends], [market.extends]),
    TICKER_MS,
  )
  const key = `${market.extends}|${period}`
  const [seen, setSeen] = useState(() => emptySummary(key))
  // Counts only this series: a late snapshot of the previous period must not overwrite the new one's summary.
  const source = useMemo(
    () =>
      tapCandles(engine, (snap) => {
        if (`${snap.symbol}|${snap.period}` === key) setSeen((prev) => summarize(prev, snap))
      }),
    [engine, key],
  )
  const chart = seen.key === key ? seen : emptySummary(key)
  const unreachable = useFeedUnreachable()
  const labels = useChartLabels()
  const { choice } = useSnapshot(indicatorStore)
  return (
    <div className="kline-view">
      <KlineTicker market={market} ticker={tickers.get(market.extends)} />
      <section
        className="kline-chart-card"
        data-bars={chart.bars}
        data-origin={chart.origin}
        data-indicators={`${choice.main}+${choice.sub}`}
        data-periods={choice.periods.join(',')}
      >
        <PeriodTabs value={period} onChange={onPeriod} />
        {(chart.bars > 0 || unreachable) && <FeedAge newest={chart.bars > 0 ? chart.receivedAt : null} />}
        <Suspense
          fallback={
            <div className="kline-chart-fallback" style={{ height: CHART_HEIGHT }}>
              <Spinner />
            </div>
          }
        >
          <KlineChartLazy
            symbol={market.extends}
            period={period}
            source={source}
            pricePrecision={market.price_precision}
            locale={i18n.locale}
            labels={labels}
            height={CHART_HEIGHT}
            indicators={choice}
          />
        </Suspense>
        <IndicatorBar />
      </section>
      <KlinePanels market={market} />
      <KlineActions market={market} />
    </div>
  )
}
