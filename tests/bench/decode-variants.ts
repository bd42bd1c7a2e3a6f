/**
 * The decode paths of the engine-decode bench and their timing, shared by its Node side (engine-decode.ts) and its
 * Chromium dedicated worker (engine-page/decode-worker.ts), so both time exactly the same code the same way.
 *
 * Timing interleaves the variants: within one run, every variant makes one pass over the frames in turn, round after
 * round, until each has had `minMs`. The ratio of two variants then compares passes made side by side, so a pause of
 * the machine (garbage collection, another process on the 2 cores) falls on all of them alike instead of on whichever
 * variant happened to hold the whole window (issue 9 part 4: ratios near their target must not flip run to run).
 */
import { Inflate, inflate } from 'pako'
import { MarketCaches } from '../../src-worker/caches/market-caches'
import { decodeFrame } from '../../src-worker/codec/decode'
import { inflateText } from '../../src-worker/codec/inflate'

/** One pass over a frame set. */
export type Variant = (frames: Uint8Array[]) => void | Promise<void>

/** µs per frame of each variant: result[set][variant] = one value per run. */
export type DecodeResult = Record<string, Record<string, number[]>>

const utf8 = new TextDecoder('utf-8', { fatal: true })
let sink = 0

const concat = (parts: Uint8Array[]): Uint8Array => {
  if (parts.length === 1) return parts[0]!
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** The worker's decode path before issue 9: a new streaming Inflate (16 KiB chunks) per frame. */
function perFrameInflate(f: Uint8Array): string {
  const chunks: Uint8Array[] = []
  const inf = new Inflate({ chunkSize: 16 * 1024 })
  inf.onData = (c: Uint8Array) => void chunks.push(c)
  inf.push(f, true)
  return utf8.decode(concat(chunks))
}

async function decompressionStream(f: Uint8Array): Promise<string> {
  const ds = new DecompressionStream('gzip')
  const writer = ds.writable.getWriter()
  void writer.write(f as Uint8Array<ArrayBuffer>)
  void writer.close()
  const reader = ds.readable.getReader()
  const parts: Uint8Array[] = []
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    parts.push(value)
  }
  return utf8.decode(concat(parts))
}

/** The variants: the engine, its baseline (same inflate + JSON.parse, no checks, no apply), the pako choices, context. */
export const variants: Record<string, Variant> = {
  'engine decode+apply': (frames) => {
    // Fresh caches per pass so replayed frames are applied, not dropped as duplicates.
    const caches = new MarketCaches()
    for (const f of frames) {
      const d = decodeFrame(f)
      if (d.kind !== 'push') throw new Error(`bench frame did not decode: ${JSON.stringify(d)}`)
      if (caches.apply(d.push, 0)) sink++
    }
  },
  'baseline: same inflate + JSON.parse': (frames) => {
    for (const f of frames) sink += (JSON.parse(inflateText(f) as string) as { ts: number }).ts
  },
  'pako: reused stream + buffer (ours)': (frames) => {
    for (const f of frames) sink += (inflateText(f) as string).length
  },
  'pako: new Inflate per frame (before)': (frames) => {
    for (const f of frames) sink += perFrameInflate(f).length
  },
  'pako: one-shot inflate()': (frames) => {
    for (const f of frames) sink += utf8.decode(inflate(f)).length
  },
  'DecompressionStream (context)': async (frames) => {
    for (const f of frames) sink += (await decompressionStream(f)).length
  },
}

/** Variants timed on their own, after the interleaved ones: async and garbage-heavy, they would tax whichever ran next. */
const ALONE = new Set(['DecompressionStream (context)'])

/**
 * Times every variant over `frames`, `runs` times, after one warm-up pass each. The synchronous ones are interleaved
 * (see the header), their order reversed every other round so no variant always follows the same one; the context
 * ones get a window of their own.
 * @param minMs time each variant gets per run, ms
 * @returns µs per frame, one value per run, by variant
 */
export async function timeVariants(
  frames: Uint8Array[],
  runs: number,
  minMs: number,
): Promise<Record<string, number[]>> {
  const names = Object.keys(variants)
  const paired = names.filter((n) => !ALONE.has(n))
  const out: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]))
  for (const n of names) await variants[n]!(frames)
  for (let r = 0; r < runs; r++) {
    const spent: Record<string, number> = Object.fromEntries(paired.map((n) => [n, 0]))
    let passes = 0
    do {
      for (const n of passes % 2 ? [...paired].reverse() : paired) {
        const start = performance.now()
        await variants[n]!(frames)
        spent[n]! += performance.now() - start
      }
      passes++
    } while (Math.min(...paired.map((n) => spent[n]!)) < minMs)
    for (const n of paired) out[n]!.push((spent[n]! * 1000) / (passes * frames.length))
    for (const n of ALONE) {
      let count = 0
      const start = performance.now()
      do {
        await variants[n]!(frames)
        count += frames.length
      } while (performance.now() - start < minMs)
      out[n]!.push(((performance.now() - start) * 1000) / count)
    }
    // Keeps the optimiser from dropping the passes' results.
    if (sink === -1) console.log(sink)
  }
  return out
}
