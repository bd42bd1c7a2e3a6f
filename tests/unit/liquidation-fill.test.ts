/**
 * How a liquidated position is priced (server/trading/contract/liquidation-fill.ts, issue 21 part 5): against the
 * book, the remainder a thin book cannot take at the bankruptcy price, never better for the user than the book.
 */
import { describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import { bankruptcyPrice, liquidationFill } from '../../server/trading/contract/liquidation-fill'

const d = parseDecimal
const never = () => {
  throw new Error('the book covers the whole amount: no bankruptcy price needed')
}

describe('liquidationFill', () => {
  it('sells a long into the bids at their VWAP, rounded down', () => {
    const fill = liquidationFill(
      'long',
      [
        [100, 1],
        [99, 2],
      ],
      d('2'),
      d('110'),
      never,
      d('100.5'),
      2,
    )
    expect(fill).toEqual({ price: '99.5', fromBook: '2' })
    const odd = liquidationFill(
      'long',
      [
        [100, 1],
        [99, 2],
      ],
      d('3'),
      d('110'),
      never,
      d('100.5'),
      2,
    )
    expect(odd.price).toBe('99.33') // 298 / 3 = 99.333…, down
  })

  it('buys a short back from the asks, rounded up', () => {
    const fill = liquidationFill(
      'short',
      [
        [101, 1],
        [102, 2],
      ],
      d('3'),
      d('90'),
      never,
      d('100.5'),
      2,
    )
    expect(fill.price).toBe('101.67') // 305 / 3 = 101.666…, up
  })

  it('closes what the book cannot take at the bankruptcy price, given what the book part realized', () => {
    const seen: string[][] = []
    const fill = liquidationFill(
      'long',
      [[100, 1]],
      d('3'),
      d('110'),
      (rest, pnl, quote) => {
        seen.push([rest, pnl, quote])
        return d('95')
      },
      d('100.5'),
      2,
    )
    expect(seen).toEqual([['2', '-10', '100']])
    expect(fill).toEqual({ price: '96.66', fromBook: '1', remainderPrice: '95' })
  })

  it('never closes the remainder at a price better for the user than the book, or the mark on an empty side', () => {
    const long = liquidationFill('long', [[100, 1]], d('2'), d('90'), () => d('105'), d('100.5'), 2)
    expect(long).toMatchObject({ price: '100', remainderPrice: '100' })
    const short = liquidationFill('short', [], d('2'), d('110'), () => d('95'), d('100.5'), 2)
    expect(short).toMatchObject({ price: '100.5', fromBook: '0', remainderPrice: '100.5' })
  })
})

describe('bankruptcyPrice', () => {
  it("is where the account's balance after the close and its fee is zero", () => {
    // Long 2 opened at 110, 20 of equity, no fee: 110 − 20 / 2 = 100.
    expect(bankruptcyPrice('long', d('2'), d('110'), d('20'), d('0'), d('0'), 2)).toBe('100')
    expect(bankruptcyPrice('short', d('2'), d('90'), d('20'), d('0'), d('0'), 2)).toBe('100')
    // With a 0.05 % fee on the whole close: 2 × (110 − p) + 0.0005 × 2p = 20 → p = 200 / 1.999 = 100.050025…, down.
    expect(bankruptcyPrice('long', d('2'), d('110'), d('20'), d('0.0005'), d('0'), 2)).toBe('100.05')
    // A short: 20 + 2 × (90 − p) − 0.0005 × 2p = 0 → p = 200 / 2.001 = 99.950024…, up.
    expect(bankruptcyPrice('short', d('2'), d('90'), d('20'), d('0.0005'), d('0'), 2)).toBe('99.96')
  })

  it('never answers a negative price for a long', () => {
    expect(bankruptcyPrice('long', d('1'), d('10'), d('50'), d('0'), d('0'), 2)).toBe('0')
  })
})
