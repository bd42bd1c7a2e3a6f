/**
 * Depth chart feature. `DepthChart` imports konva and react-konva: pages load it through `DepthChartLazy`
 * (src/features/kline/lazy.ts), which imports this module as its own chunk.
 */
export { DepthChart, type DepthChartProps } from './DepthChart'
export { cumulate, depthDomain, unitsToDecimal, type DepthCurve, type DepthDomain } from './depth-model'
