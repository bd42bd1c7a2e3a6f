/**
 * What the end-to-end run knows of the recorded candles it replays: where they are, and the BTC/USDT recording, to
 * compare with what the gateway serves.
 */
import { resolve } from 'node:path'
import { type OracleBar, readRealKlines } from '../helpers/market-klines'
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

/** The BTC/USDT recording as the replay plays it: every file's bars merged by open time (the oracle's reading). */
export function btcRecording(): OracleBar[] {
  return readRealKlines().get('btcusdt') ?? []
}
