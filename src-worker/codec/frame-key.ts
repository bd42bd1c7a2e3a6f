/**
 * What a queued frame is about, read from the head of its text without decoding the rest (issue 9 part 3): the
 * conflation key that lets the engine skip a frame a newer one makes redundant. Pushes start with `{"ch":"…"` on
 * HTX and on our gateway (htx-protocol.md a4); a kline tick starts with its bar `id`. Anything else (pings, acks,
 * `req` answers, another key order) has no key and is always decoded.
 */
import { peekText } from './inflate'
import { parseFeedTopic } from './topic-cache'

/**
 * `latest`: only the newest frame per key matters (a ticker, a full depth.step0 book, one kline bar re-pushed with
 * its whole state). `recent`: every frame carries new information (trades), but only the newest few per key can
 * reach the bounded trade list, so older ones may go.
 */
export interface FrameKey {
  key: string
  keep: 'latest' | 'recent'
  channel: 'ticker' | 'depth' | 'kline' | 'trade'
}

/** Characters of text inflated to find the key: `{"ch":"market.<symbol>.kline.<period>","ts":<ms>,"tick":{"id":<s>,`. */
export const PEEK_CHARS = 128

const HEAD = /^\{"ch":"([^"]{1,80})"/
const KLINE_ID = /"tick":\{"id":(\d{1,15})[,}]/

/** The frame's key from the head of `text` (exported for tests), or undefined when it has none. */
export function keyOfText(text: string): FrameKey | undefined {
  const ch = HEAD.exec(text)?.[1]
  if (ch === undefined) return undefined
  const topic = parseFeedTopic(ch)
  switch (topic?.channel) {
    case undefined:
      return undefined
    case 'ticker':
    case 'depth':
      return { key: ch, keep: 'latest', channel: topic.channel }
    case 'trade':
      return { key: ch, keep: 'recent', channel: 'trade' }
    case 'kline': {
      const id = KLINE_ID.exec(text)?.[1]
      return id === undefined ? undefined : { key: `${ch}|${id}`, keep: 'latest', channel: 'kline' }
    }
  }
}

/** The key of a raw frame (gzip bytes or JSON text), or undefined. Never throws. */
export function frameKey(data: unknown): FrameKey | undefined {
  if (typeof data === 'string') return keyOfText(data.slice(0, PEEK_CHARS))
  const bytes = data instanceof Uint8Array ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : undefined
  return bytes ? keyOfText(peekText(bytes, PEEK_CHARS)) : undefined
}
