/**
 * Frame decoding (reliability.md W6): real recorded HTX messages re-gzipped as the exchange sends them, frames
 * rebuilt from recorded Binance prices, and hostile frames that must be dropped and counted, never thrown.
 */
import fc from 'fast-check'
import { gzip } from 'pako'
import { describe, expect, it } from 'vitest'
import { decodeFrame, type Decoded } from '../../src-worker/codec/decode'
import { inflateText, MAX_FRAME_BYTES } from '../../src-worker/codec/inflate'
import { MarketCaches } from '../../src-worker/caches/market-caches'
import { gz, push } from './support/frames'
import { btcBooks, btcTickers, btcTrades, FILES, htxCapture, missing } from './support/recorded'

const kinds = (ds: Decoded[]) =>
  ds.reduce<Record<string, number>>((m, d) => ((m[d.kind] = (m[d.kind] ?? 0) + 1), m), {})

describe.each([
  ['HTX spot', FILES.htxSpot, { push: 336, ack: 20, ping: 6 }],
  ['HTX linear swap', FILES.htxSwap, { push: 1601, ack: 10, ping: 6 }],
])('recorded %s capture, re-gzipped', (_name, rel, expected) => {
  const msgs = htxCapture(rel)
  it.skipIf(!msgs)(
    `decodes every message into pushes, acks and pings${msgs ? '' : ` — skipped: ${missing(rel)}`}`,
    () => {
      const decoded = msgs!.map((m) => decodeFrame(gz(m)))
      expect(kinds(decoded)).toEqual(expected)
      const caches = new MarketCaches()
      for (const d of decoded) if (d.kind === 'push') caches.apply(d.push, 0)
      for (const symbol of caches.books.symbols()) {
        const b = caches.books.get(symbol)!
        // Bids descend and asks ascend in every book the exchange sent.
        expect(b.bids.every((l, i) => i === 0 || l[0] < b.bids[i - 1]![0])).toBe(true)
        expect(b.asks.every((l, i) => i === 0 || l[0] > b.asks[i - 1]![0])).toBe(true)
      }
      expect(caches.books.symbols().length).toBeGreaterThan(3)
    },
  )
})

describe('frames built from recorded Binance data', () => {
  const tickers = btcTickers(50),
    trades = btcTrades(),
    books = btcBooks(150, 20)
  const why = !tickers
    ? missing(FILES.btcKlines)
    : !trades
      ? missing(FILES.btcTrades)
      : !books
        ? missing(FILES.btcDepth)
        : ''
  it.skipIf(!!why)(`decode and land in the caches with the recorded prices${why ? ` — skipped: ${why}` : ''}`, () => {
    const caches = new MarketCaches()
    for (const t of tickers!) {
      const d = decodeFrame(push('market.btcusdt.ticker', t.ts, t.tick))
      expect(d.kind).toBe('push')
      if (d.kind === 'push') caches.apply(d.push, 1)
    }
    expect(caches.tickers.get('btcusdt')?.close).toBe(tickers!.at(-1)!.tick.close)
    for (let i = 0; i + 3 <= 60; i += 3) {
      const data = trades!.slice(i, i + 3)
      const d = decodeFrame(push('market.btcusdt.trade.detail', data[0]!.ts, { id: i, ts: data[0]!.ts, data }))
      if (d.kind === 'push') caches.apply(d.push, 1)
    }
    const latest = caches.trades.latest('btcusdt', 3)!.trades
    expect(latest.map((t) => t.tradeId)).toEqual(
      trades!
        .slice(0, 60)
        .sort((a, b) => b.ts - a.ts || b.tradeId - a.tradeId)
        .slice(0, 3)
        .map((t) => t.tradeId),
    )
    for (const b of books!) {
      const d = decodeFrame(push('market.btcusdt.depth.step0', b.ts, b))
      if (d.kind === 'push') caches.apply(d.push, 1)
    }
    expect(caches.books.snapshot('btcusdt', 20)?.bids).toEqual(books!.at(-1)!.bids.slice(0, 20))
  })
})

describe('hostile frames are dropped with a reason, never thrown', () => {
  const good = gz({ ch: 'market.btcusdt.ticker', ts: 1, tick: {} })
  const cases: [string, Uint8Array | string, string][] = [
    ['truncated gzip', good.slice(0, good.length - 6), 'gzip'],
    [
      'bad CRC',
      (() => {
        const b = gz({ ping: 1 })
        b[b.length - 6]! ^= 0xff
        return b
      })(),
      'gzip',
    ],
    [
      'bad magic',
      (() => {
        const b = gz({ ping: 1 })
        b[0] = 0
        return b
      })(),
      'gzip',
    ],
    ['not gzip at all', new Uint8Array([1, 2, 3, 4, 5]), 'gzip'],
    ['gzip of non-JSON', gzip('hello <html>'), 'json'],
    ['text non-JSON', 'not json', 'json'],
    ['deep nesting', gzip('['.repeat(10_000) + ']'.repeat(10_000)), 'shape'],
    [
      'NaN price as string',
      gz({ ch: 'market.btcusdt.depth.step0', ts: 1, tick: { bids: [['NaN', 1]], asks: [], version: 1 } }),
      'shape',
    ],
    [
      'string ticker price',
      gz({ ch: 'market.btcusdt.kline.1min', ts: 1, tick: { id: 60, open: '1', close: 1, low: 1, high: 1 } }),
      'shape',
    ],
    [
      'overflowing number',
      '{"ch":"market.btcusdt.depth.step0","ts":1,"tick":{"bids":[[1e999,1]],"asks":[],"version":1}}',
      'shape',
    ],
    ['non-integer ping', gz({ ping: 1.5 }), 'shape'],
    ['string ping', gz({ ping: '123' }), 'shape'],
    ['unknown topic', gz({ ch: 'market.btcusdt.mbp.150', ts: 1, tick: {} }), 'shape'],
    [
      'trade without identity',
      gz({
        ch: 'market.btcusdt.trade.detail',
        ts: 1,
        tick: { data: [{ id: 1.37e26, ts: 1, amount: 1, price: 1, direction: 'buy' }] },
      }),
      'shape',
    ],
  ]
  it.each(cases)('%s', (_name, frame, reason) => {
    expect(decodeFrame(frame)).toEqual({ kind: 'bad', reason })
  })

  it('stops a 50 MB gzip bomb at the output cap', () => {
    const bomb = gzip(new Uint8Array(50 * 1024 * 1024))
    expect(bomb.length).toBeLessThan(100_000)
    expect(inflateText(bomb)).toEqual({ failure: 'oversized' })
    expect(decodeFrame(bomb)).toEqual({ kind: 'bad', reason: 'oversized' })
  })

  it('accepts a frame just under the cap', () => {
    const text = JSON.stringify({ ping: 1, pad: 'x'.repeat(MAX_FRAME_BYTES - 30) })
    expect(text.length).toBeLessThan(MAX_FRAME_BYTES)
    expect(decodeFrame(gzip(text)).kind).toBe('ping')
  })

  it('passes text frames through as JSON (server ping as text)', () => {
    expect(decodeFrame('{"ping":1492420473027}')).toEqual({ kind: 'ping', ping: 1492420473027 })
  })

  it('reads `req` replies from data, or from tick on old servers', () => {
    expect(
      decodeFrame(gz({ id: 'k1', status: 'ok', rep: 'market.btcusdt.kline.1min', ts: 1, data: [1] })),
    ).toMatchObject({ kind: 'rep', id: 'k1', data: [1] })
    expect(decodeFrame(gz({ id: 7, status: 'ok', rep: 'market.btcusdt.kline.1min', ts: 1, tick: [2] }))).toMatchObject({
      kind: 'rep',
      id: '7',
      data: [2],
    })
  })

  it('never throws on random bytes, gzipped random bytes or random JSON', () => {
    const valid = new Set(['push', 'ping', 'pong', 'ack', 'rep', 'error', 'bad'])
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 512 }),
          fc.uint8Array({ maxLength: 512 }).map((b) => gzip(b)),
          fc.jsonValue().map((v) => gz(v)),
          fc
            .record({
              ch: fc.constantFrom(
                'market.btcusdt.ticker',
                'market.btcusdt.depth.step0',
                'market.btcusdt.trade.detail',
                'market.btcusdt.kline.1min',
              ),
              ts: fc.anything(),
              tick: fc.anything(),
            })
            .map((v) => {
              try {
                return gz(v)
              } catch {
                return new Uint8Array()
              }
            }),
          fc.uint8Array({ minLength: 20, maxLength: 200 }).map((noise) => {
            const b = gz({ ping: 1 })
            b.set(noise.slice(0, b.length - 10), 10)
            return b
          }),
        ),
        (frame) => valid.has(decodeFrame(frame).kind),
      ),
      { numRuns: 4000 },
    )
  })
})
