/**
 * What the end-to-end run knows of the recorded candles it replays: where they are, and the BTC/USDT recording, to
 * compare with what the gateway serves.
 */
import { resolve } from 'node:path'
import { replayIndexAt } from '../../server/market/sources/replay'
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
