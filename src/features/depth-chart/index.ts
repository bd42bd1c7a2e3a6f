/**
 * Depth chart feature. `DepthChart` imports konva: import this module only from the lazy chart chunk
 * (src/features/kline/charts.ts); pages use `DepthChartLazy` from src/features/kline.
 */
export { DepthChart, type DepthChartProps } from './DepthChart'
export { cumulate, depthDomain, unitsToDecimal, type DepthCurve, type DepthDomain } from './depth-model'
