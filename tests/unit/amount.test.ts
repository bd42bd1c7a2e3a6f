// common/amount, table by table: what the wire schema accepts and refuses, each rounding mode on ties and signs,
// currency scales (every listed currency has one), the errors a caller can branch on, and the regressions of the
// old helpers (subtract('1','0.0000001') was '1'; a float passed as a number leaked its binary digits).
import { describe, expect, it } from 'vitest'
import * as zc from 'zod'
import * as z from 'zod/mini'
import {
  add,
  AmountError,
  checkCurrencyScale,
  currencyScale,
  decimalString,
  divide,
  fromUnits,
  isDecimalString,
  multiply,
  negate,
  parseDecimal,
  round,
  roundToCurrency,
  ROUNDING_MODES,
  scaleOf,
  sign,
  subtract,
  toFixedScale,
  toUnits,
  type AmountErrorReason,
  type DecimalString,
  type RoundingMode,
} from '../../common/amount'
import { CATALOG } from '../../server/market/catalog'

const d = (text: string) => parseDecimal(text)

function reasonOf(run: () => unknown): AmountErrorReason | 'no error' {
  try {
    run()
    return 'no error'
  } catch (err) {
    if (err instanceof AmountError) return err.reason
    throw err
  }
}

describe('decimalString schema', () => {
  it.each([
    ['0', '0'],
    ['-0', '0'],
    ['7', '7'],
    ['0.5', '0.5'],
    ['1.50', '1.5'],
    ['-1.25', '-1.25'],
    ['100', '100'],
    ['12345678901234567890', '12345678901234567890'],
    ['0.000000000000000000000001', '0.000000000000000000000001'],
  ])('accepts %j as %j', (text, canonical) => {
    expect(z.parse(decimalString(), text)).toBe(canonical)
  })

  it.each([
    ['', 'empty'],
    [' 1', 'leading space'],
    ['1 ', 'trailing space'],
    ['1 000', 'inner space'],
    ['+1', "leading '+'"],
    ['1e5', 'exponent'],
    ['1E-5', 'exponent'],
    ['01', 'leading zero'],
    ['00.5', 'leading zeros'],
    ['.5', 'no integer digit'],
    ['5.', 'no fraction digit'],
    ['1..2', 'two points'],
    ['1,5', 'comma'],
    ['1_000', 'separator'],
    ['0x10', 'hex'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['−1', 'unicode minus'],
    ['１', 'full-width digit'],
    ['١', 'Arabic-Indic digit'],
    ['--1', 'double minus'],
    ['123456789012345678901', '21 integer digits'],
    ['0.0000000000000000000000001', '25 decimals'],
  ])('refuses %j (%s)', (text) => {
    expect(z.safeParse(decimalString(), text).success).toBe(false)
  })

  it('refuses anything that is not a string, numbers first', () => {
    for (const value of [1.5, 0, 10n, null, undefined, true, ['1'], { toString: () => '1' }]) {
      expect(z.safeParse(decimalString(), value).success).toBe(false)
    }
  })

  it('applies a scale bound, e.g. a currency scale', () => {
    const usdt = decimalString({ maxScale: currencyScale('USDT') })
    expect(z.parse(usdt, '0.123456')).toBe('0.123456')
    expect(z.safeParse(usdt, '0.1234567').success).toBe(false)
    const jpy = decimalString({ maxScale: currencyScale('JPY'), maxIntegerDigits: 3 })
    expect(z.parse(jpy, '999')).toBe('999')
    expect(z.safeParse(jpy, '1.5').success).toBe(false)
    expect(z.safeParse(jpy, '1000').success).toBe(false)
  })

  it.each([
    ['any', ['-1', '0', '-0', '1'], []],
    ['non-negative', ['0', '0.00', '1'], ['-1', '-0', '-0.5']],
    ['positive', ['1', '0.0001', '10'], ['0', '0.000', '-1', '-0']],
  ] as const)('sign policy %s', (policy, accepted, refused) => {
    const schema = decimalString({ sign: policy })
    for (const text of accepted) expect(z.safeParse(schema, text).success, text).toBe(true)
    for (const text of refused) expect(z.safeParse(schema, text).success, text).toBe(false)
  })

  it('nests in classic zod objects too and names the field of a refused value', () => {
    const order = zc.object({ amount: decimalString({ sign: 'positive' }) })
    expect(order.parse({ amount: '2.50' })).toEqual({ amount: '2.5' })
    const refused = order.safeParse({ amount: 2.5 })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.path).toEqual(['amount'])
  })

  it('refuses bounds outside what an amount can have', () => {
    expect(() => decimalString({ maxScale: 25 })).toThrow(RangeError)
    expect(() => decimalString({ maxIntegerDigits: 0 })).toThrow(RangeError)
  })
})

describe('rounding modes, one place', () => {
  // value → down, up, floor, ceiling, half-up, half-even
  it.each([
    ['1.25', ['1.2', '1.3', '1.2', '1.3', '1.3', '1.2']],
    ['1.35', ['1.3', '1.4', '1.3', '1.4', '1.4', '1.4']],
    ['-1.25', ['-1.2', '-1.3', '-1.3', '-1.2', '-1.3', '-1.2']],
    ['1.21', ['1.2', '1.3', '1.2', '1.3', '1.2', '1.2']],
    ['-1.29', ['-1.2', '-1.3', '-1.3', '-1.2', '-1.3', '-1.3']],
    ['-0.04', ['0', '-0.1', '-0.1', '0', '0', '0']],
    ['2', ['2', '2', '2', '2', '2', '2']],
  ] as const)('%s', (value, expected) => {
    expect(ROUNDING_MODES.map((m) => round(d(value), 1, m))).toEqual(expected)
  })

  it('toFixedScale pads to the scale', () => {
    expect(toFixedScale(d('1.5'), 3, 'down')).toBe('1.500')
    expect(toFixedScale(d('2.345'), 2, 'half-even')).toBe('2.34')
    expect(toFixedScale(d('-0.001'), 2, 'half-up')).toBe('0.00')
  })
})

describe('arithmetic', () => {
  it('is exact where the old display helpers rounded or leaked', () => {
    expect(subtract(d('1'), d('0.0000001'))).toBe('0.9999999')
    expect(add(d('0.1'), d('0.2'))).toBe('0.3')
    expect(multiply(d('1.0000005'), d('3'))).toBe('3.0000015')
    expect(multiply(d('97000.5'), d('0.0123'))).toBe('1193.10615')
    expect(negate(d('0'))).toBe('0')
    expect(sign(d('-0.0001'))).toBe(-1)
    expect(scaleOf(d('1.50'))).toBe(1)
  })

  it('counts whole units exactly, both ways, and refuses what would round', () => {
    expect(toUnits(d('1.25'), 6)).toBe(1_250_000n)
    expect(toUnits(d('-0.000001'), 18)).toBe(-1_000_000_000_000n)
    expect(toUnits(d('2.500'), 1)).toBe(25n)
    expect(fromUnits(1_250_000n, 6)).toBe('1.25')
    expect(fromUnits(-1n, 18)).toBe('-0.000000000000000001')
    expect(fromUnits(0n, 18)).toBe('0')
    // 10^20 − 1 at 18 decimals: beyond 2^53, still exact.
    const big = d('99999999999999999999.999999999999999999')
    expect(fromUnits(toUnits(big, 18) + toUnits(d('0.000000000000000001'), 18), 18)).toBe('100000000000000000000')
    expect(() => toUnits(d('0.0000001'), 6)).toThrow(expect.objectContaining({ reason: 'too-many-decimals' }))
    expect(() => fromUnits(1n, -1)).toThrow(expect.objectContaining({ reason: 'bad-scale' }))
  })

  it('divides with the scale and mode of the call', () => {
    expect(divide(d('1'), d('3'), 6, 'half-up')).toBe('0.333333')
    expect(divide(d('2'), d('3'), 6, 'down')).toBe('0.666666')
    expect(divide(d('-1'), d('8'), 2, 'half-even')).toBe('-0.12')
    expect(divide(d('10'), d('4'), 0, 'half-even')).toBe('2')
  })

  it('refuses numbers and loose text at run time, whatever the types said', () => {
    const loose = (v: unknown) => v as DecimalString
    expect(reasonOf(() => add(loose(0.1 + 0.2), d('1')))).toBe('not-a-string')
    expect(reasonOf(() => subtract(d('1'), loose(1e-7)))).toBe('not-a-string')
    expect(reasonOf(() => multiply(loose('1e3'), d('1')))).toBe('format')
    expect(reasonOf(() => parseDecimal(' 1'))).toBe('format')
    expect(isDecimalString(1)).toBe(false)
    expect(isDecimalString('1.0')).toBe(true)
  })

  it('the types refuse numbers and unchecked strings', () => {
    const typeChecks = () => {
      // @ts-expect-error a number is not a DecimalString
      add(1, d('1'))
      // @ts-expect-error a plain string has not been validated
      add('1', d('1'))
      // @ts-expect-error every narrowing names its rounding mode
      round(d('1.5'), 0)
    }
    expect(typeof typeChecks).toBe('function')
  })

  it('names every other refusal', () => {
    expect(reasonOf(() => divide(d('1'), d('0'), 2, 'down'))).toBe('division-by-zero')
    expect(reasonOf(() => divide(d('1'), d('-0.000'), 2, 'down'))).toBe('division-by-zero')
    expect(reasonOf(() => round(d('1'), -1, 'down'))).toBe('bad-scale')
    expect(reasonOf(() => round(d('1'), 1.5, 'down'))).toBe('bad-scale')
    expect(reasonOf(() => round(d('1'), 65, 'down'))).toBe('bad-scale')
    expect(reasonOf(() => round(d('1'), 2, undefined as unknown as RoundingMode))).toBe('bad-rounding-mode')
    expect(reasonOf(() => round(d('1'), 2, 'nearest' as RoundingMode))).toBe('bad-rounding-mode')
    expect(reasonOf(() => parseDecimal('0.1234567', { maxScale: 6 }))).toBe('too-many-decimals')
    expect(reasonOf(() => parseDecimal('123456789012345678901'))).toBe('too-many-digits')
  })
})

describe('currency scales', () => {
  it('has a scale for every currency the catalogue lists', () => {
    const codes = new Set(CATALOG.flatMap((e) => [e.base, e.quote]))
    for (const code of codes) expect(() => currencyScale(code), code).not.toThrow()
  })

  it('narrows and checks amounts at a currency scale', () => {
    expect(currencyScale('BTC')).toBe(8)
    expect(currencyScale('USDT')).toBe(6)
    expect(roundToCurrency(d('0.123456789'), 'BTC', 'down')).toBe('0.12345678')
    expect(roundToCurrency(d('0.123456789'), 'BTC', 'up')).toBe('0.12345679')
    expect(checkCurrencyScale(toFixedScale(d('100'), 2, 'down'), 'JPY')).toBe('100')
    expect(reasonOf(() => checkCurrencyScale(d('0.001'), 'USD'))).toBe('too-many-decimals')
    expect(reasonOf(() => currencyScale('XYZ'))).toBe('unknown-currency')
    expect(reasonOf(() => currencyScale('toString'))).toBe('unknown-currency')
  })
})
