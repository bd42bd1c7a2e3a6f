import { useLingui } from '@lingui/react/macro'
import { Suspense, useEffect, useMemo, useRef, useState } from 'react'
import type { KlinePeriod } from '../../../common/feed/topics'
import type { MarketItem } from '../../../common/market'
import { useEngine, useTickers } from '../../engine'
import { Icon } from '../../ui/Icon'
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
import { useFullScreen } from './use-full-screen'
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
  const { i18n, t } = useLingui()
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
  const cardRef = useRef<HTMLElement>(null)
  const screenView = useFullScreen(cardRef)
  const chartHeight = screenView.full ? screenView.height : CHART_HEIGHT
  return (
    <div className="kline-view">
      <KlineTicker market={market} ticker={tickers.get(market.extends)} />
      <section
        ref={cardRef}
        className={screenView.full ? 'kline-chart-card kline-chart-card--full' : 'kline-chart-card'}
        data-full={screenView.full}
        data-bars={chart.bars}
        data-origin={chart.origin}
        data-indicators={`${choice.main}+${choice.sub}`}
        data-periods={choice.periods.join(',')}
      >
        <PeriodTabs value={period} onChange={onPeriod} />
        {(chart.bars > 0 || unreachable) && <FeedAge newest={chart.bars > 0 ? chart.receivedAt : null} />}
        <Suspense
          fallback={
            <div className="kline-chart-fallback" style={{ height: chartHeight }}>
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
            height={chartHeight}
            indicators={choice}
          />
        </Suspense>
        <IndicatorBar>
          <button type="button" className="icon-btn kline-ind__settings" onClick={screenView.toggle}>
            <Icon
              name={screenView.full ? 'shrink' : 'expand'}
              size={16}
              label={
                screenView.full
                  ? t({ id: 'kline.fullScreenExit', message: 'Exit full screen' })
                  : t({ id: 'kline.fullScreen', message: 'Full screen' })
              }
            />
          </button>
        </IndicatorBar>
      </section>
      <KlinePanels market={market} />
      <KlineActions market={market} />
    </div>
  )
}
