/**
 * The HTX public protocol as our gateway speaks it (htx-protocol.md a2–a4): plain JSON requests in (parsed by
 * client-schema.ts), gzip-compressed JSON frames out. This module builds replies; it holds no connection state.
 */
import { promisify } from 'node:util'
import { crc32, gzip, gzipSync } from 'node:zlib'
import * as ws from 'ws'

/** A client's request id, echoed as sent (HTX clients use strings; numbers are echoed too). */
export type RequestId = string | number | undefined

/** Bounds HTX accepts for kline `from`/`to`, epoch seconds (htx-protocol.md a5). */
export const REQ_TIME_MIN_S = 1_501_174_800
export const REQ_TIME_MAX_S = 2_556_115_200

/** Bounds of a sub's `freq` throttle, ms: below 100 ms it is no throttle at all, above 60 s a client looks dead. */
export const FREQ_MIN_MS = 100
export const FREQ_MAX_MS = 60_000

/**
 * zlib options for a JSON text up to SMALL_FRAME_CHARS (acks, errors, pongs, tickers): a 1 KiB window loses no match
 * on such an input and zlib sets up ~10 KB of state instead of ~256 KB, so the same bytes come ~2.5× faster. It is
 * the cost of every error reply, hence of what a client flooding bad frames can make the gateway spend.
 */
const SMALL_FRAME = { windowBits: 10, memLevel: 4 }
const SMALL_FRAME_CHARS = 1024
const zlibOptions = (json: string) => (json.length <= SMALL_FRAME_CHARS ? SMALL_FRAME : {})

/** gzip of the JSON text: the one encoding of every server→client frame. */
export function encodeFrame(message: unknown): Buffer {
  const json = JSON.stringify(message)
  if (json.length <= STORED_MAX_CHARS) return storedGzip(json)
  return ownBuffer(gzipSync(json, zlibOptions(json)))
}

/**
 * JSON texts up to this length (pongs, acks, error replies: 25–150 bytes) are sent as gzip with one stored deflate
 * block: ~20 bytes more than deflated, but built with a CRC instead of a zlib stream (~1 µs instead of ~40 µs). It is
 * what answering a flood of bad or over-budget frames costs the event loop (issue 8: 3,000 req on one socket).
 */
export const STORED_MAX_CHARS = 160

/** A valid gzip member (RFC 1952) holding `text` in one stored deflate block (RFC 1951 §3.2.4, ≤ 65,535 bytes). */
export function storedGzip(text: string): Buffer {
  const data = Buffer.from(text, 'utf8')
  const out = Buffer.allocUnsafeSlow(10 + 5 + data.length + 8)
  // Header: magic, CM=8 (deflate), no flags, mtime 0, XFL 0, OS 255 (unknown).
  out.set([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff], 0)
  out[10] = 0x01 // BFINAL=1, BTYPE=00 (stored)
  out.writeUInt16LE(data.length, 11)
  out.writeUInt16LE(~data.length & 0xffff, 13)
  data.copy(out, 15)
  out.writeUInt32LE(crc32(data), 15 + data.length)
  out.writeUInt32LE(data.length, 19 + data.length)
  return out
}

/** ws's own framing (`Sender.frame`, exported by ws but missing from @types/ws). */
const { Sender } = ws as unknown as {
  Sender: {
    frame(
      data: Buffer,
      options: { fin: boolean; rsv1: boolean; opcode: number; mask: boolean; readOnly: boolean },
    ): Buffer[]
  }
}

/**
 * The whole websocket message of `frame` as a server sends it (RFC 6455 §5.2: one final binary frame, unmasked), in
 * a buffer of its own size, framed once by ws's own `Sender.frame`. A push goes to every subscriber as these same
 * bytes, written straight to each socket: `ws.send` would build a header and make two writes per client and frame,
 * which cost the fan-out ~40% of its throughput (issue 9 part 4: 0.58× of a bare broadcast, 1.0× with this).
 */
export function wireFrame(frame: Buffer): Buffer {
  const parts = Sender.frame(frame, { fin: true, rsv1: false, opcode: 0x02, mask: false, readOnly: true })
  const out = Buffer.allocUnsafeSlow(parts.reduce((n, part) => n + part.length, 0))
  let at = 0
  for (const part of parts) at += part.copy(out, at)
  return out
}

const gzipAsync = promisify(gzip)

/** `encodeFrame` with the compression on libuv's thread pool: for `req` answers (300 bars), so the loop stays free. */
export async function encodeFrameAsync(message: unknown): Promise<Buffer> {
  const json = JSON.stringify(message)
  return ownBuffer(await gzipAsync(json, zlibOptions(json)))
}

/**
 * The frame in a buffer of its own size. zlib hands a small output back as a view of its 16 KiB chunk, so a 90-byte
 * ticker queued for a slow reader held 16 KiB (180×); a shared-pool view would pin an 8 KiB slab the same way.
 * The copy costs far less than the gzip that made the frame.
 */
export function ownBuffer(buf: Buffer): Buffer {
  if (buf.byteOffset === 0 && buf.buffer.byteLength === buf.length) return buf
  const own = Buffer.allocUnsafeSlow(buf.length)
  buf.copy(own)
  return own
}

/** `{id, status: 'ok', subbed, ts}` (htx-protocol.md a4). */
export function subAck(id: RequestId, topic: string) {
  return { id, status: 'ok', subbed: topic, ts: Date.now() }
}

/** `{id, status: 'ok', unsubbed, ts}`. */
export function unsubAck(id: RequestId, topic: string) {
  return { id, status: 'ok', unsubbed: topic, ts: Date.now() }
}

/** `{id, status: 'ok', rep, ts, data}`: the reply of a `req` (data, not the old docs' tick). */
export function reqReply(id: RequestId, topic: string, data: unknown) {
  return { id, status: 'ok', rep: topic, ts: Date.now(), data }
}

/** `err-msg` of a request over its connection's budget (htx-protocol.md a4, HTX's documented value). */
export const TOO_MANY_REQUESTS = '429 too many request'

/** The documented error shape: `{"status":"error","id":…,"err-code":"bad-request","err-msg":…,"ts":…}`. */
export function errorReply(id: RequestId, msg: string) {
  return { status: 'error', id, 'err-code': 'bad-request', 'err-msg': msg, ts: Date.now() }
}
