/**
 * Capped gunzip of one feed frame with one reusable pako inflater (issue 9 part 3). pako's `Inflate` class cannot
 * be reused (its `push(…, true)` ends the stream and frees the state) and allocates an output chunk per frame, so
 * this module drives the zlib-level API the class wraps: one `ZStream` reset per frame, inflating into one reused
 * output buffer, decoded by one shared TextDecoder. Measured in Node and Chromium by `npm run bench -- engine`
 * (tests/bench/engine-decode.ts); it is the fastest of the pako paths there. A gzip bomb stops as soon as the
 * output passes the cap instead of being allocated in full (reliability.md W6).
 */
import {
  Z_BUF_ERROR,
  Z_FINISH,
  Z_NO_FLUSH,
  Z_STREAM_END,
  ZStream,
  zlibInflate,
  zlibInflateInit2,
  zlibInflateReset,
} from 'pako'

/** Largest inflated frame accepted, bytes (reliability.md W6: "capped at about 1 MiB output"). */
export const MAX_FRAME_BYTES = 1024 * 1024

/** First output buffer, bytes: a 150-level book is ≤ 7 KB of JSON, so nearly every frame fits without growing. */
const FIRST_BUFFER_BYTES = 64 * 1024
/** A grown buffer larger than this is dropped after use, so one big frame does not pin memory. */
const KEEP_BUFFER_BYTES = 256 * 1024
/** zlib windowBits 15 + 32: gzip or zlib wrapper, autodetected (pako's default for `Inflate`). */
const AUTODETECT_WINDOW_BITS = 15 + 32

/** Why a frame was dropped. An object, not a bare string, so that it cannot be mistaken for inflated text. */
export interface InflateFailure {
  readonly failure: 'gzip' | 'oversized'
}

// Shared constants: a failed frame allocates nothing.
const GZIP: InflateFailure = Object.freeze({ failure: 'gzip' })
const OVERSIZED: InflateFailure = Object.freeze({ failure: 'oversized' })

/** pako's inflate state as this module resets it: scalar fields, and the two code tables zlib keeps. */
type InflateState = Record<string, unknown> & { lendyn: unknown; distdyn: unknown }

/** One inflater and its output buffer; not reentrant (the worker decodes one frame at a time). */
export class FrameInflater {
  private readonly strm = new ZStream()
  private out = new Uint8Array(FIRST_BUFFER_BYTES)
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true })
  private readonly loose = new TextDecoder('utf-8')
  /** The state's scalar fields right after a reset, put back by {@link reset}. */
  private readonly afterReset: [string, unknown][] = []
  /** The stream's `adler` right after a reset (1 with this window setting: pako sets `wrap & 1`). */
  private adlerAfterReset = 0

  constructor(private readonly maxBytes = MAX_FRAME_BYTES) {
    zlibInflateInit2(this.strm, AUTODETECT_WINDOW_BITS)
    zlibInflateReset(this.strm)
    this.adlerAfterReset = this.strm.adler
    const state = this.strm.state as InflateState | null
    if (state && typeof state === 'object') {
      for (const [k, v] of Object.entries(state)) if (v === null || typeof v !== 'object') this.afterReset.push([k, v])
    }
  }

  /**
   * `inflateReset` without its allocation: pako's reset allocates two new code tables (5.8 KB, zeroed) per call,
   * where zlib reuses them (the tables are rebuilt by each dynamic block before they are read). Under overload the
   * worker resets once per frame peeked and once per frame decoded, and those allocations were ~13% of its inflate
   * time in a Node profile at 24k frames/s. Puts back the scalar state of a fresh reset and points the tables at the
   * kept ones; the window is kept as inflateReset keeps it (its size goes back to 0, so nothing of it is read).
   */
  private reset(): void {
    const s = this.strm
    const state = s.state as InflateState | null
    if (!state || this.afterReset.length === 0) {
      if (zlibInflateReset(s) !== 0) zlibInflateInit2(s, AUTODETECT_WINDOW_BITS)
      return
    }
    for (let i = 0; i < this.afterReset.length; i++) state[this.afterReset[i]![0]] = this.afterReset[i]![1]
    state.lencode = state.lendyn
    state.distcode = state.distdyn
    s.total_in = s.total_out = 0
    s.msg = ''
    s.adler = this.adlerAfterReset
  }

  /**
   * Gunzips `data` (gzip or zlib wrapper) and decodes it as UTF-8.
   * @returns the text, or why it failed (`typeof result !== 'string'`). Never throws.
   */
  inflateText(data: Uint8Array): string | InflateFailure {
    const bytes = this.inflate(data)
    let text: string | InflateFailure = GZIP
    if (typeof bytes === 'object') text = bytes
    else {
      try {
        text = this.utf8.decode(this.out.subarray(0, bytes))
      } catch {
        // invalid UTF-8: GZIP
      }
    }
    if (this.out.length > KEEP_BUFFER_BYTES) this.out = new Uint8Array(FIRST_BUFFER_BYTES)
    return text
  }

  /**
   * The first ≤ `maxChars` bytes of the frame's text (fewer when the frame is shorter), '' when it does not inflate.
   * Costs the gzip header and the block's code tables plus `maxChars` bytes, not the whole frame: used to learn a
   * queued frame's topic when the engine is behind (socket/inbound-queue.ts). Never throws.
   */
  peekText(data: Uint8Array, maxChars: number): string {
    const s = this.strm
    this.reset()
    s.input = data
    s.next_in = 0
    s.avail_in = data.length
    s.output = this.out
    s.next_out = 0
    s.avail_out = Math.min(maxChars, this.out.length)
    try {
      const status = zlibInflate(s, Z_NO_FLUSH)
      if (status < 0 && status !== Z_BUF_ERROR) return ''
      // A multi-byte character cut at the end is replaced, not thrown: only the ASCII head is read.
      return this.loose.decode(this.out.subarray(0, s.next_out))
    } catch {
      return ''
    }
  }

  /** Inflates into `this.out`; @returns the number of bytes written or the failure. */
  private inflate(data: Uint8Array): number | InflateFailure {
    const s = this.strm
    this.reset()
    s.input = data
    s.next_in = 0
    s.avail_in = data.length
    s.output = this.out
    s.next_out = 0
    s.avail_out = this.out.length
    for (;;) {
      let status: number
      try {
        status = zlibInflate(s, Z_FINISH)
      } catch {
        return GZIP
      }
      if (s.next_out > this.maxBytes) return OVERSIZED
      // Trailing bytes after the gzip member: HTX sends one member per frame, anything else is not a frame of ours.
      if (status === Z_STREAM_END) return s.avail_in === 0 || allZero(data, s.next_in) ? s.next_out : GZIP
      if (status !== Z_BUF_ERROR || s.avail_out !== 0) return GZIP
      this.grow()
    }
  }

  /** Doubles the output buffer (bytes written so far are kept; zlib's window covers back-references across it). */
  private grow(): void {
    const s = this.strm
    const bigger = new Uint8Array(Math.min(this.out.length * 2, this.maxBytes + 1))
    bigger.set(this.out.subarray(0, s.next_out))
    this.out = bigger
    s.output = bigger
    s.avail_out = bigger.length - s.next_out
  }
}

function allZero(data: Uint8Array, from: number): boolean {
  for (let i = from; i < data.length; i++) if (data[i] !== 0) return false
  return true
}

const shared = new FrameInflater()

/** {@link FrameInflater.peekText} with the worker's shared inflater. */
export function peekText(data: Uint8Array, maxChars: number): string {
  return shared.peekText(data, maxChars)
}

/**
 * Gunzips `data` with the worker's shared inflater and decodes it as UTF-8.
 * @returns the text, or why it failed (`typeof result !== 'string'`). Never throws.
 */
export function inflateText(data: Uint8Array, maxBytes = MAX_FRAME_BYTES): string | InflateFailure {
  return maxBytes === MAX_FRAME_BYTES ? shared.inflateText(data) : new FrameInflater(maxBytes).inflateText(data)
}
