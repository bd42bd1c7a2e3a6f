/**
 * Bars for the K-line tests: real recorded Binance 1-minute klines from ../shared/data/market/klines (read when
 * present; tests skip with a message otherwise) and small hand-made series.
 */
import { fileURLToPath } from 'node:url'
import type { KlineTick } from '../../common/feed/messages'
import { recordedDataPresent } from '../helpers/prerequisites'
import { readBinanceSpotCsv } from '../helpers/recorded-klines'

/** The recorded BTCUSDT spot file (4,320 bars from 2025-10-29 04:22 UTC). */
export const BTC_KLINES = fileURLToPath(
  new URL('../../../shared/data/market/klines/binance-spot-BTCUSDT-1m-2025-10-29_2025-11-01.csv', import.meta.url),
)
export const HAVE_BTC_KLINES = recordedDataPresent(BTC_KLINES) // under CI=true, absent data throws
export const SKIP_BTC_KLINES = HAVE_BTC_KLINES ? false : `recorded klines absent: ${BTC_KLINES}`

/** The recorded BTCUSDT bars (see tests/helpers/recorded-klines.ts). */
export function loadBtcKlines(): KlineTick[] {
  return readBinanceSpotCsv(BTC_KLINES)
}

/** A bar at `id` (seconds) with the given open/close; high/low 1 beyond them, volume `amount`. */
export function bar(id: number, open: number, close: number, amount = 1): KlineTick {
  return {
    id,
    open,
    close,
    high: Math.max(open, close) + 1,
    low: Math.min(open, close) - 1,
    amount,
    vol: amount * close,
    count: 1,
  }
}

/** `n` consecutive 1-minute bars from `start` (seconds), alternating up and down around 100. */
export function series(n: number, start = 1_700_000_040): KlineTick[] {
  return Array.from({ length: n }, (_, i) =>
    bar(start + i * 60, 100 + (i % 7), 100 + ((i + (i % 2 ? -2 : 3)) % 9), 1 + (i % 5)),
  )
}
