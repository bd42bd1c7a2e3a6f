/**
 * Page side of the feed bench (tests/bench/feed-blaster.ts): starts the real market-engine worker, subscribes like
 * the K-line page (ticker, book, trades, 1min candles) and records each snapshot's lag (now − the feed `ts` of its
 * newest data, ms) and count. The bench reads the records and the worker's own counters (`stats()`).
 */
import * as Comlink from 'comlink'
import type { EngineApi, EngineStats } from '../../../common/engine-api'
import { wrapRemote } from '../../../src/engine/client'

interface Window {
  lags: number[]
  counts: Record<string, number>
}

const win: Window = { lags: [], counts: { ticker: 0, book: 0, trades: 0, candles: 0 } }
const worker = new Worker(new URL('../../../src-worker/index.ts', import.meta.url), {
  type: 'module',
  name: 'market-engine',
})
const remote = Comlink.wrap<EngineApi>(worker)
const engine = wrapRemote(remote)

const seen = (kind: string, feedTs: number | undefined) => {
  win.counts[kind]!++
  if (feedTs !== undefined) win.lags.push(Date.now() - feedTs)
}

async function start(url: string): Promise<void> {
  await engine.connect({ url })
  await engine.onTickers(['btcusdt'], (s) => seen('ticker', s.at(-1)?.ts), { intervalMs: 100 })
  await engine.onBook('btcusdt', (b) => seen('book', b.ts), { depth: 20 })
  await engine.onTrades('btcusdt', (t) => seen('trades', t.trades[0]?.ts), { limit: 50 })
  await engine.onCandles('btcusdt', '1min', () => seen('candles', undefined))
}

/** Starts a new measuring window; returns the worker's counters at its start. */
async function mark(): Promise<EngineStats> {
  win.lags = []
  for (const k of Object.keys(win.counts)) win.counts[k] = 0
  return engine.stats!()
}

/** Ends the window: what the page saw and the worker's counters at its end. */
async function read(): Promise<{ lags: number[]; counts: Record<string, number>; stats: EngineStats }> {
  const stats = await engine.stats!()
  return { lags: win.lags, counts: { ...win.counts }, stats }
}

;(window as unknown as { feed: unknown }).feed = { start, mark, read }
