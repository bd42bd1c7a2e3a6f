// common/amount against big.js as an independent oracle (the module itself is BigInt fixed-point): for random
// decimals of up to 30 digits and 24 decimals, add, subtract, multiply, divide (every mode and scale), round,
// toFixedScale and compare give exactly what big.js gives, and every result is canonical decimal text.
import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  add,
  compare,
  divide,
  multiply,
  parseDecimal,
  round,
  ROUNDING_MODES,
  subtract,
  toFixedScale,
  type DecimalString,
  type RoundingMode,
} from '../../common/amount'

const RUNS = { numRuns: 2000 }

/** Decimal text with up to 30 digits and 0…24 decimals, trailing zeros and "-0" included. */
const decimalText: fc.Arbitrary<DecimalString> = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 24 }), fc.boolean())
  .map(([units, scale, negativeZero]) => {
    const abs = (units < 0n ? -units : units).toString().padStart(scale + 1, '0')
    const text = scale === 0 ? abs : `${abs.slice(0, abs.length - scale)}.${abs.slice(abs.length - scale)}`
    return ((units < 0n || (units === 0n && negativeZero) ? '-' : '') + text) as DecimalString
  })
/** Mostly small values with few decimals, where rounding ties are frequent. */
const smallText: fc.Arbitrary<DecimalString> = fc
  .tuple(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: 0, max: 4 }))
  .map(([n, scale]) => new Big(n).div(10 ** scale).toFixed(scale) as DecimalString)
const anyText = fc.oneof(decimalText, smallText)
const mode = fc.constantFrom(...ROUNDING_MODES)
const scale = fc.integer({ min: 0, max: 30 })

/** big.js's rounding constant for `m` when the exact value has sign `s`. */
function bigMode(m: RoundingMode, s: number): Big.RoundingMode {
  const table = { down: 0, 'half-up': 1, 'half-even': 2, up: 3 } as const
  if (m === 'floor') return s < 0 ? 3 : 0
  if (m === 'ceiling') return s < 0 ? 0 : 3
  return table[m]
}

/** big.js text without exponent and without "-0". */
function oracle(b: Big, places?: number, rm?: Big.RoundingMode): string {
  const text = places === undefined ? b.toFixed() : b.toFixed(places, rm)
  return /^-[0.]+$/.test(text) ? text.slice(1) : text
}

/** An oracle constructor whose divisions keep `dp` places by `rm` (Big.DP/RM are per constructor). */
function bigWith(dp: number, rm: Big.RoundingMode): Big.BigConstructor {
  const B = Big()
  B.DP = dp
  B.RM = rm
  return B
}

const CANONICAL = /^(?:0|-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?)$/

describe('common/amount agrees with big.js', () => {
  it('add and subtract are exact and canonical', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        expect(add(a, b)).toBe(oracle(new Big(a).plus(b)))
        expect(subtract(a, b)).toBe(oracle(new Big(a).minus(b)))
        expect(add(a, b)).toMatch(CANONICAL)
      }),
      RUNS,
    )
  })

  it('multiply is exact', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        const product = multiply(a, b)
        expect(product).toBe(oracle(new Big(a).times(b)))
        expect(product).toMatch(CANONICAL)
      }),
      RUNS,
    )
  })

  it('divide rounds the exact quotient once, by the mode, to the scale', () => {
    fc.assert(
      fc.property(anyText, anyText, scale, mode, (a, b, places, m) => {
        fc.pre(!new Big(b).eq(0))
        const B = bigWith(places, bigMode(m, new Big(a).s * new Big(b).s))
        expect(divide(a, b, places, m)).toBe(oracle(new B(a).div(b)))
      }),
      RUNS,
    )
  })

  it('divide settles ties by the mode (divisors that make exact halves)', () => {
    const tieDivisor = fc.constantFrom('2', '-2', '4', '8', '16', '0.2', '0.08', '-0.5') as fc.Arbitrary<DecimalString>
    fc.assert(
      fc.property(smallText, tieDivisor, fc.integer({ min: 0, max: 4 }), mode, (a, b, places, m) => {
        const B = bigWith(places, bigMode(m, new Big(a).s * new Big(b).s))
        expect(divide(a, b, places, m)).toBe(oracle(new B(a).div(b)))
      }),
      RUNS,
    )
  })

  it('round and toFixedScale narrow like big.js round/toFixed', () => {
    fc.assert(
      fc.property(anyText, scale, mode, (a, places, m) => {
        const rm = bigMode(m, new Big(a).s)
        expect(round(a, places, m)).toBe(oracle(new Big(a).round(places, rm)))
        expect(toFixedScale(a, places, m)).toBe(oracle(new Big(a), places, rm))
      }),
      RUNS,
    )
  })

  it('compare orders like big.js, and parsing keeps the value', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        expect(compare(a, b)).toBe(new Big(a).cmp(b))
        expect(parseDecimal(a, { maxScale: 30, maxIntegerDigits: 31 })).toBe(oracle(new Big(a)))
      }),
      RUNS,
    )
  })

  it('rounding a result back is consistent: round(a, s, down) ≤ a ≤ round(a, s, up) in absolute value', () => {
    fc.assert(
      fc.property(anyText, scale, (a, places) => {
        const abs = (x: string) => new Big(x).abs()
        expect(abs(round(a, places, 'down')).lte(abs(a))).toBe(true)
        expect(abs(round(a, places, 'up')).gte(abs(a))).toBe(true)
        expect(new Big(round(a, places, 'floor')).lte(a)).toBe(true)
        expect(new Big(round(a, places, 'ceiling')).gte(a)).toBe(true)
      }),
      RUNS,
    )
  })
})
