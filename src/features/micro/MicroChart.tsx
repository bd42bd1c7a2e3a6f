import { useLingui } from '@lingui/react/macro'
import { Suspense, useEffect } from 'react'
import type { MarketItem } from '../../../common/market'
import { useEngine } from '../../engine'
import { Spinner } from '../../ui/Spinner'
import { KlineChartLazy, preloadCharts, useChartLabels } from '../kline'
import './micro.css'

/** Height of the compact chart, CSS px: the order form stays in view under it on a 640 px tall phone. */
export const MICRO_CHART_HEIGHT = 200

/**
 * A compact live 1-minute candle chart of the pair (the K-line page's chart, lazy-loaded with konva): what the user
 * bets on, moving as it moves. Pan and zoom as on the K-line page.
 */
export function MicroChart({ market }: { market: MarketItem }) {
  const { t, i18n } = useLingui()
  const engine = useEngine()
  useEffect(preloadCharts, [])
  const labels = useChartLabels()
  return (
    <section className="mc-chart" aria-label={t({ id: 'micro.chart', message: '1-minute chart' })}>
      <Suspense
        fallback={
          <div className="mc-chart__fallback" style={{ height: MICRO_CHART_HEIGHT }}>
            <Spinner />
          </div>
        }
      >
        <KlineChartLazy
          symbol={market.extends}
          period="1min"
          source={engine}
          pricePrecision={market.price_precision}
          locale={i18n.locale}
          labels={labels}
          height={MICRO_CHART_HEIGHT}
        />
      </Suspense>
    </section>
  )
}
