/**
 * Chromium dedicated worker of the decode bench (tests/bench/engine-decode.ts): times the shared variants
 * (../decode-variants.ts) as the market engine runs them, and returns µs per frame for each run.
 */
import { timeVariants, type DecodeResult } from '../decode-variants'

export interface DecodeRequest {
  sets: { name: string; frames: number[][] }[]
  runs: number
  /** Minimum time per variant per run, ms. */
  minMs: number
}

self.onmessage = async (e: MessageEvent<DecodeRequest>) => {
  const { sets, runs, minMs } = e.data
  const out: DecodeResult = {}
  for (const set of sets)
    out[set.name] = await timeVariants(
      set.frames.map((f) => new Uint8Array(f)),
      runs,
      minMs,
    )
  ;(self as unknown as Worker).postMessage(out)
}
