/**
 * The chart components behind two dynamic imports, so neither /home nor the K-line page's first paint pays for
 * them: the candle chart (charts.ts: konva core driven imperatively) and the depth chart (react-konva, which brings
 * a second React renderer, react-reconciler). The depth chart shows only on its own panel tab, so its chunk loads
 * only when that tab opens; konva itself lands in a chunk both share.
 */
import { lazy } from 'react'

const loadCharts = () => import('./charts')
const loadDepth = () => import('../depth-chart')

/** The candle chart (KlineChart.tsx), loaded on first render. Wrap in <Suspense>. */
export const KlineChartLazy = lazy(() => loadCharts().then((m) => ({ default: m.KlineChart })))
/** The depth chart (src/features/depth-chart), in its own chunk. Wrap in <Suspense>. */
export const DepthChartLazy = lazy(() => loadDepth().then((m) => ({ default: m.DepthChart })))
/** Starts loading the candle-chart chunk early (e.g. as the K-line page mounts). The depth chunk is not preloaded. */
export function preloadCharts(): void {
  void loadCharts()
}
