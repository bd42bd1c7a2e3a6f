// Display formatting: prices at market precision with locale grouping (exact, via big.js), compact volumes, quote
// change text and colour, dates YYYY-MM-DD HH:mm:ss, and the decimal helpers behind them (exact unless a call names
// its rounding, e.g. spec §9's 6 places half-up).
import { describe, expect, it } from 'vitest'
import {
  add,
  dec,
  divide,
  feedDec,
  multiply,
  roundTo,
  SPEC_HELPER_ROUNDING,
  subtract,
  toFixed,
} from '../../common/decimal'
import { formatChange, formatPrice, formatVolume, groupDecimal } from '../../src/features/markets'
import { formatDateTime, formatUtcDateTime } from '../../src/lib/dates'

describe('formatPrice', () => {
  it.each([
    ['97000.5', 2, 'en', '97,000.50'],
    ['97000.5', 2, 'pt', '97.000,50'],
    ['97000.5', 2, 'id', '97.000,50'],
    ['1234567.891', 2, 'hi', '12,34,567.89'],
    ['1234567.891', 2, 'zh-CN', '1,234,567.89'],
    [0.000123456, 5, 'en', '0.00012'],
    ['-42.005', 2, 'en', '-42.01'],
    ['151.2', 3, 'ja', '151.200'],
  ] as const)('%s at %i decimals in %s → %s', (value, precision, locale, expected) => {
    expect(formatPrice(value, precision, locale)).toBe(expected)
  })

  it('rounds half-up on the decimal, not on a float', () => {
    // 1.005 is 1.00499999999999989… as a double: a float toFixed(2) gives "1.00".
    expect(formatPrice('1.005', 2, 'en')).toBe('1.01')
    expect(formatPrice('123456789012345678.125', 2, 'en')).toBe('123,456,789,012,345,678.13')
  })

  it('shows "--" for a missing or invalid price', () => {
    expect(formatPrice(undefined, 2, 'en')).toBe('--')
    expect(formatPrice('abc', 2, 'en')).toBe('--')
    expect(formatPrice(Number.NaN, 2, 'en')).toBe('--')
  })
})

describe('formatVolume', () => {
  it.each([
    [1234567.89, 'en', '1.23M'],
    ['987', 'en', '987'],
    [1234567.89, 'zh-CN', '123.46万'],
    [1234567.89, 'hi', '12.35 लाख'],
    [1234567.89, 'es', '1,23 M'],
  ] as const)('%s in %s → %s', (value, locale, expected) => {
    expect(formatVolume(value, locale).replace(/\u00a0/g, ' ')).toBe(expected)
  })

  // The market rows' figure: 3 significant digits, so it fits the name column at 360 px in every language.
  it.each([
    [268_664_321.5, 'en', '269M'],
    [52_287_700, 'ja', '5230万'],
    [1_388_510_000, 'es', '1390 M'],
    [268_664_321.5, 'hi', '26.9 क॰'],
    [987.654, 'en', '988'],
  ] as const)('%s in %s with 3 significant digits → %s', (value, locale, expected) => {
    expect(formatVolume(value, locale, 3).replace(/\u00a0/g, ' ')).toBe(expected)
  })
})

describe('formatChange', () => {
  it('gives a signed percent and its trend', () => {
    expect(formatChange('100', '102.345')).toEqual({ text: '+2.35%', trend: 'up', pct: '+2.35' })
    expect(formatChange(100, 99.6)).toEqual({ text: '-0.40%', trend: 'down', pct: '-0.40' })
    expect(formatChange('5', '5')).toEqual({ text: '0.00%', trend: 'flat', pct: '0.00' })
    expect(formatChange('0', '5')).toMatchObject({ text: '0.00%', trend: 'flat' })
    expect(formatChange(undefined, '5')).toMatchObject({ text: '--', trend: 'flat' })
  })

  it("uses the locale's decimal separator", () => {
    expect(formatChange('100', '101.5', 'pt').text).toBe('+1,50%')
  })
})

describe('dates', () => {
  it('formats YYYY-MM-DD HH:mm:ss', () => {
    const d = new Date(2025, 0, 2, 3, 4, 5)
    expect(formatDateTime(d.getTime())).toBe('2025-01-02 03:04:05')
  })

  it('shows a UTC server date in local time, same format', () => {
    const local = formatDateTime(Date.UTC(2025, 5, 1, 12, 0, 0))
    expect(formatUtcDateTime('2025-06-01 12:00:00')).toBe(local)
    expect(formatUtcDateTime('soon')).toBe('soon')
  })
})

describe('display helpers (spec §9 rounding, named at each call)', () => {
  it('subtract and multiply are exact: nothing is rounded away unasked', () => {
    // Before: subtract('1', '0.0000001') was "1" (rounded to 6 places without the caller asking).
    expect(subtract('1', '0.0000001')).toBe('0.9999999')
    expect(subtract('0', '0.0000001')).toBe('-0.0000001') // plain text, not big.js's "-1e-7"
    expect(subtract('0.3', '0.1')).toBe('0.2')
    expect(multiply('1.0000005', '1')).toBe('1.0000005')
    expect(add('0.1', '0.2')).toBe('0.3')
  })

  it("round to the spec's 6 places half-up only when told to", () => {
    expect(roundTo(multiply('1.0000005', '1'), SPEC_HELPER_ROUNDING)).toBe('1.000001')
    expect(divide('1', '3', SPEC_HELPER_ROUNDING)).toBe('0.333333')
    expect(divide('2', '3', SPEC_HELPER_ROUNDING)).toBe('0.666667')
    expect(divide('-2', '3', SPEC_HELPER_ROUNDING)).toBe('-0.666667')
  })

  it('divide rounds once, by the mode given', () => {
    expect(divide('1', '8', { places: 2, mode: 'half-up' })).toBe('0.13')
    expect(divide('1', '8', { places: 2, mode: 'half-even' })).toBe('0.12')
    expect(divide('-1', '3', { places: 1, mode: 'floor' })).toBe('-0.4')
    expect(divide('-1', '3', { places: 1, mode: 'ceiling' })).toBe('-0.3')
    expect(() => divide('1', '0', SPEC_HELPER_ROUNDING)).toThrow('division by zero')
    expect(toFixed('2.345', 2, 'half-even')).toBe('2.34')
    expect(toFixed('2.345', 2, 'half-up')).toBe('2.35')
  })

  it('dec refuses a number, so a computed float cannot pass as a decimal', () => {
    // Before: dec(0.1 + 0.2) was Big("0.30000000000000004").
    expect(() => dec((0.1 + 0.2) as unknown as string)).toThrow('invalid decimal')
    expect(dec(' 12.50 ').toFixed()).toBe('12.5')
    // Feed numbers are read explicitly as the JSON text that carried them (HTX volumes have 17 digits).
    expect(feedDec(4043681.0359377135).toFixed()).toBe('4043681.0359377135')
    expect(() => feedDec(Number.NaN)).toThrow('invalid decimal')
  })

  it('group a helper result by locale without changing its digits', () => {
    expect(groupDecimal(multiply('12345.6789', '100'), 'en')).toBe('1,234,567.89')
    expect(groupDecimal(divide('-10000000', '3', SPEC_HELPER_ROUNDING), 'pt')).toBe('-3.333.333,333333')
  })
})
