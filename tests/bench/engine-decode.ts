/**
 * Engine decode+apply throughput vs bare `pako.inflate(…, { toText: true })` + `JSON.parse` on the same frames, in
 * the same run (issue 2 part 7; performance.md §2). The engine path is what the worker does per frame: capped
 * streaming gunzip, JSON.parse, shape checks and the cache update. Frames follow the HTX shapes and carry recorded
 * BTCUSDT prices when ../shared/data/market is present (synthetic values of the same shape otherwise, noted).
 */
import { inflate } from 'pako'
import { MarketCaches } from '../../src-worker/caches/market-caches'
import { decodeFrame } from '../../src-worker/codec/decode'
import type { DepthTick, TickerTick, TradeItem } from '../../common/feed/messages'
import { push } from '../worker/support/frames'
import { btcBooks, btcTickers, btcTrades } from '../worker/support/recorded'
import type { BenchResult } from './types'

const TARGET = 0.9
const FRAMES = 200
/** Measuring time per frame kind, ms. */
const KIND_MS = 3000

interface FrameSet {
  name: string
  frames: Uint8Array[]
  recorded: boolean
}

function synthTicker(i: number): TickerTick {
  const close = 112_000 + (i % 50) * 0.37
  return {
    open: 111_500.12,
    high: 113_020.5,
    low: 110_870.01,
    close,
    amount: 12_345.678,
    vol: 1_380_000_000.12,
    count: 448_737 + i,
    bid: close - 0.01,
    bidSize: 0.3,
    ask: close + 0.01,
    askSize: 0.5,
    lastPrice: close,
    lastSize: 0.002,
  }
}

function frameSets(): FrameSet[] {
  const tickers = btcTickers(FRAMES)
  const trades = btcTrades()
  const books20 = btcBooks(20, FRAMES)
  const books150 = btcBooks(150, FRAMES)
  const synthTrades = (): TradeItem[] =>
    Array.from({ length: FRAMES * 3 }, (_, i) => ({
      id: i * 1e4,
      ts: 1_700_000_000_000 + i,
      tradeId: 100_000 + i,
      amount: 0.0123,
      price: 97_000 + (i % 7),
      direction: i % 2 ? 'buy' : 'sell',
    }))
  const synthBook = (levels: number, v: number): DepthTick => ({
    bids: Array.from({ length: levels }, (_, i) => [97_000 - i * 0.01, 0.5 + i]),
    asks: Array.from({ length: levels }, (_, i) => [97_000.01 + i * 0.01, 0.4 + i]),
    version: v,
    ts: v,
  })
  const tr = trades ?? synthTrades()
  return [
    {
      name: 'ticker',
      recorded: !!tickers,
      frames: (tickers ?? Array.from({ length: FRAMES }, (_, i) => ({ ts: i, tick: synthTicker(i) }))).map((t) =>
        push('market.btcusdt.ticker', t.ts, t.tick),
      ),
    },
    {
      name: 'trade.detail ×3',
      recorded: !!trades,
      frames: Array.from({ length: FRAMES }, (_, i) => {
        const data = tr.slice(i * 3, i * 3 + 3)
        return push('market.btcusdt.trade.detail', data[0]!.ts, { id: i, ts: data[0]!.ts, data })
      }),
    },
    {
      name: 'depth.step0 20',
      recorded: !!books20,
      frames: (books20 ?? Array.from({ length: FRAMES }, (_, i) => synthBook(20, i + 1))).map((b) =>
        push('market.btcusdt.depth.step0', b.ts, b),
      ),
    },
    {
      name: 'depth.step0 150',
      recorded: !!books150,
      frames: (books150 ?? Array.from({ length: FRAMES }, (_, i) => synthBook(150, i + 1))).map((b) =>
        push('market.btcusdt.depth.step0', b.ts, b),
      ),
    },
  ]
}

/** Seconds one pass (all frames) takes. */
function timePass(frames: Uint8Array[], pass: (frames: Uint8Array[]) => void): number {
  const start = performance.now()
  pass(frames)
  return (performance.now() - start) / 1000
}

let sink = 0
const baseline = (frames: Uint8Array[]) => {
  for (const f of frames) sink += (JSON.parse(inflate(f, { toText: true })) as { ts: number }).ts
}
const engine = (frames: Uint8Array[]) => {
  // Fresh caches per pass so replayed frames are applied, not dropped as duplicates.
  const caches = new MarketCaches()
  for (const f of frames) {
    const d = decodeFrame(f)
    if (d.kind !== 'push') throw new Error(`bench frame did not decode: ${JSON.stringify(d)}`)
    if (caches.apply(d.push, 0)) sink++
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const k = (x: number) => `${(x / 1000).toFixed(1)}k`

/** Runs the comparison for each frame kind; one result (ratio) per kind. */
export async function runEngineDecodeBench(): Promise<BenchResult[]> {
  const results: BenchResult[] = []
  for (const set of frameSets()) {
    baseline(set.frames)
    engine(set.frames)
    // Passes alternate (A B, B A, …) and each engine pass is compared with the bare pass next to it, so load from
    // other processes and JIT drift hit both sides alike; the figure is the median of those pairwise ratios.
    const ratios: number[] = []
    let baseSec = 0,
      oursSec = 0,
      passes = 0
    const start = performance.now()
    while (performance.now() - start < KIND_MS || passes < 20) {
      const first = passes % 2 === 0
      const b1 = first ? timePass(set.frames, baseline) : 0
      const o = timePass(set.frames, engine)
      const b = first ? b1 : timePass(set.frames, baseline)
      ratios.push(b / o)
      baseSec += b
      oursSec += o
      passes++
    }
    const ratio = Math.round(median(ratios) * 100) / 100
    const n = passes * set.frames.length
    const bytes = Math.round(set.frames.reduce((s, f) => s + f.length, 0) / set.frames.length)
    results.push({
      name: `engine decode+apply vs pako+JSON.parse: ${set.name}`,
      value: ratio,
      unit: '×',
      target: `≥ ${TARGET}×`,
      pass: ratio >= TARGET,
      note: `engine ${k(n / oursSec)} msgs/s, bare ${k(n / baseSec)} msgs/s; ${set.frames.length} frames of ~${bytes} B gz, ${set.recorded ? 'recorded BTCUSDT data' : 'synthetic values (recorded data absent)'}; median of ${passes} paired passes`,
    })
    await new Promise((r) => setTimeout(r, 0))
  }
  if (sink === -1) console.log(sink)
  return results
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runEngineDecodeBench())
    console.log(`${r.name}: ${r.value}${r.unit} (target ${r.target}) — ${r.note}`)
}
