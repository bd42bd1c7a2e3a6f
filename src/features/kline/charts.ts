/**
 * The lazy candle-chart chunk: KlineChart and konva core (no react-konva, no react-reconciler), behind one dynamic
 * import so neither /home nor the K-line page's first paint pays for it. Load through `KlineChartLazy` (lazy.ts).
 * The depth chart is NOT re-exported here: it has its own chunk (react-konva), loaded when its tab opens.
 */
export { KlineChart } from './KlineChart'
