/**
 * Engine decode+apply per frame vs the same pako path without apply (issue 9 part 4): the baseline inflates with the
 * engine's own reusable inflater and JSON.parses, so the ratio shows what shape checks and the cache update cost,
 * not how slow some other inflate call is. Measured in Node and in a Chromium dedicated worker (the real target),
 * where the pako variants issue 9 asked about are compared too: a new streaming `Inflate` per frame (the path before
 * issue 9), one-shot `pako.inflate()`, and one reused zlib stream inflating into one reused buffer (ours).
 * DecompressionStream is printed as context; fflate is not installed here, so it is named, not measured.
 * Every figure: median of ≥ 5 runs (variants interleaved within each run, decode-variants.ts) with its spread
 * (tests/bench/stats.ts). Frames follow
 * the HTX shapes and carry recorded BTCUSDT prices when ../shared/data/market is present (synthetic otherwise).
 */
import type { DepthTick, TickerTick, TradeItem } from '../../common/feed/messages'
import { launchPhone } from '../helpers/browser'
import { push } from '../worker/support/frames'
import { btcBooks, btcTickers, btcTrades } from '../worker/support/recorded'
import { timeVariants, type DecodeResult } from './decode-variants'
import { buildEnginePages } from './engine-page/build'
import { MIN_RUNS, summarize } from './stats'
import type { BenchResult } from './types'

/** Engine decode+apply ÷ the same inflate + JSON.parse, throughput ratio. */
const TARGET = 0.9
const FRAMES = 200
/** Minimum measuring time per variant per run, ms. */
const VARIANT_MS = 200

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

/** µs per frame per variant, MIN_RUNS interleaved runs (decode-variants.ts). */
async function runNode(sets: FrameSet[]): Promise<DecodeResult> {
  const out: DecodeResult = {}
  for (const set of sets) out[set.name] = await timeVariants(set.frames, MIN_RUNS, VARIANT_MS)
  return out
}

async function runChromium(sets: FrameSet[]): Promise<DecodeResult> {
  const pages = await buildEnginePages()
  const context = await launchPhone()
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${pages.url}decode.html`)
    await page.waitForFunction(() => 'bench' in window)
    const req = {
      sets: sets.map((s) => ({ name: s.name, frames: s.frames.map((f) => [...f]) })),
      runs: MIN_RUNS,
      minMs: VARIANT_MS,
    }
    return (await page.evaluate(
      (r) => (window as unknown as { bench: { run: (x: unknown) => Promise<unknown> } }).bench.run(r),
      req,
    )) as DecodeResult
  } finally {
    await context.close()
    pages.close()
  }
}

async function fflateNote(): Promise<string> {
  try {
    await import(/* @vite-ignore */ ['ff', 'late'].join(''))
    return 'fflate is installed but not measured here'
  } catch {
    return 'fflate: not installed (not measured)'
  }
}

const k = (us: number) => `${(1000 / us).toFixed(1)}k/s`
const us = (x: number) => `${x.toFixed(1)} µs`

/** One ratio row (engine vs baseline) and, for Chromium, one pako-choice row per frame kind. */
function rows(env: string, sets: FrameSet[], res: DecodeResult, extra: string): BenchResult[] {
  const out: BenchResult[] = []
  for (const set of sets) {
    const r = res[set.name]!
    const eng = r['engine decode+apply']!
    const base = r['baseline: same inflate + JSON.parse']!
    const ratio = summarize(
      eng.map((e, i) => base[i]! / e),
      '×',
      2,
    )
    const med = (name: string) => summarize(r[name]!, 'µs').median
    const bytes = Math.round(set.frames.reduce((s, f) => s + f.length, 0) / set.frames.length)
    const value = Math.round(ratio.median * 100) / 100
    out.push({
      name: `${env}: engine decode+apply vs same pako path w/o apply: ${set.name}`,
      value,
      unit: '×',
      target: `≥ ${TARGET}×`,
      pass: value >= TARGET,
      note: `${ratio.spread}; engine ${us(med('engine decode+apply'))}/frame (${k(med('engine decode+apply'))}), baseline ${us(med('baseline: same inflate + JSON.parse'))} (${k(med('baseline: same inflate + JSON.parse'))}); ${set.frames.length} frames of ~${bytes} B gz, ${set.recorded ? 'recorded BTCUSDT data' : 'synthetic values (recorded data absent)'}`,
    })
    const ours = r['pako: reused stream + buffer (ours)']!
    const before = r['pako: new Inflate per frame (before)']!
    const speedup = summarize(
      ours.map((o, i) => before[i]! / o),
      '×',
      2,
    )
    const sv = Math.round(speedup.median * 100) / 100
    out.push({
      name: `${env}: pako reused stream vs new Inflate per frame: ${set.name}`,
      value: sv,
      unit: '×',
      target: '≥ 1×',
      pass: sv >= 1,
      note: `${speedup.spread}; inflate+UTF-8 µs/frame (medians of ${MIN_RUNS}): reused stream + buffer ${us(med('pako: reused stream + buffer (ours)'))}, new Inflate per frame ${us(med('pako: new Inflate per frame (before)'))}, one-shot inflate() ${us(med('pako: one-shot inflate()'))}; context: DecompressionStream ${us(med('DecompressionStream (context)'))}; ${extra}`,
    })
  }
  return out
}

/** Runs the comparison in Node, then in a Chromium dedicated worker. */
export async function runEngineDecodeBench(): Promise<BenchResult[]> {
  const sets = frameSets()
  const extra = await fflateNote()
  const node = await runNode(sets)
  const chromium = await runChromium(sets)
  return [...rows('Chromium worker', sets, chromium, extra), ...rows('Node', sets, node, extra)]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await runEngineDecodeBench())
    console.log(`${r.name}: ${r.value}${r.unit} (target ${r.target}) — ${r.note}`)
}
