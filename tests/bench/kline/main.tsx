/**
 * K-line tick bench page: renders the real KlineChart (react-konva, lazy chunk code) fed by a fake candle source,
 * and a node-per-candle Konva baseline, then exposes `window.bench` for the runner (tests/bench/kline-tick.ts).
 */
import { createRoot } from 'react-dom/client'
import type { CandleSnapshot } from '../../../common/engine-api'
import type { KlineTick } from '../../../common/feed/messages'
import type { ChartController } from '../../../src/features/kline/chart-controller'
import { KlineChart } from '../../../src/features/kline/KlineChart'
import type { CandleSource } from '../../../src/features/kline/use-candle-feed'
import { createBaseline } from './baseline'
import { measureTicks, type TickStats } from './measure'

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
const labels = { open: 'Open', high: 'High', low: 'Low', close: 'Close', volume: 'Vol', change: 'Change' }

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

/**
 * Loads `bars`, then plays each round of live ticks on the real chart and then on the baseline, alternating, so
 * both see the same machine load.
 */
async function run(
  bars: KlineTick[],
  rounds: KlineTick[][][],
): Promise<{ ours: TickStats[]; baseline: TickStats[]; visible: number }> {
  const c = await ready()
  push!(snap(true, bars))
  await frame()
  await frame()
  const base = createBaseline(document.getElementById('baseline')!, 390, 300, bars)
  const ours: TickStats[] = []
  const baseline: TickStats[] = []
  for (const ticks of rounds) {
    ours.push(
      await measureTicks(ticks, { apply: (t) => push!(snap(false, t)), onFrame: (cb) => (c.onFrame = (ms) => cb(ms)) }),
    )
    baseline.push(await measureTicks(ticks, { apply: (t) => base.apply(t), onFrame: (cb) => (base.onFrame = cb) }))
  }
  base.destroy()
  const r = c.model.range!
  return { ours, baseline, visible: r.to - r.from + 1 }
}

;(window as unknown as { bench: { run: typeof run } }).bench = { run }
