import { deflateSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { FrameInflater } from '../../src-worker/codec/inflate'

describe('one reused inflater (reset without reallocating its code tables)', () => {
  it('decodes every good frame exactly, whatever broken, cut or peeked frames came before it', () => {
    const f = new FrameInflater()
    const texts = Array.from({ length: 40 }, (_, i) =>
      JSON.stringify({
        ch: 'market.btcusdt.depth.step0',
        ts: i,
        bids: Array.from({ length: i * 20 }, (_, k) => k * i),
      }),
    )
    for (const [i, t] of texts.entries()) {
      const good = i % 2 ? gzipSync(t, { level: (i % 9) + 1 }) : deflateSync(t)
      const corrupt = Buffer.from(gzipSync(t))
      corrupt[corrupt.length - 12]! ^= 0xff
      f.inflateText(corrupt)
      f.inflateText(gzipSync(t).subarray(0, 15))
      expect(f.peekText(good, 7)).toBe('{"ch":"')
      expect(f.inflateText(good)).toBe(t)
    }
    const big = 'x'.repeat(300_000)
    expect(f.inflateText(gzipSync(big))).toBe(big)
    expect(f.inflateText(gzipSync('{}'))).toBe('{}')
  })
})
