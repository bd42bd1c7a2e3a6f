/**
 * The NATS market messages' schemas (server/bus/market-wire-schema.ts): what ingest publishes passes unchanged; a
 * message with a field of the wrong type, a non-finite or missing number, an unknown event or period, or a foreign
 * version is dropped whole (decodeLive answers undefined), never half-used.
 */
import { describe, expect, it } from 'vitest'
import { decodeLive, MARKET_WIRE_VERSION, type LiveMessage } from '../../server/bus/market-wire'
import {
  decodeWith,
  historyAnswerSchema,
  historyRequestSchema,
  snapshotChunkSchema,
  snapshotRequestSchema,
} from '../../server/bus/market-wire-schema'

const trades: LiveMessage = {
  v: MARKET_WIRE_VERSION,
  o: 'origin-1',
  s: 7,
  c: {
    t: 'event',
    e: {
      type: 'trades',
      symbol: 'btcusdt',
      ts: 1_790_000_000_000,
      trades: [{ id: 1, ts: 1_790_000_000_000, tradeId: 1, amount: 0.5, price: 60000.5, direction: 'buy' }],
      recorded: false,
    },
  },
}
const book: LiveMessage = {
  v: MARKET_WIRE_VERSION,
  o: 'origin-1',
  s: 8,
  c: {
    t: 'event',
    e: { type: 'book', symbol: 'ethusdt', ts: 1, tick: { bids: [[3000, 1]], asks: [[3001, 2]], version: 3, ts: 1 } },
  },
}
const bar = { id: 1_790_000_000, open: 1, close: 2, low: 0.5, high: 2.5, amount: 10, vol: 15, count: 3 }

/** `base` with `path` set to `value` (a deep copy). */
function withField(base: unknown, path: (string | number)[], value: unknown): string {
  const copy = JSON.parse(JSON.stringify(base)) as Record<string | number, unknown>
  let at = copy
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>
  at[path.at(-1)!] = value
  return JSON.stringify(copy)
}

describe('NATS market messages', () => {
  it('pass as published: events, seeds, history, earlier bars and the "big" marker', () => {
    for (const m of [
      trades,
      book,
      { ...trades, c: { t: 'seed', period: '1day', bar, then: bar } },
      { ...trades, c: { t: 'history', bars: [bar] } },
      { ...trades, c: { t: 'earlier', period: '1mon', bars: [bar] } },
      { ...trades, c: { t: 'big' } },
    ]) {
      expect(decodeLive(JSON.stringify(m))).toEqual(m)
    }
    expect(decodeLive(JSON.stringify({ ...trades, c: { t: 'earlier', period: '2mon', bars: [bar] } }))).toBeUndefined()
  })

  it.each([
    ['a price as text', ['c', 'e', 'trades', 0, 'price'], '60000'],
    ['a missing amount', ['c', 'e', 'trades', 0, 'amount'], undefined],
    ['a side that is neither', ['c', 'e', 'trades', 0, 'direction'], 'up'],
    ['an unknown event type', ['c', 'e', 'type'], 'liquidation'],
    ['a symbol that is no symbol', ['c', 'e', 'symbol'], '../../etc'],
    ['a sequence number below 1', ['s'], 0],
    ['a fractional sequence number', ['s'], 1.5],
    ['an unknown call', ['c', 't'], 'reset'],
    ['another version', ['v'], MARKET_WIRE_VERSION + 1],
  ] as const)('drop a message with %s', (_, path, value) => {
    expect(decodeLive(withField(trades, [...path], value))).toBeUndefined()
  })

  it('drop a book level that is not a [price, size] pair, and text that is not JSON', () => {
    expect(decodeLive(withField(book, ['c', 'e', 'tick', 'bids', 0], [3000]))).toBeUndefined()
    expect(decodeLive(withField(book, ['c', 'e', 'tick', 'asks'], 'none'))).toBeUndefined()
    expect(decodeLive('{"v":1,')).toBeUndefined()
  })

  it('check snapshot chunks and requests, history requests and answers', () => {
    expect(decodeWith(snapshotChunkSchema, JSON.stringify({ k: 'end', o: 'x' }))).toEqual({ k: 'end', o: 'x' })
    const bars = { k: 'bars', o: 'x', symbol: 'btcusdt', bars: [[bar, 3]] }
    expect(decodeWith(snapshotChunkSchema, JSON.stringify(bars))).toEqual(bars)
    expect(decodeWith(snapshotChunkSchema, withField(bars, ['bars', 0, 1], 'three'))).toBeUndefined()
    const earlier = { k: 'earlier', o: 'x', symbol: 'btcusdt', period: '4hour', bars: [bar] }
    expect(decodeWith(snapshotChunkSchema, JSON.stringify(earlier))).toEqual(earlier)
    expect(decodeWith(snapshotChunkSchema, withField(earlier, ['bars', 0, 'high'], 'x'))).toBeUndefined()
    expect(decodeWith(snapshotChunkSchema, JSON.stringify({ k: 'meta', o: 'x', meta: {} }))).toBeUndefined()
    expect(decodeWith(snapshotRequestSchema, JSON.stringify({ v: 1, symbol: 'btcusdt', after: 4 }))).toBeDefined()
    expect(decodeWith(snapshotRequestSchema, JSON.stringify({ v: 1, after: -1 }))).toBeUndefined()
    expect(decodeWith(historyRequestSchema, JSON.stringify({ symbol: 'btcusdt', period: '1day' }))).toBeDefined()
    expect(decodeWith(historyRequestSchema, JSON.stringify({ symbol: 'btcusdt', period: '2day' }))).toBeUndefined()
    expect(decodeWith(historyAnswerSchema, JSON.stringify({ bars: [bar] }))).toEqual({ bars: [bar] })
    expect(decodeWith(historyAnswerSchema, JSON.stringify({ bars: [{ ...bar, id: 'x' }] }))).toBeUndefined()
  })
})
