/** Line breaking of the invitation poster: whole words where there are spaces, characters where there are none. */
import { describe, expect, it } from 'vitest'
import { wrapText } from '../../src/features/share/wrap-text'

// Monospace stand-in: every character is 10 px wide.
const measure = (s: string) => [...s].length * 10

describe('wrapText', () => {
  it('keeps words whole', () => {
    expect(wrapText('Trade digital assets with me', 120, measure)).toEqual(['Trade', 'digital', 'assets with', 'me'])
  })

  it('breaks text without spaces between characters', () => {
    expect(wrapText('和我一起交易数字资产', 40, measure)).toEqual(['和我一起', '交易数字', '资产'])
  })

  it('breaks a long link and ends a cut text with an ellipsis', () => {
    expect(wrapText('https://example.com/register?code=ABCD', 100, measure)).toHaveLength(4)
    const cut = wrapText('https://example.com/register?code=ABCD', 100, measure, 2)
    expect(cut).toHaveLength(2)
    expect(cut[1]!.endsWith('…')).toBe(true)
    expect(measure(cut[1]!)).toBeLessThanOrEqual(100)
  })
})
