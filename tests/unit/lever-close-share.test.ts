/**
 * The Close sheet's quick shares (src/features/lever/CloseSheet.tsx): a share picked before the market's terms have
 * loaded is the exact share, not rounded to the position's own decimals (in CI, 50 % of a 0.01 BTC position read "0"
 * while the sheet was still reading the market's terms); once the terms are known, the market's step rounds it down.
 */
import { describe, expect, it } from 'vitest'
import { CLOSE_SHARES, shareOf, shareScale } from '../../src/features/lever/CloseSheet'

describe('close shares', () => {
  it('are exact while the market terms load', () => {
    const scale = shareScale('0.01', undefined)
    expect(CLOSE_SHARES.map((s) => shareOf('0.01', s, scale))).toEqual(['0.0025', '0.005', '0.0075', '0.01'])
    expect(shareOf('3', '25', shareScale('3', null))).toBe('0.75')
  })

  it('round down to the market step once its terms are known', () => {
    const scale = shareScale('0.01', { amount_precision: 3 })
    expect(CLOSE_SHARES.map((s) => shareOf('0.01', s, scale))).toEqual(['0.002', '0.005', '0.007', '0.01'])
  })
})
