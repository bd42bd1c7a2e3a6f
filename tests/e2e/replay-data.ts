/**
 * What the end-to-end run knows of the recorded candles it replays: where they are, and the first bars of the
 * BTC/USDT recording (the oldest file, freqtrade 2023-04), to compare with what the gateway serves.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { recordedDataPresent } from '../helpers/prerequisites'

export const KLINES_DIR = resolve(process.cwd(), '..', 'shared', 'data', 'market', 'klines')
const BTC_FREQTRADE = resolve(KLINES_DIR, 'freqtrade-binance-spot-BTC_USDT-1m-2023-04-02_08.json')

/** Why replay tests skip when the recordings are absent. */
export const NO_REPLAY_DATA = `no recorded data in ${KLINES_DIR}`

/** True when the recordings are here; false locally when absent; throws under CI=true when absent. */
export function replayDataPresent(): boolean {
  return recordedDataPresent(KLINES_DIR) && recordedDataPresent(BTC_FREQTRADE)
}

/** `[open_ms, open, high, low, close, volume]` rows of the oldest BTC/USDT recording. */
export function btcFirstBars(): number[][] {
  return JSON.parse(readFileSync(BTC_FREQTRADE, 'utf8')) as number[][]
}
