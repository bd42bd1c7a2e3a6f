/**
 * K-line feature: the K-line page's parts (quote block, period switch, candle chart, panels, action bar), the lazy
 * chart components, and the canvas helpers the depth chart shares. Nothing here imports konva statically.
 */
export { DepthChartLazy, KlineChartLazy, preloadCharts } from './lazy'
export { KlineView } from './KlineView'
export { PeriodTabs } from './PeriodTabs'
export type { KlineChartProps } from './KlineChart'
export type { CandleSource } from './use-candle-feed'
export type { ChartController } from './chart-controller'
export { createChartFormat, formatAxisTime, formatBarTime } from './format'
export { readChartTheme, watchTheme } from './theme'
export { applyPixelRatio, watchPixelRatio } from './pixel-ratio'
export { useElementWidth } from './use-element-width'
export { useChartLabels } from './use-chart-labels'
export type { ChartFormat, ChartLabels, ChartTheme, Ctx2D, RenderScope } from './render/types'
