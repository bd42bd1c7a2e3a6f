/** HTX wire framing for tests: gzip-compressed JSON, as the gateway sends it (htx-protocol.md a2). */
import { gzip } from 'pako'

/** Gzips the JSON of `msg` (level 6, like the measured frames in performance.md §2). */
export function gz(msg: unknown): Uint8Array {
  return gzip(JSON.stringify(msg))
}

/** A push frame `{ch, ts, tick}`. */
export const push = (ch: string, ts: number, tick: unknown) => gz({ ch, ts, tick })

/** A ticker tick whose price fields follow `close` (bid one below, ask one above); sizes and volumes fixed. */
export const tickerTick = (close: number) => ({
  open: 1,
  high: close,
  low: 1,
  close,
  amount: 2,
  vol: 3,
  count: 4,
  bid: close - 1,
  bidSize: 1,
  ask: close + 1,
  askSize: 1,
  lastPrice: close,
  lastSize: 0.5,
})
