/**
 * Capped gunzip of one feed frame. pako's streaming Inflate hands us output chunk by chunk, so a gzip bomb is
 * aborted as soon as its output passes the cap instead of being allocated in full (reliability.md W6).
 */
import { Inflate } from 'pako'

/** Largest inflated frame accepted, bytes (reliability.md W6: "capped at about 1 MiB output"). */
export const MAX_FRAME_BYTES = 1024 * 1024

/** Output chunk size, bytes: small frames (≤ 6 KB for a 150-level book) fit one chunk without a 64 KB allocation. */
const CHUNK_BYTES = 16 * 1024

/** Why a frame was dropped. An object, not a bare string, so that it cannot be mistaken for inflated text. */
export interface InflateFailure {
  readonly failure: 'gzip' | 'oversized'
}

// Shared constants: a failed frame allocates nothing.
const GZIP: InflateFailure = Object.freeze({ failure: 'gzip' })
const OVERSIZED: InflateFailure = Object.freeze({ failure: 'oversized' })

const utf8 = new TextDecoder('utf-8', { fatal: true })

class CapExceeded extends Error {}

/**
 * Gunzips `data` (gzip or zlib wrapper, autodetected) and decodes it as UTF-8.
 * @returns the text, or why it failed (`typeof result !== 'string'`). Never throws.
 */
export function inflateText(data: Uint8Array, maxBytes = MAX_FRAME_BYTES): string | InflateFailure {
  const chunks: Uint8Array[] = []
  let total = 0
  const inflater = new Inflate({ chunkSize: CHUNK_BYTES })
  inflater.onData = (chunk: Uint8Array) => {
    total += chunk.length
    if (total > maxBytes) throw new CapExceeded()
    chunks.push(chunk)
  }
  try {
    inflater.push(data, true)
  } catch (err) {
    return err instanceof CapExceeded ? OVERSIZED : GZIP
  }
  if (inflater.err !== 0 || !inflater.ended) return GZIP
  try {
    return utf8.decode(chunks.length === 1 ? chunks[0]! : concat(chunks, total))
  } catch {
    return GZIP
  }
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
  }
  return out
}
