/** What the uploader sends: type by magic bytes; which pictures are scaled down before upload, and to what size. */
import { describe, expect, it } from 'vitest'
import { UPLOAD_LIMITS, sniffImage, targetSize } from '../../src/ui/image-prepare'

const MB = 1024 * 1024

describe('sniffImage', () => {
  it('recognises JPEG and PNG by their first bytes only', () => {
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0]))).toBe('image/jpeg')
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png')
    expect(sniffImage(new TextEncoder().encode('<svg xml'))).toBeNull()
    expect(sniffImage(new TextEncoder().encode('GIF89a..'))).toBeNull()
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull()
  })
})

describe('targetSize', () => {
  it('leaves a picture within every cap as it is', () => {
    expect(targetSize(3000, 2000, 4 * MB, UPLOAD_LIMITS)).toBeNull()
  })

  it('scales a 50 MP phone photo to the stored side, under the pixel cap', () => {
    const t = targetSize(8160, 6120, 14 * MB, UPLOAD_LIMITS)!
    expect(Math.max(t.width, t.height)).toBe(3000)
    expect(t.width * t.height).toBeLessThanOrEqual(UPLOAD_LIMITS.maxPixels)
    expect(t.width / t.height).toBeCloseTo(8160 / 6120, 2)
  })

  it('re-encodes a small-dimension file that is over the byte cap without enlarging it', () => {
    expect(targetSize(2000, 1500, 6 * MB, UPLOAD_LIMITS)).toEqual({ width: 2000, height: 1500 })
  })

  it('respects the pixel cap when it binds before the side does', () => {
    const t = targetSize(6000, 6000, 3 * MB, { maxBytes: 5 * MB, maxPixels: 4_000_000, maxSide: 10_000 })!
    expect(t.width * t.height).toBeLessThanOrEqual(4_000_000)
    expect(t.width).toBe(2000)
  })
})
