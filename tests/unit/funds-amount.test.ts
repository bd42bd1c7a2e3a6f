// The client checks and sums of the money forms (src/features/funds/amount-check.ts), table-driven: exact decimals,
// the currency's scale, a withdrawal's minimum and fee, "All" floored to the scale, and amounts shown by locale.
import { describe, expect, it } from 'vitest'
import { allOf, checkAmount, frozenTotal, normalizeAmount } from '../../src/features/funds'
import { formatMoney } from '../../src/lib/format'

describe('checkAmount', () => {
  const usdt = { scale: 6, min: '10', available: '800', fee: '1' }
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['abc', 'format'],
    ['1e3', 'format'],
    ['.5', 'format'],
    ['0', 'notPositive'],
    ['-5', 'notPositive'],
    ['10.0000001', 'tooManyDecimals'],
    ['9.999999', 'belowMinimum'],
    ['10', null],
    ['799', null],
    ['799.000001', 'lackOfFunds'],
    ['1 000', 'lackOfFunds'],
    ['12,5', null],
  ] as const)('%j → %s', (text, problem) => {
    expect(checkAmount(text, usdt)).toBe(problem)
  })

  it('without a minimum or balance only the number and its decimals count', () => {
    expect(checkAmount('0.00000001', { scale: 8 })).toBeNull()
    expect(checkAmount('0.000000001', { scale: 8 })).toBe('tooManyDecimals')
  })
})

describe('sums', () => {
  it('All is available − fee floored to the scale, never below 0', () => {
    expect(allOf('800', 6, '1')).toBe('799')
    expect(allOf('0.123456789', 6)).toBe('0.123456')
    expect(allOf('0.5', 6, '1')).toBe('0')
    expect(allOf('0.3', 8, '0.1')).toBe('0.2') // never 0.19999999999999998
  })

  it('the frozen total is amount + fee exactly', () => {
    expect(frozenTotal('0.1', '0.2')).toBe('0.3')
    expect(frozenTotal('100.000001', '1')).toBe('101.000001')
    expect(frozenTotal('x', '1')).toBeNull()
    expect(normalizeAmount(' 1 000,25 ')).toBe('1000.25')
  })

  it('amounts show every decimal they have, at least two, grouped by locale', () => {
    expect(formatMoney('1000', 'en')).toBe('1,000.00')
    expect(formatMoney('0.12345678', 'en')).toBe('0.12345678')
    expect(formatMoney('1234567.5', 'pt')).toBe('1.234.567,50')
    expect(formatMoney('-5.5', 'en', { signed: true })).toBe('-5.50')
    expect(formatMoney('3', 'en', { signed: true })).toBe('+3.00')
    expect(formatMoney('not money', 'en')).toBe('--')
  })
})
