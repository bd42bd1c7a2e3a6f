/**
 * What the end-to-end run knows of the recorded candles it replays: where they are, the BTC/USDT recording (to
 * compare with what the gateway serves), and what the replay will print next (to plan a test's waits).
 */
import { resolve } from 'node:path'
import { REPLAY_EPOCH_MS, replayIndexAt, stepsPerBar } from '../../server/market/sources/replay'
import { SymbolPlayer } from '../../server/market/sources/replay/player'
import { TapePlayback } from '../../server/market/sources/replay/tape'
import { loadReplay, type ReplaySeries } from '../../server/market/sources/replay/load'
import type { RawBar } from '../../server/market/sources/replay/row'
import { recordedDataPresent } from '../helpers/prerequisites'

/** The recorded data the end-to-end server replays: crypto klines, forex minute bars (and what else it plays). */
export const REPLAY_DIR = resolve(process.cwd(), '..', 'shared', 'data', 'market')
export const KLINES_DIR = resolve(REPLAY_DIR, 'klines')
const BTC_FREQTRADE = resolve(KLINES_DIR, 'freqtrade-binance-spot-BTC_USDT-1m-2023-04-02_08.json')
const FOREX_DIR = resolve(REPLAY_DIR, 'forex-futures')

/** Why replay tests skip when the recordings are absent. */
export const NO_REPLAY_DATA = `no recorded data in ${REPLAY_DIR}`

/** True when the recordings are here; false locally when absent; throws under CI=true when absent. */
export function replayDataPresent(): boolean {
  return recordedDataPresent(KLINES_DIR) && recordedDataPresent(BTC_FREQTRADE) && recordedDataPresent(FOREX_DIR)
}

/**
 * The BTC/USDT recording as the replay plays it: every file's bars merged by open time, the trades capture's minutes
 * included. Read with the server's own loader: its reading of the files is checked against independent readers in
 * tests/server/replay-real, replay-forex and replay-tape; here the question is whether the screens show what it plays.
 */
export async function btcRecording(): Promise<RawBar[]> {
  return (await recordings()).find((s) => s.spec.symbol === 'btcusdt')?.bars ?? []
}

let loaded: Promise<ReplaySeries[]> | undefined
const recordings = () => (loaded ??= loadReplay(REPLAY_DIR))

/**
 * `count` bars of `symbol`'s recording in the order the end-to-end server (REPLAY_SPEED 1) plays them, the first the
 * one playing in the minute of `wallMs` (epoch ms): the replay maps the wall clock to the recording (replayIndexAt), so
 * a test can know where prices go in the next minutes. Throws when the symbol is not replayed.
 */
export async function barsPlayedFrom(symbol: string, wallMs: number, count: number): Promise<RawBar[]> {
  const bars = (await recordings()).find((s) => s.spec.symbol === symbol)?.bars
  if (!bars?.length) throw new Error(`${symbol} is not in the recordings`)
  const first = replayIndexAt(wallMs, 1)
  return Array.from({ length: count }, (_, k) => bars[(((first + k) % bars.length) + bars.length) % bars.length]!)
}

/** One trade the replay prints: its feed time (epoch ms), price and size (base units), as the gateway and matcher see it. */
export interface PlayedPrint {
  ts: number
  price: number
  amount: number
}

/**
 * Every trade (derived from the candles, or recorded where a tape covers the minute) that the end-to-end server
 * (REPLAY_SPEED 1) prints for `symbol` with a feed time in [`fromMs`, `toMs`] (epoch ms), oldest first: the server's own
 * player (player.ts) run ahead on the same clock, so a test knows to the second when a price is first traded, which
 * the whole minutes of barsPlayedFrom only bound. Throws when the symbol is not replayed.
 */
export async function printsPlayedBetween(symbol: string, fromMs: number, toMs: number): Promise<PlayedPrint[]> {
  const series = (await recordings()).find((s) => s.spec.symbol === symbol)
  if (!series?.bars.length) throw new Error(`${symbol} is not in the recordings`)
  const tape = series.tape ? new TapePlayback(series.tape) : undefined
  const player = new SymbolPlayer(
    series.spec,
    series.bars,
    REPLAY_EPOCH_MS / 1000,
    stepsPerBar(1),
    replayIndexAt(fromMs, 1),
    tape,
  )
  const out: PlayedPrint[] = []
  for (let ms = fromMs; ms < toMs + 1000; ms += 1000) {
    for (const e of player.advanceTo(Math.min(ms, toMs))) {
      if (e.type !== 'trades') continue
      for (const t of e.trades)
        if (t.ts >= fromMs && t.ts <= toMs) out.push({ ts: t.ts, price: t.price, amount: t.amount })
    }
  }
  return out.sort((a, b) => a.ts - b.ts)
}

/** A limit order the replay fills only after a quiet stretch: its side, price (decimal text) and fill time (epoch ms). */
export interface RestingLimit {
  side: 'buy' | 'sell'
  price: string
  /** When the replay's prints through `price` since `from` first add up to the amount. */
  fillsAt: number
}

/**
 * The limit order of `amount` (base units) on `symbol` that the replay fills soonest after `quietMs`: a buy one tick
 * below every price printed from a minute before `from` (epoch ms) to `from + quietMs`, or a sell one tick above them, whichever the
 * coming prints fill first (a print fills resting orders at or through its price, up to its size: spot/matcher.ts).
 * Looks `horizonMs` ahead; throws when neither fills in it.
 */
export async function restingLimit(
  symbol: string,
  from: number,
  quietMs: number,
  amount: number,
  horizonMs = 20 * 60_000,
): Promise<RestingLimit> {
  // The book at `from` sits around the last print before it (derive-book.ts: best bid ≤ last ≤ best ask), so the
  // quiet stretch starts a whole bar earlier: a sell above a falling market's coming prints but below its current bid
  // would cross at placement (CI once placed a sell at 28001.32 under the bid and it filled at once).
  const prints = await printsPlayedBetween(symbol, from - 60_000, from + horizonMs)
  const spec = (await recordings()).find((s) => s.spec.symbol === symbol)!.spec
  const tick = 10 ** -spec.price_precision
  const quiet = prints.filter((p) => p.ts <= from + quietMs)
  const later = prints.filter((p) => p.ts > from + quietMs)
  const low = Math.min(...quiet.map((p) => p.price))
  const high = Math.max(...quiet.map((p) => p.price))
  const plans = (['buy', 'sell'] as const).map((side) => {
    const price = (side === 'buy' ? low - tick : high + tick).toFixed(spec.price_precision)
    const limit = Number(price)
    let filled = 0
    for (const p of later) {
      if (side === 'buy' ? p.price <= limit : p.price >= limit) filled += p.amount
      if (filled >= amount - 1e-12) return { side, price, fillsAt: p.ts }
    }
    return { side, price, fillsAt: Infinity }
  })
  const best = plans[0]!.fillsAt <= plans[1]!.fillsAt ? plans[0]! : plans[1]!
  if (!Number.isFinite(best.fillsAt))
    throw new Error(`${symbol} prints within ${low}–${high} for ${horizonMs / 60_000} minutes from ${from}`)
  return best
}
