/**
 * GET contract/tickers (issue 24 part 1): the Market tab's Futures list is exactly the perpetuals the futures calls
 * trade — the listed markets open on contract, by their contract symbol — with the server's live mark (null when it
 * is stale or missing) and the funding estimate of contract/funding. The feed's own swap listings (`BTC-USDT`), which
 * an order cannot name, are not in it.
 */
import { describe, expect, it } from 'vitest'
import type { ContractMarket, ContractTickers } from '../../common/api/contract'
import type { MarketItem } from '../../common/market'
import { fundingSamplerFor } from '../../server/trading/contract/funding-sampler'
import { nextFundingTime } from '../../server/trading/contract/funding-rate'
import { contractTickers } from '../../server/trading/contract/tickers'
import { moneyCall } from '../helpers/money-calls'
import { pgliteTestDb } from '../helpers/server-db'
import { contractSuite, marketAt, open, trader } from './contract-fixtures'

describe('contract/tickers', () => {
  const s = contractSuite(() => pgliteTestDb())
  const tickers = async () => (await moneyCall<ContractTickers>(s.t.app, '', 'GET', 'contract/tickers')).body.data

  it('lists every open perpetual by its contract symbol, each one an order can be placed on', async () => {
    marketAt(s, 60000, 60010)
    const items = (await moneyCall<MarketItem[]>(s.t.app, '', 'GET', 'currency/currency_list')).body.data
    const answer = await tickers()
    const symbols = answer.list.map((t) => t.symbol)
    expect(symbols).toContain('btcusdt')
    expect(symbols).toContain('ethusdt')
    // Nothing the feed lists as a swap of its own (they quote another series, and the calls refuse their symbols).
    expect(items.some((i) => i.category === 'futures')).toBe(true)
    expect(symbols.some((x) => items.find((i) => i.extends === x)?.category !== 'spot')).toBe(false)
    // Exactly the listed markets open on contract and margined in USDT, in the listing's order.
    expect(symbols).toEqual(
      items
        .filter((i) => i.tradable.contract && i.legal_name === 'USDT' && /^[a-z0-9]+$/.test(i.extends))
        .map((i) => i.extends),
    )
    const btc = answer.list.find((t) => t.symbol === 'btcusdt')!
    expect(btc).toMatchObject({ base: 'BTC', quote: 'USDT', max_leverage: 100 })
    expect(btc.funding_rate).toMatch(/^-?\d+(\.\d+)?$/)
    expect(Number(btc.mark_price)).toBeGreaterThanOrEqual(60000)
    expect(Number(btc.mark_price)).toBeLessThanOrEqual(60010)
    expect(btc.next_funding_time).toBe(nextFundingTime(answer.time))
    // ETH has no book yet: no mark rather than an old or invented one.
    expect(answer.list.find((t) => t.symbol === 'ethusdt')!.mark_price).toBeNull()
    // Every row is tradable: an order on each opens (BTC here; the rest share the terms path).
    const u = await trader(s, '10000')
    const placed = await open(s, u, { amount: '0.01', side: 'long' })
    expect(placed.body.msg).toBe('success')
  })

  it('leaves out a market the operator closed, and shows no mark once it is older than the age limit', async () => {
    marketAt(s, 60000, 60010)
    const close: Partial<ContractMarket> & object = {
      symbol: 'ethusdt',
      min_leverage: 1,
      max_leverage: 100,
      maintenance_margin_rate: '0.005',
      taker_fee_rate: '0.0005',
      maker_fee_rate: '0.0002',
      min_amount: '0.001',
      open: false,
    }
    const saved = await moneyCall(s.t.app, s.operator.token, 'POST', 'admin/contract_config', close)
    expect(saved.body.code).toBe(1)
    // Each process reuses an answer for at most TICKERS_TTL_MS (1 s): gone by then.
    await expect
      .poll(async () => (await tickers()).list.map((t) => t.symbol), { timeout: 5000 })
      .not.toContain('ethusdt')
    const later = await contractTickers({
      db: s.database.db,
      market: s.market,
      sampler: fundingSamplerFor({ db: s.database.db, market: s.market }),
      now: () => Date.now() + 60_000,
    })
    expect(later.list.find((t) => t.symbol === 'btcusdt')!.mark_price).toBeNull()
  })
})
