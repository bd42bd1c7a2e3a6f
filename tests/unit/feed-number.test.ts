// The one reading of feed numbers (common/amount/feed-number.ts, issue 21 Part 9): exponent forms as JSON numbers and
// as text, digit for digit; NaN, Infinity, negatives, zero and junk refused where money is concerned.
import { describe, expect, it } from 'vitest'
import { feedDecimal, feedNumberText } from '../../common/amount'
import { feedDec } from '../../common/decimal'

describe('feedNumberText', () => {
  it.each([
    [1e-7, '0.0000001'],
    ['1e-7', '0.0000001'],
    ['6.1E+4', '61000'],
    ['6.1e4', '61000'],
    [6.1e4, '61000'],
    [61675.44, '61675.44'],
    [1.2345e-7, '0.00000012345'],
    [1e21, '1000000000000000000000'],
    ['12.5e-3', '0.0125'],
    ['.5', '0.5'],
    ['7.', '7'],
    ['00012.50', '12.5'],
    ['+3', '3'],
    [' 42 ', '42'],
    ['-0.0', '0'],
    ['-2.5E-2', '-0.025'],
    [0, '0'],
  ])('%s → %s', (input, text) => {
    expect(feedNumberText(input)).toBe(text)
  })

  it.each([Number.NaN, Infinity, -Infinity, '', '.', 'e5', '1e', 'abc', '1,5', '0x10', '1e999', 'NaN', 'Infinity'])(
    'refuses %s',
    (input) => {
      expect(feedNumberText(input)).toBeUndefined()
    },
  )
})

describe('feedDecimal', () => {
  it('reads a usable price or size exactly', () => {
    expect(feedDecimal(1e-7)).toBe('0.0000001')
    expect(feedDecimal('6.1E+4')).toBe('61000')
    expect(feedDecimal(0.1)).toBe('0.1')
  })

  it.each([0, -1, '-6.1E+4', Number.NaN, Infinity, '1e-30', '1e25'])('refuses %s (not a price or size)', (input) => {
    expect(feedDecimal(input)).toBeUndefined()
  })

  it('is what the display side reads too', () => {
    expect(feedDec('6.1E+4').toFixed()).toBe('61000')
    expect(feedDec(1e-7).toFixed()).toBe('0.0000001')
    expect(() => feedDec('1e999')).toThrow('invalid decimal')
  })
})
