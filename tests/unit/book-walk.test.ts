// Walking a book for a market order (common/trading/book-walk.ts): the VWAP is rounded against the taker (issue 21
// Part 9) — a buyer's up, a seller's down — so a rounded price never gives the taker what the book did not.
import { describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import { walkBook } from '../../common/trading/book-walk'

const d = parseDecimal

describe('walkBook', () => {
  // 1 @ 100 + 2 @ 101 = 302 for 3: VWAP 100.666…
  const asks: [number, number][] = [
    [100, 1],
    [101, 2],
  ]
  const bids: [number, number][] = [
    [101, 2],
    [100, 1],
  ]

  it.each([
    ['buy', asks, '100.67'],
    ['sell', bids, '100.66'],
  ] as const)('rounds a %s VWAP against the taker', (taker, levels, vwap) => {
    const walk = walkBook(levels, d('3'), 2, taker)!
    expect(walk.quote).toBe('302')
    expect(walk.vwap).toBe(vwap)
  })

  it('leaves an exact VWAP as it is', () => {
    expect(walkBook(asks, d('1'), 2, 'buy')!.vwap).toBe('100')
    expect(walkBook(bids, d('2'), 2, 'sell')!.vwap).toBe('101')
  })

  it('reads exponent-form feed numbers and skips levels that are not > 0', () => {
    const walk = walkBook(
      [
        [Number.NaN, 1],
        [0.00001, 0],
        [1e-7, 3e6],
      ],
      d('1000000'),
      8,
      'buy',
    )!
    expect(walk.fills).toEqual([{ price: '0.0000001', amount: '1000000' }])
    expect(walk.quote).toBe('0.1')
  })

  it('answers undefined when the book is too thin', () => {
    expect(walkBook(asks, d('4'), 2, 'buy')).toBeUndefined()
  })
})
