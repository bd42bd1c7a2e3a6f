/**
 * Every client frame passes these zod schemas before any of its fields is used (htx-protocol.md a3–a5), so a hostile
 * value — an object with its own `toString`, a 30,000-deep array, `1e400`, a 60 KB id — becomes an error reply
 * naming the field instead of an exception in the connection handler. `parseClientMessage` never throws.
 */
import { z } from 'zod'
import { type Topic, parseTopic } from '../../../common/feed/topics'
import { FREQ_MAX_MS, FREQ_MIN_MS, REQ_TIME_MAX_S, REQ_TIME_MIN_S, type RequestId } from './protocol'

/** Longest id echoed back; HTX clients use short counters ("id1", ccxt's "42"). */
export const ID_MAX_CHARS = 128
/** Characters of a rejected topic quoted in the error reply (the longest valid topic is about 45). */
export const QUOTE_MAX_CHARS = 80

export type ClientRequest =
  | { kind: 'sub'; id: RequestId; topic: Topic; name: string; freq: number | undefined }
  | { kind: 'unsub'; id: RequestId; name: string }
  | { kind: 'req'; id: RequestId; topic: Topic; name: string; from: number | undefined; to: number | undefined }
  | { kind: 'ping'; value: number }
  | { kind: 'pong'; value: number }
  | { kind: 'error'; id: RequestId; msg: string }

const ID_RULE = `a string of at most ${ID_MAX_CHARS} characters or a finite number`
const idSchema = z.union([z.string().max(ID_MAX_CHARS, ID_RULE), z.number({ error: ID_RULE })], { error: ID_RULE })
const topicString = z.string({ error: 'expected one topic string' })
const TIME_RULE = `epoch seconds in [${REQ_TIME_MIN_S}, ${REQ_TIME_MAX_S}]`
const reqTime = z
  .number({ error: TIME_RULE })
  .int(TIME_RULE)
  .min(REQ_TIME_MIN_S, TIME_RULE)
  .max(REQ_TIME_MAX_S, TIME_RULE)
  .nullish()
// z.number() of zod 4 refuses NaN and ±Infinity (JSON's 1e400 parses to Infinity).
const heartbeat = z.number({ error: 'expected a finite number' })

const schemas = {
  sub: z.object({ sub: topicString, freq: z.number({ error: 'milliseconds, a finite number' }).nullish() }),
  unsub: z.object({ unsub: topicString }),
  req: z.object({ req: topicString, from: reqTime, to: reqTime }),
}
/** Which key makes a frame which request, in this order of precedence. */
const KINDS = ['ping', 'pong', 'sub', 'unsub', 'req'] as const

/** Parses one client text frame. Anything wrong becomes `{kind: 'error'}` carrying the reply's `err-msg`. */
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
  const frame = msg as Record<string, unknown>
  const kind = KINDS.find((k) => Object.hasOwn(frame, k))
  if (kind === 'ping' || kind === 'pong') {
    const r = heartbeat.safeParse(frame[kind])
    if (!r.success) return { kind: 'error', id: undefined, msg: `invalid ${kind}` }
    return { kind, value: r.data }
  }
  let id: RequestId
  if (Object.hasOwn(frame, 'id') && frame.id !== undefined) {
    const r = idSchema.safeParse(frame.id)
    if (!r.success) return { kind: 'error', id: undefined, msg: `invalid id: ${ID_RULE}` }
    id = r.data
  }
  if (kind === undefined) return { kind: 'error', id, msg: 'invalid request: expected sub, unsub, req, ping or pong' }
  const r = schemas[kind].safeParse(frame)
  if (!r.success) {
    const issue = r.error.issues[0]
    return { kind: 'error', id, msg: `invalid ${String(issue?.path[0] ?? kind)}: ${issue?.message ?? 'malformed'}` }
  }
  return toRequest(r.data, id)
}

type Parsed = z.infer<(typeof schemas)['sub' | 'unsub' | 'req']>

function toRequest(data: Parsed, id: RequestId): ClientRequest {
  if ('unsub' in data) return { kind: 'unsub', id, name: data.unsub }
  const name = 'sub' in data ? data.sub : data.req
  const topic = parseTopic(name)
  if (!topic) return { kind: 'error', id, msg: `invalid topic ${quote(name)}` }
  if ('sub' in data) return { kind: 'sub', id, topic, name, freq: clampFreq(data.freq) }
  const from = data.from ?? undefined
  const to = data.to ?? undefined
  if (from !== undefined && to !== undefined && to < from) return { kind: 'error', id, msg: 'invalid to: before from' }
  return { kind: 'req', id, topic, name, from, to }
}

/** `freq` in ms, clamped to [FREQ_MIN_MS, FREQ_MAX_MS]; absent or ≤ 0 means no throttle. */
export function clampFreq(value: number | null | undefined): number | undefined {
  if (value === null || value === undefined || value <= 0) return undefined
  return Math.min(FREQ_MAX_MS, Math.max(FREQ_MIN_MS, Math.round(value)))
}

/** A client string as quoted in an error reply: clipped, so a 60 KB topic is not echoed back whole. */
export function quote(text: string): string {
  return text.length <= QUOTE_MAX_CHARS ? text : `${text.slice(0, QUOTE_MAX_CHARS)}…`
}
