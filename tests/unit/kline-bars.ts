/**
 * Bars for the K-line tests: real recorded Binance 1-minute klines from ../shared/data/market/klines (read when
 * present; tests skip with a message otherwise) and small hand-made series.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { KlineTick } from '../../common/feed/messages'

/** The recorded BTCUSDT spot file (4,320 bars from 2025-10-29 04:22 UTC). */
export const BTC_KLINES = fileURLToPath(
  new URL('../../../shared/data/market/klines/binance-spot-BTCUSDT-1m-2025-10-29_2025-11-01.csv', import.meta.url),
)
export const HAVE_BTC_KLINES = existsSync(BTC_KLINES)
export const SKIP_BTC_KLINES = HAVE_BTC_KLINES ? false : `recorded klines absent: ${BTC_KLINES}`

/** Parses the recorded CSV (header; ISO open_time; open, high, low, close, volume, …, qav, num_trades). */
export function loadBtcKlines(): KlineTick[] {
  const lines = readFileSync(BTC_KLINES, 'utf8').trim().split('\n').slice(1)
  return lines.map((line) => {
    const c = line.split(',')
    return {
      id: Date.parse(c[0]!.replace(' ', 'T')) / 1000,
      open: Number(c[1]),
      high: Number(c[2]),
      low: Number(c[3]),
      close: Number(c[4]),
      amount: Number(c[5]),
      vol: Number(c[7]),
      count: Number(c[8]),
    }
  })
}

/** A bar at `id` (seconds) with the given open/close; high/low 1 beyond them, volume `amount`. */
export function bar(id: number, open: number, close: number, amount = 1): KlineTick {
  return { id, open, close, high: Math.max(open, close) + 1, low: Math.min(open, close) - 1, amount, vol: amount * close, count: 1 }
}

/** `n` consecutive 1-minute bars from `start` (seconds), alternating up and down around 100. */
export function series(n: number, start = 1_700_000_040): KlineTick[] {
  return Array.from({ length: n }, (_, i) => bar(start + i * 60, 100 + (i % 7), 100 + ((i + (i % 2 ? -2 : 3)) % 9), 1 + (i % 5)))
}
