// @vitest-environment happy-dom
/**
 * The Futures list's model (issue 24 part 1): rows are exactly the open perpetuals of GET contract/tickers joined to
 * their listing, the feed's swap listings never show as markets, and offline the kept answer stands in without its
 * marks (an old mark is not shown as a mark).
 */
import 'fake-indexeddb/auto'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ContractTickers } from '../../common/api/contract'
import type { MarketItem } from '../../common/market'
import { isListedMarket, perpetualRows, usePerpetuals } from '../../src/features/markets'

afterEach(cleanup)

const item = (extends_: string, category: MarketItem['category'] = 'spot'): MarketItem =>
  ({ extends: extends_, symbol: extends_, category, currency_name: 'X', legal_name: 'USDT' }) as MarketItem

const ticker = (symbol: string, mark: string | null) => ({
  symbol,
  base: symbol.replace('usdt', '').toUpperCase(),
  quote: 'USDT',
  mark_price: mark,
  funding_rate: '0.0001',
  next_funding_time: 1_700_000_000_000,
  max_leverage: 100,
})

describe('perpetualRows', () => {
  it('keeps the answer order, joins each to its listing and drops a symbol that is not listed', () => {
    const items = [item('ethusdt'), item('btcusdt'), item('BTC-USDT', 'futures')]
    const answer: ContractTickers = {
      list: [ticker('btcusdt', '1'), ticker('nosuchusdt', '2'), ticker('ethusdt', null)],
      time: 0,
    }
    const rows = perpetualRows(items, answer)
    expect(rows.map((r) => [r.item.extends, r.ticker.mark_price])).toEqual([
      ['btcusdt', '1'],
      ['ethusdt', null],
    ])
    expect(perpetualRows(items, null)).toEqual([])
  })

  it('lists spot and forex as markets, never the feed swap listings', () => {
    expect(['spot', 'forex', 'futures'].map((c) => isListedMarket({ category: c as MarketItem['category'] }))).toEqual([
      true,
      true,
      false,
    ])
  })
})

describe('usePerpetuals', () => {
  it('offline, shows the kept perpetuals without their marks; with nothing kept, says it failed', async () => {
    const answer: ContractTickers = { list: [ticker('btcusdt', '60000.12')], time: 1 }
    const online = renderHook(() => usePerpetuals({ contractTickers: async () => answer }))
    await waitFor(() => expect(online.result.current.answer).toEqual(answer))
    online.unmount()
    const offline = { contractTickers: () => Promise.reject(new TypeError('Failed to fetch')) }
    const away = renderHook(() => usePerpetuals(offline))
    await waitFor(() =>
      expect(away.result.current.answer?.list[0]).toMatchObject({ symbol: 'btcusdt', mark_price: null }),
    )
    expect(away.result.current.failed).toBe(false)
    // Disabled: nothing is read (the Spot tab does not poll the futures answer).
    let calls = 0
    renderHook(() => usePerpetuals({ contractTickers: async () => (calls++, answer) }, false))
    await new Promise((r) => queueMicrotask(() => r(undefined)))
    expect(calls).toBe(0)
  })
})
