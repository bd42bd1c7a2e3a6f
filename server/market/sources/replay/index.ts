/**
 * `replay:<file or folder>`: recorded Binance 1-minute klines (data.binance.vision CSV with or without header,
 * epoch ms/µs or ISO times; REST /api/v3/klines JSON) and freqtrade JSON OHLCV, played as a market.
 *
 * What is recorded and what is derived:
 * - Recorded: every 1min bar's open, high, low, close, base volume, and (Binance klines) quote volume and trade
 *   count. Served unchanged once a bar is complete, and as history to `req`.
 * - Re-timed: a symbol's files are merged in time order (de-duplicated by open time) and the bars are laid back to
 *   back by index on a clock shifted to now: the play head starts with ~3 days of bars (HISTORY_BARS, or all but the
 *   last bar of a shorter recording) already in the past, and the recording loops forever after its last bar.
 *   Gaps between files (2023 → 2024 → 2025) vanish, so prices jump at file boundaries and at the loop: that is the
 *   data, not a glitch. REPLAY_SPEED multiplies the clock; bar times then run ahead of the wall clock.
 * - Derived: within a bar, a price path O→L→H→C (close ≥ open) or O→H→L→C, played as ticks (about one per second
 *   at speed 1, at least 4 per bar); each tick is a derived trade whose size splits the bar's volume evenly
 *   (taker side = direction of the move) and whose trade count and quote volume grow pro rata. Files without a quote
 *   volume (freqtrade) get volume × (O+H+L+C)/4; files without a trade count count the derived trades.
 * - Derived: the ticker is computed by the hub from the bars (rolling 24 h), and an order book is derived around
 *   the last price about every second (derive-book.ts). Neither is recorded.
 */
import type { MarketSource, SourceSink } from '../source'
import { loadReplay } from './load'
import { SymbolPlayer } from './player'

/** Bars before the play head served as history at start (3 days of 1min bars). */
export const HISTORY_BARS = 3 * 1440
/** Book push interval, real ms. */
const BOOK_MS = 1000

export interface ReplayOptions {
  /** Clock multiplier (REPLAY_SPEED), > 0. */
  speed: number
  /** Wall clock, ms (tests inject one). */
  now?: () => number
  log?: (msg: string) => void
}

/** Ticks per bar for a speed: ~1 per replayed second at speed 1, never fewer than 4. */
export function stepsPerBar(speed: number): number {
  return Math.min(60, Math.max(4, Math.round(60 / speed)))
}

/** Loads the recording (throws naming file and line on a bad file) and returns the source, not yet started. */
export async function createReplaySource(path: string, opts: ReplayOptions): Promise<MarketSource> {
  if (!(opts.speed > 0) || !Number.isFinite(opts.speed))
    throw new Error(`REPLAY_SPEED must be a number > 0, got ${opts.speed}`)
  const series = await loadReplay(path)
  const now = opts.now ?? Date.now
  const steps = stepsPerBar(opts.speed)
  let timers: NodeJS.Timeout[] = []
  return {
    kind: 'replay',
    detail: path,
    live: false,
    specs: series.map((s) => s.spec),
    tickerFromBars: true,
    async start(sink: SourceSink) {
      const startWall = now()
      const clock = () => startWall + (now() - startWall) * opts.speed
      const players = series.map((s) => {
        const head = Math.min(HISTORY_BARS, s.bars.length - 1)
        const baseId = Math.floor(startWall / 60_000) * 60 - head * 60
        const player = new SymbolPlayer(s.spec, s.bars, baseId, steps, Math.max(0, head - 1))
        sink.history(s.spec.symbol, player.history(head))
        return player
      })
      const play = () => {
        const t = clock()
        for (const p of players) for (const e of p.advanceTo(t)) sink.event(e)
      }
      const books = () => {
        const t = clock()
        for (const p of players) sink.event(p.book(t))
      }
      play()
      books()
      timers = [setInterval(play, Math.max(50, 60_000 / (steps * opts.speed))), setInterval(books, BOOK_MS)]
      opts.log?.(`market: replaying ${series.length} symbols from ${path} at speed ${opts.speed}`)
    },
    async stop() {
      for (const t of timers) clearInterval(t)
      timers = []
    },
  }
}
