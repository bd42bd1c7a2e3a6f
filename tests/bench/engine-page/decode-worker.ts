/**
 * Decode paths timed in a Chromium dedicated worker, as the market engine runs them (tests/bench/engine-decode.ts):
 * the engine's decode+apply, the same inflate + JSON.parse without shape checks and apply (the baseline), and the
 * pako variants issue 9 asked to compare, plus DecompressionStream as context. Every variant takes the same frames,
 * in alternating order, `runs` times; the page gets µs per frame for each run.
 */
import { Inflate, inflate } from 'pako'
import { MarketCaches } from '../../../src-worker/caches/market-caches'
import { decodeFrame } from '../../../src-worker/codec/decode'
import { inflateText } from '../../../src-worker/codec/inflate'

export interface DecodeRequest {
  sets: { name: string; frames: number[][] }[]
  runs: number
  /** Minimum time per variant per run, ms. */
  minMs: number
}

/** µs per frame: result[set][variant] = one value per run. */
export type DecodeResult = Record<string, Record<string, number[]>>

const utf8 = new TextDecoder('utf-8', { fatal: true })
let sink = 0

/** The worker's decode path before issue 9: a new streaming Inflate (16 KiB chunks) per frame. */
function perFrameInflate(f: Uint8Array): string {
  const chunks: Uint8Array[] = []
  const inf = new Inflate({ chunkSize: 16 * 1024 })
  inf.onData = (c: Uint8Array) => void chunks.push(c)
  inf.push(f, true)
  return utf8.decode(chunks.length === 1 ? chunks[0]! : new Uint8Array(chunks.flatMap((c) => [...c])))
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
  return utf8.decode(parts.length === 1 ? parts[0] : new Uint8Array(parts.flatMap((c) => [...c])))
}

type Variant = (frames: Uint8Array[]) => void | Promise<void>

const variants: Record<string, Variant> = {
  'engine decode+apply': (frames) => {
    const caches = new MarketCaches()
    for (const f of frames) {
      const d = decodeFrame(f)
      if (d.kind === 'push' && caches.apply(d.push, 0)) sink++
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

async function time(v: Variant, frames: Uint8Array[], minMs: number): Promise<number> {
  let n = 0
  const start = performance.now()
  do {
    await v(frames)
    n += frames.length
  } while (performance.now() - start < minMs)
  return ((performance.now() - start) * 1000) / n
}

self.onmessage = async (e: MessageEvent<DecodeRequest>) => {
  const { sets, runs, minMs } = e.data
  const out: DecodeResult = {}
  for (const set of sets) {
    const frames = set.frames.map((f) => new Uint8Array(f))
    const names = Object.keys(variants)
    const res: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]))
    for (const n of names) await variants[n]!(frames) // warm-up
    for (let r = 0; r < runs; r++) {
      const order = r % 2 ? [...names].reverse() : names
      for (const n of order) res[n]!.push(await time(variants[n]!, frames, minMs))
    }
    out[set.name] = res
  }
  if (sink === -1) console.log(sink)
  ;(self as unknown as Worker).postMessage(out)
}
