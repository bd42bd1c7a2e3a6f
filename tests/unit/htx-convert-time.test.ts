/**
 * Upstream times (server/market/sources/htx/convert.ts MAX_AHEAD_MS): a push stamped far after this server's clock is
 * dropped, and so is a trade so stamped within a push. Without it, one such ticker pinned every later ticker of the
 * symbol to its time (the hub keeps a symbol's tickers in time order: hub.ts `tickerTs`): this test's normal ticker
 * then carried the bogus stamp of an hour ahead.
 */
import { describe, expect, it } from 'vitest'
import { convertPush, MAX_AHEAD_MS } from '../../server/market/sources/htx/convert'
import { testHub } from '../helpers/market-hub'

const NOW = 1_800_000_000_000
const ticker = {
  open: 1,
  high: 2,
  low: 1,
  close: 1.5,
  amount: 3,
  vol: 4,
  count: 5,
  bid: 1.4,
  bidSize: 1,
  ask: 1.6,
  askSize: 1,
}
const trade = (id: number, ts: number) => ({ id, tradeId: id, ts, amount: 0.1, price: 1.5, direction: 'buy' })

describe('upstream times', () => {
  it('drops a push stamped more than MAX_AHEAD_MS after this clock, keeps one within it', () => {
    expect(convertPush('market.btcusdt.ticker', NOW + MAX_AHEAD_MS, ticker, NOW)).toMatchObject({ type: 'ticker' })
    expect(convertPush('market.btcusdt.ticker', NOW + MAX_AHEAD_MS + 1, ticker, NOW)).toBeUndefined()
    expect(convertPush('market.btcusdt.ticker', 0, ticker, NOW)).toBeUndefined()
    expect(convertPush('market.btcusdt.ticker', Number.NaN, ticker, NOW)).toBeUndefined()
  })

  it('drops the future trades of a push and the push when none is left', () => {
    const data = [trade(1, NOW - 10), trade(2, NOW + 3_600_000)]
    expect(convertPush('market.btcusdt.trade.detail', NOW, { data }, NOW)).toMatchObject({
      type: 'trades',
      trades: [{ tradeId: 1 }],
    })
    expect(convertPush('market.btcusdt.trade.detail', NOW, { data: [data[1]] }, NOW)).toBeUndefined()
  })

  it('leaves the hub’s ticker times to the normal pushes', () => {
    const hub = testHub()
    const heard: number[] = []
    hub.onEvent((e) => {
      if (e.type === 'ticker') heard.push(e.ts)
    })
    for (const ts of [NOW + 3_600_000, NOW + 1_000]) {
      const e = convertPush('market.btcusdt.ticker', ts, ticker, NOW)
      if (e) hub.event(e)
    }
    expect(heard).toEqual([NOW + 1_000])
  })
})
