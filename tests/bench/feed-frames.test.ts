import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { decodeFrame } from '../../src-worker/codec/decode'
import { deflateBody, frameBound, writeFrame } from './feed-frames'

describe('feed frames built from parts (bench feed)', () => {
  const book = { bids: [[97_000, 0.5]], asks: [[97_000.5, 0.25]] }
  const body = deflateBody(JSON.stringify(book).slice(1, -1))
  const head = '{"ch":"market.btcusdt.depth.step0","ts":1700000000123,"tick":{'
  const tail = ',"version":42,"ts":1700000000123}}'

  it('is one gzip member holding head + body + tail, with a valid CRC and length', () => {
    const out = Buffer.alloc(frameBound(body) + 7)
    const end = writeFrame(out, 7, head, body, tail)
    const text = gunzipSync(out.subarray(7, end)).toString('utf8')
    expect(JSON.parse(text)).toEqual({
      ch: 'market.btcusdt.depth.step0',
      ts: 1_700_000_000_123,
      tick: { ...book, version: 42, ts: 1_700_000_000_123 },
    })
  })

  it('decodes in the worker like a frame the gateway gzipped', () => {
    const out = Buffer.alloc(frameBound(body))
    const end = writeFrame(out, 0, head, body, tail)
    const d = decodeFrame(new Uint8Array(out.subarray(0, end)))
    expect(d).toMatchObject({ kind: 'push', push: { channel: 'depth', symbol: 'btcusdt', tick: { version: 42 } } })
  })
})
