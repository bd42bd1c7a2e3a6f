// Home gain-list rankings and the markets it ranks: what a user sees in Comprehensive, Increase and Decline.
import { describe, expect, it } from 'vitest'
import { gainListMarkets, newestReceivedAt, oldestCachedAt, rankMarkets } from '../../src/features/markets'
import { marketItem, tickerSnapshot } from '../helpers/market-fixtures'

const market = marketItem
const ticker = tickerSnapshot

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
  it('Increase lists only the risers, the top gainer first', () => {
    expect(rankMarkets(items, tickers, 'increase').map((m) => m.extends)).toEqual(['aaa', 'ccc'])
  })
  it('Decline lists only the fallers, the top loser first', () => {
    const more = new Map([...tickers, ['ddd', ticker('ddd', 100, 80, 1)]]) // −20 %
    expect(rankMarkets(items, more, 'decline').map((m) => m.extends)).toEqual(['ddd', 'bbb'])
  })
  it('keeps at most `limit` markets', () => {
    expect(rankMarkets(items, tickers, 'increase', 1).map((m) => m.extends)).toEqual(['aaa'])
  })
  it('leaves a market out of both when its change shows as 0.00 %', () => {
    const flat = new Map([
      ['aaa', ticker('aaa', 100, 100, 1)], // 0.00 %
      ['bbb', ticker('bbb', 3, 3.0001, 1)], // +0.00333…%, shown "0.00%"
      ['ccc', ticker('ccc', 3, 2.9999, 1)], // −0.00333…%, shown "0.00%"
    ])
    expect(rankMarkets(items, flat, 'increase')).toEqual([])
    expect(rankMarkets(items, flat, 'decline')).toEqual([])
    expect(rankMarkets(items, flat, 'comprehensive')).toHaveLength(3)
  })
  it('is empty when every market fell (Increase) or rose (Decline)', () => {
    const down = new Map([['aaa', ticker('aaa', 100, 90, 1)]])
    const up = new Map([['aaa', ticker('aaa', 100, 110, 1)]])
    expect(rankMarkets(items, down, 'increase')).toEqual([])
    expect(rankMarkets(items, up, 'decline')).toEqual([])
  })
  it('ranks by the exact change, not the 2-decimal display', () => {
    const close = new Map([
      ['aaa', ticker('aaa', 1000, 1000.12, 1)], // +0.012 %, shown "+0.01%"
      ['bbb', ticker('bbb', 1000, 1000.14, 1)], // +0.014 %, shown "+0.01%"
      ['ccc', ticker('ccc', 1000, 1000.13, 1)], // +0.013 %, shown "+0.01%"
    ])
    expect(rankMarkets(items, close, 'increase').map((m) => m.extends)).toEqual(['bbb', 'ccc', 'aaa'])
  })
})

describe('gainListMarkets', () => {
  it('ranks USDT-quoted spot markets, not the feed swaps or forex', () => {
    const list = [market('btcusdt'), market('BTC-USDT', 'futures'), market('eurusd', 'forex', 'USD')]
    expect(gainListMarkets(list).map((m) => m.extends)).toEqual(['btcusdt'])
  })
})

describe('price age', () => {
  it('finds the newest and the oldest cached receivedAt', () => {
    const t = [
      ticker('a', 1, 1, 1, { receivedAt: 500, origin: 'cache' }),
      ticker('b', 1, 1, 1, { receivedAt: 900, origin: 'cache' }),
      ticker('c', 1, 1, 1, { receivedAt: 2000, origin: 'live' }),
    ]
    expect(newestReceivedAt(t)).toBe(2000)
    expect(oldestCachedAt(t)).toBe(500)
    expect(newestReceivedAt([])).toBeNull()
  })
})
