// What the spot order form computes before sending: fees in the currency received at the market's maker or taker
// rate, a market order's VWAP over the visible book, "Lack of funds" before anything is frozen, and the 25/50/75/100 %
// quantities. Figures worked by hand.
import { describe, expect, it } from 'vitest'
import type { MarketTradeConfig } from '../../common/api/trade'
import type { Level } from '../../common/feed/messages'
import { amountForBudget } from '../../common/trading/book-walk'
import { amountForShare, checkOrder, previewOrder, type OrderDraft } from '../../src/features/trade'

const terms: MarketTradeConfig = {
  symbol: 'btcusdt',
  base: 'BTC',
  quote: 'USDT',
  taker_fee_rate: '0.002',
  maker_fee_rate: '0.001',
  min_amount: '0.0001',
  slippage_cap: '0.05',
  spot_open: true,
  micro_open: true,
  price_precision: 2,
  amount_precision: 6,
  price_max_age_ms: 2000,
}
const asks: Level[] = [
  [100, 1],
  [101, 2],
]
const bids: Level[] = [
  [99, 1.5],
  [98, 1],
]
const book = { asks, bids }
const draft = (d: Partial<OrderDraft>): OrderDraft => ({ side: 'buy', type: 'limit', price: '', amount: '', ...d })
const balances: Record<string, string> = { USDT: '250', BTC: '0.5' }
const available = (c: string) => balances[c] ?? '0'

describe('previewOrder', () => {
  it('a limit buy under the asks: price × amount in USDT, the maker fee in BTC', () => {
    const p = previewOrder(draft({ price: '99.5', amount: '0.5' }), terms, book)
    expect(p.total).toBe('49.75')
    expect(p.fee).toEqual({ amount: '0.0005', currency: 'BTC' })
    expect(p.spend).toEqual({ amount: '49.75', currency: 'USDT' })
    expect(p.receive).toEqual({ amount: '0.4995', currency: 'BTC' })
  })

  it('rounds a fee up to the unit of the currency received, as the server does', () => {
    // 0.0001234 BTC × 0.1 % = 0.0000001234 → 0.00000013 BTC
    expect(previewOrder(draft({ price: '99.5', amount: '0.0001234' }), terms, book).fee?.amount).toBe('0.00000013')
  })

  it('a crossing limit buy: the taker fee on what it takes from the asks at once, the maker fee on the rest', () => {
    // Up to 100.5 it takes the 1 BTC ask at 100 (taker 0.2 % = 0.002 BTC); 0.5 rests at 100.5 (maker 0.1 % = 0.0005).
    const p = previewOrder(draft({ price: '100.5', amount: '1.5' }), terms, book)
    expect(p.fee).toEqual({ amount: '0.0025', currency: 'BTC' })
    expect(p.total).toBe('150.25') // 100 + 0.5 × 100.5
    expect(p.spend).toEqual({ amount: '150.25', currency: 'USDT' })
    expect(p.crosses, 'shown as an estimate').toBe(true)
    expect(previewOrder(draft({ price: '99.5', amount: '1' }), terms, book).crosses).toBe(false)
    // Wholly crossed: all of it at the taker rate (the old preview showed the maker fee, 0.0005 BTC).
    expect(previewOrder(draft({ price: '100', amount: '0.5' }), terms, book).fee?.amount).toBe('0.001')
  })

  it('a crossing limit sell: the taker fee in USDT on the bids it takes, the maker fee on the rest', () => {
    // Down to 98.5 it takes 1.5 at 99 = 148.5 (taker 0.297); 0.5 rests at 98.5 = 49.25 (maker 0.04925 → 0.04925).
    const p = previewOrder(draft({ side: 'sell', price: '98.5', amount: '2' }), terms, book)
    expect(p.total).toBe('197.75')
    expect(p.fee).toEqual({ amount: '0.34625', currency: 'USDT' })
    expect(p.receive).toEqual({ amount: '197.40375', currency: 'USDT' })
  })

  it('a market buy walks the asks: 1 at 100 + 0.5 at 101 = 150.5, VWAP 100.33, the taker fee', () => {
    const p = previewOrder(draft({ type: 'market', amount: '1.5' }), terms, book)
    expect(p.total).toBe('150.5')
    expect(p.price).toBe('100.3334') // a buyer's VWAP rounds up, against the taker
    expect(p.fee).toEqual({ amount: '0.003', currency: 'BTC' })
  })

  it('a market sell walks the bids and takes the fee in USDT', () => {
    const p = previewOrder(draft({ side: 'sell', type: 'market', amount: '2' }), terms, book)
    // 1.5 × 99 + 0.5 × 98 = 197.5; fee 0.2 % = 0.395
    expect(p.total).toBe('197.5')
    expect(p.fee).toEqual({ amount: '0.395', currency: 'USDT' })
    expect(p.spend).toEqual({ amount: '2', currency: 'BTC' })
    expect(p.receive).toEqual({ amount: '197.105', currency: 'USDT' })
  })

  it('a market order beyond the visible depth is flagged, not priced', () => {
    const p = previewOrder(draft({ type: 'market', amount: '3.5' }), terms, book)
    expect(p.bookTooThin).toBe(true)
    expect(p.total).toBeNull()
  })
})

describe('checkOrder', () => {
  const check = (d: Partial<OrderDraft>, hasBook = true) => {
    const o = draft(d)
    return checkOrder(o, terms, previewOrder(o, terms, hasBook ? book : undefined), available, hasBook)
  }
  it('refuses more than the balance before sending: Lack of funds', () => {
    expect(check({ price: '100', amount: '2.6' })).toEqual({ amount: 'lackOfFunds' })
    expect(check({ price: '100', amount: '2.5' })).toEqual({})
    expect(check({ side: 'sell', price: '100', amount: '0.500001' })).toEqual({ amount: 'lackOfFunds' })
    expect(check({ type: 'market', amount: '2.49' })).toEqual({ amount: 'lackOfFunds' }) // 100 + 1.49 × 101 = 250.49
  })
  it('names the field: price and quantity format, decimals, minimum', () => {
    expect(check({ price: '', amount: '' })).toEqual({ price: 'required', amount: 'required' })
    expect(check({ price: 'abc', amount: '0' })).toEqual({ price: 'format', amount: 'notPositive' })
    expect(check({ price: '100.001', amount: '0.0000001' })).toEqual({
      price: 'tooManyDecimals',
      amount: 'tooManyDecimals',
    })
    expect(check({ price: '100', amount: '0.00009' })).toEqual({ amount: 'belowMinimum' })
  })
  it('a market order needs a book deep enough', () => {
    expect(check({ type: 'market', amount: '0.1' }, false)).toEqual({ type: 'noBook' })
    expect(check({ side: 'sell', type: 'market', amount: '0.1' })).toEqual({})
    balances.BTC = '10'
    try {
      expect(check({ side: 'sell', type: 'market', amount: '3' })).toEqual({ type: 'bookTooThin' })
    } finally {
      balances.BTC = '0.5'
    }
  })
})

describe('amountForShare', () => {
  it('sell: the share of the BTC balance', () => {
    expect(amountForShare(50, draft({ side: 'sell' }), terms, available, book)).toBe('0.25')
  })
  it('limit buy: the share of USDT at the limit price, floored to the amount precision', () => {
    expect(amountForShare(100, draft({ price: '300' }), terms, available, book)).toBe('0.833333')
    expect(amountForShare(25, draft({ price: '' }), terms, available, book)).toBeNull()
  })
  it('market buy: what the share buys walking the asks (250 USDT: 1 at 100, then 150/101)', () => {
    expect(amountForShare(100, draft({ type: 'market' }), terms, available, book)).toBe('2.485148')
    expect(amountForBudget(asks, '50' as never, 6)).toBe('0.5')
  })
})
