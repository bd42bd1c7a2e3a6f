/** The /lever funding line's figures: a rate as a percentage with 4 decimals, the time left as hh:mm:ss or mm:ss. */
import { describe, expect, it } from 'vitest'
import { formatCountdown, formatFundingRate } from '../../src/features/lever/funding-format'

describe('funding line format', () => {
  it('shows a rate as a percentage', () => {
    expect(formatFundingRate('0.0001', 'en')).toBe('0.0100%')
    expect(formatFundingRate('-0.00375', 'en')).toBe('-0.3750%')
    expect(formatFundingRate('0', 'en')).toBe('0.0000%')
  })

  it('counts down in hh:mm:ss, mm:ss under an hour, never below zero', () => {
    expect(formatCountdown(8 * 3_600_000 - 1)).toBe('07:59:59')
    expect(formatCountdown(3_600_000)).toBe('01:00:00')
    expect(formatCountdown(3_599_999)).toBe('59:59')
    expect(formatCountdown(61_000)).toBe('01:01')
    expect(formatCountdown(-5)).toBe('00:00')
  })
})
