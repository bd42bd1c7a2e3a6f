/**
 * The recorded Binance spot CSV of ../shared/data/market/klines (header; ISO open_time; open, high, low, close,
 * volume, close_time, qav, num_trades, …) read as HTX bars, for the worker and K-line tests.
 */
import { readFileSync } from 'node:fs'
import type { KlineTick } from '../../common/feed/messages'

/** Bars of a recorded spot CSV: id = open time in epoch seconds, amount = base volume, vol = quote volume. */
export function readBinanceSpotCsv(path: string): KlineTick[] {
  return readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
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
