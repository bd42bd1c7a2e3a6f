/**
 * The mark price (common/trading/mark-price.ts): median of the book's mid, the last trade and a one-second EMA of the
 * mid, figures by hand. A single trade far from the book does not move it; a moved book does; the EMA steps once per
 * whole second with α = 2/31, rounded half-even to 12 decimals.
 */
import { describe, expect, it } from 'vitest'
import { parseDecimal as d } from '../../common/amount'
import { feedDecimal, MarkPrice } from '../../common/trading/mark-price'

const T0 = 1_700_000_000_000 // a whole second

describe('mark price', () => {
  it('has no mark before the first book, then the mid (no trade yet)', () => {
    const m = new MarkPrice(4)
    m.onTrade(d('100'), T0)
    expect(m.mark()).toBeUndefined()
    m.onBook(d('100'), d('102'), T0)
    expect(m.mark()).toMatchObject({ price: '101', mid: '101', last: '100', ema: '101' })
  })

  it('ignores a single trade far from the book (the median stays between mid and EMA)', () => {
    const m = new MarkPrice(4)
    m.onBook(d('100'), d('102'), T0)
    m.onTrade(d('150'), T0 + 10)
    expect(m.mark()!.price).toBe('101')
    m.onTrade(d('50'), T0 + 20)
    expect(m.mark()!.price).toBe('101')
  })

  it('follows a moved book: one EMA step per whole second, with the mid in force during it', () => {
    const m = new MarkPrice(4)
    m.onBook(d('100'), d('102'), T0)
    m.onTrade(d('111'), T0 + 500)
    // At T0+1s the second T0 is sampled with mid 101: the EMA stays 101; the new mid is 111.
    m.onBook(d('110'), d('112'), T0 + 1000)
    expect(m.mark()).toMatchObject({ price: '111', mid: '111', ema: '101' })
    // At T0+2s one step toward 111: 101 + (111 − 101) × 2 / 31 = 101.645161290322580… → 12 decimals half-even.
    m.onBook(d('110'), d('112'), T0 + 2000)
    expect(m.mark()!.ema).toBe('101.645161290323')
    // A trade below both: the median is the EMA.
    m.onTrade(d('101.5'), T0 + 2100)
    expect(m.mark()!.price).toBe('101.6452')
  })

  it('restarts the EMA at the mid after five minutes without a book, and rounds the mark to its scale', () => {
    const m = new MarkPrice(2)
    m.onBook(d('100'), d('102'), T0)
    m.onBook(d('200.001'), d('200.002'), T0 + 301_000)
    m.onBook(d('200.001'), d('200.002'), T0 + 302_000)
    expect(m.mark()).toMatchObject({ ema: '200.0015', price: '200' })
  })

  it('uses the ticker close as the last price until a trade is seen, and skips crossed books', () => {
    const m = new MarkPrice(4)
    m.onBook(d('100'), d('102'), T0)
    m.onTicker(d('103'), T0)
    expect(m.mark()).toMatchObject({ last: '103', price: '101' })
    m.onTrade(d('101.5'), T0 + 1)
    m.onTicker(d('90'), T0 + 2)
    expect(m.mark()!.last).toBe('101.5')
    m.onBook(d('105'), d('104'), T0 + 3)
    expect(m.mark()!.mid).toBe('101')
  })

  it('reads feed numbers as their decimal text', () => {
    expect(feedDecimal(61675.44)).toBe('61675.44')
    expect(feedDecimal(1e-7)).toBe('0.0000001')
    expect(feedDecimal(0)).toBeUndefined()
    expect(feedDecimal(Number.NaN)).toBeUndefined()
  })
})
