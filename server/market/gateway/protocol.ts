/**
 * The HTX public protocol as our gateway speaks it (htx-protocol.md a2–a4): plain JSON requests in, gzip-compressed
 * JSON frames out. This module parses client messages and builds replies; it holds no connection state.
 */
import { gzipSync } from 'node:zlib'
import { type Topic, parseTopic } from '../../../common/feed/topics'

/** A client's request id, echoed as sent (HTX clients use strings; numbers are echoed too). */
export type RequestId = string | number | undefined

/** Bounds HTX accepts for kline `from`/`to`, epoch seconds (htx-protocol.md a5). */
export const REQ_TIME_MIN_S = 1_501_174_800
export const REQ_TIME_MAX_S = 2_556_115_200

/** Bounds of a sub's `freq` throttle, ms: below 100 ms it is no throttle at all, above 60 s a client looks dead. */
export const FREQ_MIN_MS = 100
export const FREQ_MAX_MS = 60_000

export type ClientRequest =
  | { kind: 'sub'; id: RequestId; topic: Topic; name: string; freq: number | undefined }
  | { kind: 'unsub'; id: RequestId; name: string }
  | { kind: 'req'; id: RequestId; topic: Topic; name: string; from: number | undefined; to: number | undefined }
  | { kind: 'ping'; value: unknown }
  | { kind: 'pong'; value: unknown }
  | { kind: 'error'; id: RequestId; msg: string }

/** Parses one client text frame. Never throws: anything wrong becomes `{kind: 'error'}` with the reply's err-msg. */
export function parseClientMessage(text: string): ClientRequest {
  let msg: unknown
  try {
    msg = JSON.parse(text)
  } catch {
    return { kind: 'error', id: undefined, msg: 'not json string' }
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
    return { kind: 'error', id: undefined, msg: 'not json string' }
  }
  const m = msg as Record<string, unknown>
  const id = typeof m.id === 'string' || typeof m.id === 'number' ? m.id : undefined
  if ('ping' in m) return { kind: 'ping', value: m.ping }
  if ('pong' in m) return { kind: 'pong', value: m.pong }
  if ('sub' in m) {
    const name = String(m.sub)
    const topic = typeof m.sub === 'string' ? parseTopic(m.sub) : undefined
    if (!topic) return { kind: 'error', id, msg: `invalid topic ${name}` }
    return { kind: 'sub', id, topic, name, freq: clampFreq(m.freq) }
  }
  if ('unsub' in m) return { kind: 'unsub', id, name: String(m.unsub) }
  if ('req' in m) return parseReq(m, id)
  return { kind: 'error', id, msg: 'invalid request: expected sub, unsub, req, ping or pong' }
}

function parseReq(m: Record<string, unknown>, id: RequestId): ClientRequest {
  const name = String(m.req)
  const topic = typeof m.req === 'string' ? parseTopic(m.req) : undefined
  if (!topic) return { kind: 'error', id, msg: `invalid topic ${name}` }
  const from = m.from
  const to = m.to
  for (const [field, v] of [['from', from], ['to', to]] as const) {
    if (v === undefined || v === null) continue
    if (typeof v !== 'number' || !Number.isInteger(v) || v < REQ_TIME_MIN_S || v > REQ_TIME_MAX_S) {
      return { kind: 'error', id, msg: `invalid ${field}: epoch seconds in [${REQ_TIME_MIN_S}, ${REQ_TIME_MAX_S}]` }
    }
  }
  const f = typeof from === 'number' ? from : undefined
  const t = typeof to === 'number' ? to : undefined
  if (f !== undefined && t !== undefined && t < f) return { kind: 'error', id, msg: 'invalid to: before from' }
  return { kind: 'req', id, topic, name, from: f, to: t }
}

/** `freq` in ms, clamped to [FREQ_MIN_MS, FREQ_MAX_MS]; absent, non-numeric or ≤ 0 means no throttle. */
export function clampFreq(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined
  return Math.min(FREQ_MAX_MS, Math.max(FREQ_MIN_MS, Math.round(value)))
}

/** gzip of the JSON text: the one encoding of every server→client frame. */
export function encodeFrame(message: unknown): Buffer {
  return gzipSync(JSON.stringify(message))
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

/** The documented error shape: `{"status":"error","id":…,"err-code":"bad-request","err-msg":…,"ts":…}`. */
export function errorReply(id: RequestId, msg: string) {
  return { status: 'error', id, 'err-code': 'bad-request', 'err-msg': msg, ts: Date.now() }
}
