/**
 * Decodes one server frame (gzip binary, or JSON text) into a typed message the engine can act on. Pure: no
 * sockets, no globals. Anything malformed comes back as `{ kind: 'bad', reason }` so the caller can count it.
 */
import type { DepthTick, KlineTick, TickerTick, TradeItem } from '../../common/feed/messages'
import type { KlinePeriod } from '../../common/feed/topics'
import { inflateText, MAX_FRAME_BYTES } from './inflate'
import { asDepth, asKline, asTicker, asTrades, isNum, isObj } from './shapes'
import { parseFeedTopic } from './topic-cache'

/** A push, routed by channel, with its validated payload. `ts` = push time, ms. */
export type Push =
  | { channel: 'ticker'; symbol: string; ts: number; tick: TickerTick }
  | { channel: 'depth'; symbol: string; ts: number; tick: DepthTick }
  | { channel: 'kline'; symbol: string; period: KlinePeriod; ts: number; tick: KlineTick }
  | { channel: 'trade'; symbol: string; ts: number; trades: TradeItem[] }

/** Why a frame was dropped. */
export type BadReason = 'gzip' | 'oversized' | 'json' | 'shape'

/** A decoded frame. Ack/rep/error ids are strings (HTX servers echo numbers too). */
export type Decoded =
  | { kind: 'push'; push: Push }
  | { kind: 'ping'; ping: number }
  | { kind: 'pong'; pong: number }
  | { kind: 'ack'; id: string | undefined; topic: string; sub: boolean }
  | { kind: 'rep'; id: string | undefined; topic: string; data: unknown }
  | { kind: 'error'; id: string | undefined; code: string; msg: string }
  | { kind: 'bad'; reason: BadReason }

const bad = (reason: BadReason): Decoded => ({ kind: 'bad', reason })

/** Decodes a binary (gzip) or text (JSON) frame. Never throws. */
export function decodeFrame(data: ArrayBuffer | Uint8Array | string): Decoded {
  let text: string
  if (typeof data === 'string') {
    if (data.length > MAX_FRAME_BYTES) return bad('oversized')
    text = data
  } else {
    const out = inflateText(data instanceof Uint8Array ? data : new Uint8Array(data))
    if (typeof out !== 'string') return bad(out.failure)
    text = out
  }
  let msg: unknown
  try {
    msg = JSON.parse(text)
  } catch {
    return bad('json')
  }
  return classify(msg)
}

const idOf = (v: unknown): string | undefined => (typeof v === 'string' ? v : isNum(v) ? String(v) : undefined)

/** Classifies a parsed message (exported for tests and for text frames already parsed). */
export function classify(msg: unknown): Decoded {
  if (!isObj(msg)) return bad('shape')
  if (typeof msg.ch === 'string') return classifyPush(msg.ch, msg.ts, msg.tick)
  if ('ping' in msg) return Number.isSafeInteger(msg.ping) ? { kind: 'ping', ping: msg.ping as number } : bad('shape')
  if ('pong' in msg) return Number.isSafeInteger(msg.pong) ? { kind: 'pong', pong: msg.pong as number } : bad('shape')
  const id = idOf(msg.id)
  if (msg.status === 'error') {
    const code = msg['err-code'],
      text = msg['err-msg']
    return {
      kind: 'error',
      id,
      code: typeof code === 'string' ? code : 'unknown',
      msg: typeof text === 'string' ? text : '',
    }
  }
  if (msg.status !== 'ok') return bad('shape')
  if (typeof msg.subbed === 'string') return { kind: 'ack', id, topic: msg.subbed, sub: true }
  if (typeof msg.unsubbed === 'string') return { kind: 'ack', id, topic: msg.unsubbed, sub: false }
  if (typeof msg.rep === 'string') return { kind: 'rep', id, topic: msg.rep, data: msg.data ?? msg.tick }
  return bad('shape')
}

function classifyPush(ch: string, ts: unknown, tick: unknown): Decoded {
  const topic = parseFeedTopic(ch)
  if (!topic || !isNum(ts)) return bad('shape')
  const { symbol } = topic
  switch (topic.channel) {
    case 'ticker': {
      const t = asTicker(tick)
      return t ? { kind: 'push', push: { channel: 'ticker', symbol, ts, tick: t } } : bad('shape')
    }
    case 'depth': {
      const t = asDepth(tick, ts)
      return t ? { kind: 'push', push: { channel: 'depth', symbol, ts, tick: t } } : bad('shape')
    }
    case 'kline': {
      const t = asKline(tick)
      return t ? { kind: 'push', push: { channel: 'kline', symbol, period: topic.period, ts, tick: t } } : bad('shape')
    }
    case 'trade': {
      const trades = asTrades(tick)
      return trades ? { kind: 'push', push: { channel: 'trade', symbol, ts, trades } } : bad('shape')
    }
  }
}
