// Amounts on screen at their currency's display scale (issue 24 part 2, src/lib/format.ts formatAmount): USDT to the
// cent, BTC to the satoshi, what is held or gained rounded toward −∞, what is charged toward +∞, grouped by each of
// the ten locales without the digits changing; and the walk's figures ("Available 2,281.196887 USDT", "fee ≈
// 7.121362") as they show now. The screens' own figures are read in tests/e2e/precision.spec.ts.
import { describe, expect, it } from 'vitest'
import { CURRENCY_SCALES, displayScale, fromUnits, parseDecimal, toUnits } from '../../common/amount'
import { LANGUAGES } from '../../common/locales'
import { formatAmount, formatMoney } from '../../src/lib/format'

describe('displayScale', () => {
  it('shows dollars and dollar coins to the cent, yen whole and crypto to at most 8 decimals', () => {
    expect(displayScale('USDT')).toBe(2)
    expect(displayScale('USD')).toBe(2)
    expect(displayScale('JPY')).toBe(0)
    expect(displayScale('BTC')).toBe(8)
    expect(displayScale('ETH')).toBe(8)
    expect(displayScale('XRP')).toBe(6) // its whole scale: a drop
    for (const [code, scale] of Object.entries(CURRENCY_SCALES)) {
      expect(displayScale(code), code).toBeLessThanOrEqual(Math.min(8, scale))
    }
  })
})

describe('formatAmount', () => {
  it.each([
    ['2281.196887', 'USDT', {}, '2,281.19'], // the walk's "Available 2,281.196887 USDT"
    ['711.68625', 'USDT', {}, '711.68'],
    ['7.121362', 'USDT', { charge: true }, '7.13'], // a fee: charged, rounded up
    ['2.848605', 'USDT', { charge: true }, '2.85'],
    ['0.237', 'USDT', { signed: true }, '+0.23'], // a gain not yet paid: down
    ['-0.237', 'USDT', { signed: true }, '-0.24'], // a loss: toward −∞, never smaller than it is
    ['28494.818359', 'USDT', {}, '28,494.81'],
    ['1000', 'USDT', {}, '1,000.00'],
    ['0', 'USDT', { signed: true }, '0.00'],
    ['0.00498', 'BTC', {}, '0.00498000'],
    ['0.000000019', 'ETH', {}, '0.00000001'],
    ['0.000000011', 'ETH', { charge: true }, '0.00000002'],
    ['1234.5', 'JPY', {}, '1,234'],
  ] as const)('%s %s %o → %s', (value, currency, opts, text) => {
    expect(formatAmount(value, currency, 'en', opts)).toBe(text)
  })

  it('groups by every locale and keeps the digits: only separators differ', () => {
    for (const { value: locale } of LANGUAGES) {
      const text = formatAmount('1234567.891', 'USDT', locale)
      expect(text.replace(/\D/g, ''), locale).toBe('123456789')
      expect(text, locale).toMatch(/89$/)
    }
    expect(formatAmount('1234567.891', 'USDT', 'pt')).toBe('1.234.567,89')
    expect(formatAmount('1234567.891', 'USDT', 'hi')).toBe('12,34,567.89')
  })

  it('never shows more than is held, nor less than is charged, at any amount', () => {
    // 2,000 amounts of 0 to 6 decimals: shown held ≤ value ≤ shown charged, each within one display unit.
    let seed = 7
    const next = () => (seed = (seed * 48271) % 2147483647)
    for (let k = 0; k < 2_000; k++) {
      const units = BigInt(next() % 100_000_000) - 50_000_000n
      const value = fromUnits(units, 6)
      const v = units
      const held = toUnits(parseDecimal(formatAmount(value, 'USDT', 'en').replace(/,/g, '')), 6)
      const charged = toUnits(parseDecimal(formatAmount(value, 'USDT', 'en', { charge: true }).replace(/,/g, '')), 6)
      expect(held <= v && v - held < 10_000n, value).toBe(true)
      expect(charged >= v && charged - v < 10_000n, value).toBe(true)
    }
  })

  it('says "--" for what is not an amount', () => {
    expect(formatAmount('abc', 'USDT', 'en')).toBe('--')
    expect(formatAmount('1e3', 'USDT', 'en')).toBe('--')
  })
})

describe('formatMoney (exact)', () => {
  it('keeps every decimal, for quantities at their market step and ledger entries', () => {
    expect(formatMoney('0.12345678', 'en')).toBe('0.12345678')
    expect(formatMoney('0.004', 'en', { minScale: 0 })).toBe('0.004')
  })
})
