// Home gain-list rankings and the markets it ranks: what a user sees in Comprehensive, Increase and Decline.
import { describe, expect, it } from 'vitest'
import type { TickerSnapshot } from '../../common/engine-api'
import type { MarketItem } from '../../common/market'
import { gainListMarkets, newestReceivedAt, oldestCachedAt, rankMarkets } from '../../src/features/markets'

function market(symbol: string, category: MarketItem['category'] = 'spot', quote = 'USDT'): MarketItem {
  return {
    currency_id: 1,
    currency_name: symbol.toUpperCase(),
    legal_name: quote,
    logo: '',
    matches_id: 1,
    market_from: 2,
    symbol,
    extends: symbol,
    category,
    price_precision: 2,
    amount_precision: 2,
    tradable: { spot: true, contract: true, option: true },
    popular: false,
    sort: 0,
  }
}

function ticker(
  symbol: string,
  open: number,
  close: number,
  vol: number,
  receivedAt = 1000,
  origin: TickerSnapshot['origin'] = 'live',
): TickerSnapshot {
  return {
    symbol,
    open,
    close,
    vol,
    high: close,
    low: open,
    amount: 1,
    count: 1,
    bid: close,
    bidSize: 1,
    ask: close,
    askSize: 1,
    lastPrice: close,
    lastSize: 1,
    ts: receivedAt,
    receivedAt,
    origin,
  }
}

const items = [market('aaa'), market('bbb'), market('ccc'), market('ddd')]
const tickers = new Map([
  ['aaa', ticker('aaa', 100, 110, 5_000)], // +10 %
  ['bbb', ticker('bbb', 100, 95, 90_000)], // −5 %
  ['ccc', ticker('ccc', 100, 100.5, 20_000)], // +0.5 %
  // ddd has no ticker yet
])

describe('rankMarkets', () => {
  it('Comprehensive orders by 24 h quote volume', () => {
    expect(rankMarkets(items, tickers, 'comprehensive').map((m) => m.extends)).toEqual(['bbb', 'ccc', 'aaa'])
  })
  it('Increase puts the top gainer first', () => {
    expect(rankMarkets(items, tickers, 'increase').map((m) => m.extends)).toEqual(['aaa', 'ccc', 'bbb'])
  })
  it('Decline puts the top loser first', () => {
    expect(rankMarkets(items, tickers, 'decline').map((m) => m.extends)).toEqual(['bbb', 'ccc', 'aaa'])
  })
  it('keeps at most `limit` markets', () => {
    expect(rankMarkets(items, tickers, 'increase', 2)).toHaveLength(2)
  })
  it('ranks by the exact change, not the 2-decimal display', () => {
    const close = new Map([
      ['aaa', ticker('aaa', 3, 3.0001, 1)], // +0.00333…%, shown "+0.00%"
      ['bbb', ticker('bbb', 3, 3.0002, 1)], // +0.00666…%, shown "+0.01%"
      ['ccc', ticker('ccc', 7, 7.0003, 1)], // +0.00428…%, shown "+0.00%"
    ])
    expect(rankMarkets(items, close, 'increase').map((m) => m.extends)).toEqual(['bbb', 'ccc', 'aaa'])
  })
})

describe('gainListMarkets', () => {
  it('ranks USDT-quoted spot and futures markets, not forex', () => {
    const list = [market('btcusdt'), market('BTC-USDT', 'futures'), market('eurusd', 'forex', 'USD')]
    expect(gainListMarkets(list).map((m) => m.extends)).toEqual(['btcusdt', 'BTC-USDT'])
  })
})

describe('price age', () => {
  it('finds the newest and the oldest cached receivedAt', () => {
    const t = [
      ticker('a', 1, 1, 1, 500, 'cache'),
      ticker('b', 1, 1, 1, 900, 'cache'),
      ticker('c', 1, 1, 1, 2000, 'live'),
    ]
    expect(newestReceivedAt(t)).toBe(2000)
    expect(oldestCachedAt(t)).toBe(500)
    expect(newestReceivedAt([])).toBeNull()
  })
})
