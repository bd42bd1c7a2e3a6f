// Rem scaling of spec §9: 1rem is a tenth of the layout width, which stops at 540 px; resizes are debounced 300 ms.
import { describe, expect, it, vi } from 'vitest'
import { debounce, remBase } from '../../src/lib/rem'

describe('rem scaling', () => {
  it('makes the 1.33333rem tab bar 50 px on a 375 px phone', () => {
    expect(remBase(375) * 1.33333).toBeCloseTo(50, 3)
    expect(remBase(390)).toBe(39)
  })
  it('caps the layout at 540 px', () => {
    expect(remBase(540)).toBe(54)
    expect(remBase(1920)).toBe(54)
  })
  it('runs a debounced function once, 300 ms after the last call', () => {
    vi.useFakeTimers()
    const fn = vi.fn()
    const d = debounce(fn, 300)
    d()
    vi.advanceTimersByTime(200)
    d()
    vi.advanceTimersByTime(299)
    expect(fn).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
    vi.useRealTimers()
  })
})
