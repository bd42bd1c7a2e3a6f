/**
 * The lazy chart chunk: everything that imports konva/react-konva, behind one dynamic import so neither /home nor
 * the K-line page's first paint pays for it. Load through `KlineChartLazy` / `DepthChartLazy` (index.ts).
 */
export { KlineChart } from './KlineChart'
export { DepthChart } from '../depth-chart'
