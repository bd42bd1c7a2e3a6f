/** HTX wire framing for tests: gzip-compressed JSON, as the gateway sends it (htx-protocol.md a2). */
import { gzip } from 'pako'

/** Gzips the JSON of `msg` (level 6, like the measured frames in performance.md §2). */
export function gz(msg: unknown): Uint8Array {
  return gzip(JSON.stringify(msg))
}

/** A push frame `{ch, ts, tick}`. */
export const push = (ch: string, ts: number, tick: unknown) => gz({ ch, ts, tick })
