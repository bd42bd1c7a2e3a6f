// Order-book rows (depth bar shares) and trade times of the K-line page's panels.
import { describe, expect, it } from 'vitest'
import { bookRows } from '../../src/features/order-book/book-rows'
import { formatTradeTime } from '../../src/features/trades/trade-time'

describe('order book rows', () => {
  it('keeps the best levels of each side and sizes bars by cumulative amount on one shared scale', () => {
    const { bids, asks } = bookRows(
      [
        [100, 1],
        [99, 3],
        [98, 4],
      ],
      [
        [101, 2],
        [102, 2],
        [103, 50],
      ],
      2,
    )
    expect(bids.map((r) => r.price)).toEqual([100, 99])
    expect(asks.map((r) => r.price)).toEqual([101, 102])
    // Cumulative: bids 1, 4; asks 2, 4 → the larger side's total (4) is the full bar.
    expect(bids.map((r) => r.depth)).toEqual([0.25, 1])
    expect(asks.map((r) => r.depth)).toEqual([0.5, 1])
    expect(bids[1]).toMatchObject({ price: 99, amount: 3 })
  })

  it('an empty book gives no rows and no division by zero', () => {
    expect(bookRows([], [], 15)).toEqual({ bids: [], asks: [] })
    expect(bookRows([[1, 0]], [], 15).bids[0]!.depth).toBe(0)
  })
})

describe('trade time', () => {
  it('prints HH:mm:ss in local time, zero-padded', () => {
    const d = new Date(2025, 0, 2, 3, 4, 5)
    expect(formatTradeTime(d.getTime())).toBe('03:04:05')
    expect(formatTradeTime(new Date(2025, 0, 2, 23, 59, 59, 999).getTime())).toBe('23:59:59')
  })
})
