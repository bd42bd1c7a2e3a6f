/**
 * The chart components behind one dynamic import (charts.ts), so konva and react-konva load only when a chart is
 * first rendered and never with /home.
 */
import { lazy } from 'react'

const loadCharts = () => import('./charts')

/** The candle chart (KlineChart.tsx), loaded on first render. Wrap in <Suspense>. */
export const KlineChartLazy = lazy(() => loadCharts().then((m) => ({ default: m.KlineChart })))
/** The depth chart (src/features/depth-chart), from the same chunk. Wrap in <Suspense>. */
export const DepthChartLazy = lazy(() => loadCharts().then((m) => ({ default: m.DepthChart })))
/** Starts loading the chart chunk early (e.g. as the K-line page mounts). */
export function preloadCharts(): void {
  void loadCharts()
}
