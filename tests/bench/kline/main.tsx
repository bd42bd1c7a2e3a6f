/**
 * K-line tick bench page: renders the real KlineChart (konva core driven imperatively, the lazy chunk's code) fed by
 * a fake candle source, zooms it out to ≥ 500 visible bars, and exposes `window.bench` for the runner
 * (tests/bench/kline-tick.ts).
 */
import { createRoot } from 'react-dom/client'
import type { CandleSnapshot } from '../../../common/engine-api'
import type { KlineTick } from '../../../common/feed/messages'
import type { ChartController } from '../../../src/features/kline/chart-controller'
import { KlineChart } from '../../../src/features/kline/KlineChart'
import type { CandleSource } from '../../../src/features/kline/use-candle-feed'
import { playTicks, type TickRun } from './measure'

let push: ((snap: CandleSnapshot) => void) | undefined
let controller: ChartController | undefined
const source: CandleSource = {
  onCandles: async (_symbol, _period, cb) => ((push = cb), () => (push = undefined)),
  loadHistory: async () => [],
}
const snap = (reset: boolean, bars: KlineTick[]): CandleSnapshot => ({
  symbol: 'ltcusdt',
  period: '1min',
  reset,
  bars,
  receivedAt: Date.now(),
  origin: 'live',
})
const labels = {
  open: 'Open',
  high: 'High',
  low: 'Low',
  close: 'Close',
  volume: 'Vol',
  change: 'Change',
  upperBand: 'UB',
  lowerBand: 'LB',
  macd: 'MACD',
}

createRoot(document.getElementById('chart')!).render(
  <KlineChart
    symbol="ltcusdt"
    period="1min"
    source={source}
    pricePrecision={2}
    locale="en"
    labels={labels}
    height={300}
    onController={(c) => (controller = c)}
  />,
)

const frame = () => new Promise<number>((r) => requestAnimationFrame(r))

async function ready(): Promise<ChartController> {
  for (let i = 0; i < 600 && !(controller && push && controller.model.layout.width > 0); i++) await frame()
  if (!controller || !push) throw new Error('chart did not mount')
  return controller
}

/** Loads `bars`, zooms out until `minVisible` bars show, then plays `ticks` at `rateHz`. */
async function run(
  bars: KlineTick[],
  ticks: KlineTick[][],
  rateHz: number,
  minVisible: number,
): Promise<TickRun & { visible: number }> {
  const c = await ready()
  push!(snap(true, bars))
  await frame()
  const { plotWidth } = c.model.layout
  c.zoomAt(plotWidth / (minVisible + 20) / c.model.time.barSpacing, plotWidth)
  await frame()
  await frame()
  const r = c.model.range!
  const visible = r.to - r.from + 1
  const result = await playTicks(ticks, rateHz, {
    apply: (t) => push!(snap(false, t)),
    onFrame: (cb) => (c.onFrame = (ms) => cb(ms)),
    canvases: () => [...document.querySelectorAll<HTMLCanvasElement>('#chart canvas')],
  })
  return { ...result, visible }
}

;(window as unknown as { bench: { run: typeof run } }).bench = { run }
