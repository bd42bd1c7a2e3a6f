/**
 * One feed print shared among resting futures limit orders (server/trading/contract/entrusts.ts `allocatePrint`,
 * issue 21 part 4): never more than its size, best price first, then the oldest; the last order served takes what is
 * left (a partial fill: the old all-or-none rule passed it by and served a smaller order behind it), and one placed
 * after the print, or not crossed by it, is never filled.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { add, compare, parseDecimal } from '../../common/amount'
import { allocatePrint, type RestingOrder } from '../../server/trading/contract/entrusts'

const d = parseDecimal
const order = (id: number, side: 'long' | 'short', price: string, amount: string, createdAt = 0): RestingOrder => ({
  id,
  side,
  price,
  amount,
  createdAt,
})

describe('allocatePrint', () => {
  it('gives a print to the best price, then the oldest, up to its size', () => {
    const list = [
      order(1, 'long', '60000', '0.2', 1),
      order(2, 'long', '60005', '0.2', 2),
      order(3, 'long', '60000', '0.2', 3),
      order(4, 'long', '59990', '0.05', 0), // not crossed by a print at 59,995
      order(5, 'long', '60010', '0.1', 10), // placed after the print
    ]
    const shares = (size: string) => allocatePrint(list, 5, d('59995'), d(size)).map((s) => `${s.order.id}:${s.amount}`)
    expect(shares('0.5')).toEqual(['2:0.2', '1:0.2', '3:0.1'])
    expect(shares('0.000001')).toEqual(['2:0.000001'])
  })

  it('gives the first order in priority what the print has even when it cannot cover it whole', () => {
    // The lower short is further through a print at 60,002: it takes all 0.5 of it; the smaller one behind waits.
    const list = [order(1, 'short', '60000', '20'), order(2, 'short', '60001', '0.1')]
    const shares = allocatePrint(list, 0, d('60002'), d('0.5')).map((s) => `${s.order.id}:${s.amount}`)
    expect(shares).toEqual(['1:0.5'])
  })

  it('never allocates more than the print, nor an order it does not cross', () => {
    const arb = fc.array(
      fc.record({
        side: fc.constantFrom('long' as const, 'short' as const),
        price: fc.integer({ min: 59_990, max: 60_010 }).map(String),
        amount: fc.integer({ min: 1, max: 100 }).map((n) => (n / 100).toFixed(2)),
        createdAt: fc.integer({ min: 0, max: 10 }),
      }),
      { maxLength: 12 },
    )
    fc.assert(
      fc.property(arb, fc.integer({ min: 59_990, max: 60_010 }), fc.integer({ min: 0, max: 300 }), (raw, p, size) => {
        const list = raw.map((o, i) => order(i + 1, o.side, o.price, o.amount, o.createdAt))
        const price = d(String(p))
        const taken = allocatePrint(list, 5, price, d((size / 100).toFixed(2)))
        const total = taken.reduce((sum, s) => add(sum, s.amount), d('0'))
        expect(compare(total, d((size / 100).toFixed(2)))).toBeLessThanOrEqual(0)
        for (const { order: o, amount } of taken) {
          expect(compare(amount, d(o.amount))).toBeLessThanOrEqual(0)
          expect(o.createdAt).toBeLessThanOrEqual(5)
          const c = compare(price, d(o.price))
          expect(o.side === 'long' ? c <= 0 : c >= 0).toBe(true)
        }
      }),
    )
  })
})
