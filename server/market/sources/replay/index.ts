/**
 * `replay:<file or folder>`: recorded Binance 1-minute klines (data.binance.vision CSV with or without header,
 * epoch ms/µs or ISO times; REST /api/v3/klines JSON), freqtrade JSON OHLCV and forex minute bars (FXCM bid CSV,
 * LEAN Oanda quote zips, bid side) and websocket captures of trades and depth (files.ts lists what a folder tree
 * contributes), played as a market.
 *
 * What is recorded and what is derived:
 * - Recorded: every 1min bar's open, high, low, close, base volume, and (Binance klines) quote volume and trade
 *   count. Served unchanged once a bar is complete, and as history to `req`.
 * - Re-timed: a symbol's files are merged in time order (de-duplicated by open time) and the bars are laid back to
 *   back by index, looping forever after the last bar. Where the play head is follows from the wall clock alone
 *   (`replayIndexAt`): bar i of the endless loop plays in minute i after REPLAY_EPOCH_MS, so a restart resumes
 *   where the last run would be now instead of rewinding, and a bar keeps its open time across restarts (what the
 *   app kept offline still lines up). The ~3 days of bars before the play head (HISTORY_BARS, or all but one bar of a
 *   shorter recording) are history; before them, the loop read backwards gives the 30min to 1mon periods EARLIER_BARS
 *   bars each (loop-history.ts: the same minutes again, as the loop plays them), and a series with daily files has
 *   its days there instead, with their weeks and months (dayHistory). Gaps between files (2023 → 2024 → 2025) vanish, so prices jump at file
 *   boundaries and at the loop: that is the data, not a glitch. REPLAY_SPEED multiplies the clock: the file position
 *   still follows the wall clock (× speed) across restarts, but bar times run ahead of the wall clock from the
 *   start of each run.
 * - Derived: within a bar, a price path O→L→H→C (close ≥ open) or O→H→L→C, played as ticks (about one per second
 *   at speed 1, at least 4 per bar); each tick is a derived trade (derive-prints.ts: seeded by symbol and bar
 *   time, so every process and loop derives the same prints) whose sizes vary and add up to the bar's volume exactly,
 *   whose taker side mostly follows the move (some of the other side), and whose trade count and quote volume grow
 *   with the volume. Files without a quote
 *   volume (freqtrade) get volume × (O+H+L+C)/4; files without a trade count count the derived trades.
 * - Derived: the ticker is computed by the hub from the bars (rolling 24 h), and an order book is derived around
 *   the last price about every second (derive-book.ts).
 * - Recorded trades and book where a capture has them (a tape, parse-capture.ts): the minutes a capture covers are
 *   bars of its trades, merged into the symbol's recording by time; when the loop plays such a minute, the recorded
 *   trades are sent at their offsets within it (their own exchange id as `id`) and the recorded book (rebuilt from
 *   the snapshot and diffs, the state at that recording time) replaces the derived one. Events carry `recorded`, and
 *   common/config's `market_feed` lists per symbol what is recorded and what derived (`makeupOf`).
 */
import type { KlineTick } from '../../../../common/feed/messages'
import { bucketStart } from '../../hub/periods'
import type { MarketSource, SourceSink } from '../source'
import type { FeedMakeup, FeedPart } from '../../../../common/api/public'
import { loadReplay, type ReplaySeries } from './load'
import type { RawBar } from './row'
import { SymbolPlayer } from './player'
import type { WholeMinute } from './bar-plan'
import { EARLIER_BARS, EARLIER_PERIODS, type EarlierPeriod, LoopHistory } from './loop-history'
import { earlierPeriods } from '../../hub/earlier-days'
import { TapePlayback } from './tape'

/** Bars before the play head served as history at start (3 days of 1min bars). */
export const HISTORY_BARS = 3 * 1440
/**
 * Wall-clock origin of the replay loop (2020-01-01T00:00Z, a minute boundary): bar i of the endless loop plays in
 * minute i after it (at speed 1). Any fixed instant would do; one well in the past keeps every index positive.
 */
export const REPLAY_EPOCH_MS = Date.UTC(2020, 0, 1)

/**
 * Virtual index of the bar playing at wall time `wallMs` (ms) at clock multiplier `speed`: minutes of recording
 * played since REPLAY_EPOCH_MS. The file bar is this index modulo the recording's length.
 */
export function replayIndexAt(wallMs: number, speed: number): number {
  return Math.floor(((wallMs - REPLAY_EPOCH_MS) * speed) / 60_000)
}
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
  const series = await loadReplay(path, ({ skipped }) => {
    if (skipped.length > 0) {
      const some = skipped.slice(0, 6).join(', ')
      opts.log?.(
        `market: replay does not play ${skipped.length} file(s) under ${path}: ${some}${skipped.length > 6 ? ', …' : ''}`,
      )
    }
  })
  const now = opts.now ?? Date.now
  const steps = stepsPerBar(opts.speed)
  let timers: NodeJS.Timeout[] = []
  let earlierTurn: NodeJS.Immediate | undefined
  return {
    kind: 'replay',
    detail: path,
    live: false,
    specs: series.map((s) => s.spec),
    makeup: series.map(makeupOf),
    tickerFromBars: true,
    async start(sink: SourceSink) {
      const startWall = now()
      const clock = () => startWall + (now() - startWall) * opts.speed
      // The bar playing now opens at the current minute (for speed 1 that makes baseId REPLAY_EPOCH_MS in seconds).
      const current = replayIndexAt(startWall, opts.speed)
      const baseId = Math.floor(startWall / 60_000) * 60 - current * 60
      const earlierDue: { s: ReplaySeries; player: SymbolPlayer; firstMinuteId: number }[] = []
      const players = series.map((s) => {
        const head = Math.min(HISTORY_BARS, s.bars.length - 1)
        const tape = s.tape ? new TapePlayback(s.tape) : undefined
        const player = new SymbolPlayer(s.spec, s.bars, baseId, steps, current - 1, tape)
        const history = player.history(head)
        sink.history(s.spec.symbol, history)
        if (history[0]) earlierDue.push({ s, player, firstMinuteId: history[0].id })
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
      // The bars before the minutes (earlierBars) once the market plays: a symbol per turn of the event loop (a few
      // hundred ms for the whole data folder), so neither the start nor a request waits for them.
      const nextEarlier = () => {
        const due = earlierDue.shift()
        if (!due) return
        for (const [period, bars] of earlierBars(due.s, due.player.fileMinutes(), baseId, due.firstMinuteId))
          sink.earlierBars?.(due.s.spec.symbol, period, bars)
        earlierTurn = setImmediate(nextEarlier)
      }
      if (sink.earlierBars) earlierTurn = setImmediate(nextEarlier)
      opts.log?.(`market: replaying ${series.length} symbols from ${path} at speed ${opts.speed}`)
    },
    async stop() {
      for (const t of timers) clearInterval(t)
      timers = []
      if (earlierTurn) clearImmediate(earlierTurn)
    },
  }
}

/**
 * The bars of each EARLIER_PERIODS period before the 1min history that starts at `firstMinuteId` (epoch s), each
 * list ascending, EARLIER_BARS long or more: the loop read backwards (loop-history.ts) from `minutes` (the
 * recording's whole 1min bars, player.ts fileMinutes; virtual bar 0 opens at `baseId`, epoch s), except the day,
 * week and month of a series with recorded day bars (forex daily files): its days laid back to back before the
 * minutes (dayHistory), folded into weeks and months.
 */
export function earlierBars(
  s: ReplaySeries,
  minutes: readonly WholeMinute[],
  baseId: number,
  firstMinuteId: number,
): Map<EarlierPeriod, KlineTick[]> {
  const loop = new LoopHistory(minutes, s.spec, baseId)
  const out = new Map<EarlierPeriod, KlineTick[]>()
  for (const period of EARLIER_PERIODS) out.set(period, loop.before(period, firstMinuteId, EARLIER_BARS))
  if (s.daily?.length) {
    const precision = {
      price: s.spec.price_precision,
      volume: s.spec.volume_decimals,
      turnover: s.spec.turnover_decimals,
    }
    for (const [period, bars] of earlierPeriods(dayHistory(s.daily, firstMinuteId), precision)) out.set(period, bars)
  }
  return out
}

/**
 * Days of recorded day bars served before the minutes: enough for EARLIER_BARS months (a 1mon bar holds at most 31
 * days), the recording looped when it is shorter (3,738 days of EUR/USD make 123 months).
 */
export const EARLIER_DAYS = Math.ceil(EARLIER_BARS * 30.44) + 31

/**
 * Recorded day bars as history before the minutes that start at `firstMinuteId` (epoch s): laid back to back, the
 * newest on the day before the minutes' first day (1day buckets of periods.ts), like the minutes re-timed by index,
 * and looped backwards like them to EARLIER_DAYS days when there are fewer. Their own dates (the daily files run
 * 2007–2018) are not kept: like the gaps between minute files, they vanish. `vol` is the recorded quote volume,
 * else 0 (LEAN's daily quote files carry no volume at all).
 */
export function dayHistory(days: readonly RawBar[], firstMinuteId: number): KlineTick[] {
  const firstDay = bucketStart('1day', firstMinuteId)
  const total = Math.max(days.length, EARLIER_DAYS)
  const looped = Array.from(
    { length: total },
    (_, k) => days[(((k - total) % days.length) + days.length) % days.length]!,
  )
  return looped.map((d, k) => ({
    id: firstDay - (total - k) * 86_400,
    open: Number(d.open),
    high: Number(d.high),
    low: Number(d.low),
    close: Number(d.close),
    amount: Number(d.volume),
    vol: d.quote !== undefined ? Number(d.quote) : 0,
    count: d.count ?? 0,
  }))
}

/**
 * What of a series' feed is recorded: its candles always; trades and the book in a tape's minutes. The ticker is
 * computed from the bars, so derived; trades and the book are derived wherever no tape covers the bar, and a series
 * with no volume at all (forex quote files) has no trades.
 */
export function makeupOf(s: ReplaySeries): FeedMakeup {
  const taped = new Set(s.tape?.bars.map((b) => b.t))
  const untaped = s.bars.filter((b) => !taped.has(b.t))
  const recorded: FeedPart[] = ['candles', ...(s.tape ? (['trades', 'book'] as const) : [])]
  const derived: FeedPart[] = ['ticker']
  if (untaped.some((b) => Number(b.volume) > 0)) derived.push('trades')
  if (untaped.length > 0) derived.push('book')
  return { symbol: s.spec.symbol, recorded, derived }
}
