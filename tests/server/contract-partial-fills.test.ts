/**
 * Issue 21 part 4, futures side: partial fills through the API and the real risk engine, on PGlite and PostgreSQL
 * (BTC/USDT, 10×, taker 0.05 %, maker 0.02 %; figures by hand):
 * 1. a 0.5 BTC limit long at 60,000 (margin 3,000 + maker fee 6 held) fills 0.2 from a 0.2 print (margin 1,200 to
 *    the position, fee 2.4 paid); cancelling then releases only the rest's hold, 1,800 + 3.6: 5,000 → available
 *    3,797.6, frozen 1,200 (the position's margin) (all-or-none code: nothing filled, the cancel released all 3,006).
 * 2. a 1 BTC limit long at 60,100 against asks of 0.3 at 60,010: 0.3 executes at once at 60,010 as a taker (margin
 *    1,800.3, fee 9.0015) and 0.7 rests at 60,100 as a maker (margin 4,207 + fee 8.414 held); a 0.7 print at 60,050
 *    fills the rest, and the position grows to 1 BTC at (0.3 × 60,010 + 0.7 × 60,100) / 1 = 60,073 with margin
 *    6,007.3 (all-or-none code: rested whole at the maker rate, margin 6,010 + 12.02 held, and the 0.7 print filled
 *    nothing).
 * 3. two risk engines on one database (two processes) share a 0.5 print among three 0.2 limit longs: 0.5 BTC filled
 *    in all, never more, the last order in part (all-or-none code: 0.4).
 * 4. with a market minimum of 0.01 BTC, a 0.05 order is not filled 0.005 by a 0.005 print, fills 0.045 from a 0.045
 *    print (its rest of 0.005 may be below the minimum) and its rest from the next 0.005 print; a crossing order
 *    whose book part (0.005) is below the minimum rests whole (all-or-none code: nothing filled from any of the
 *    prints; the crossing order rested whole too).
 */
import { describe, expect, it } from 'vitest'
import { add, parseDecimal } from '../../common/amount'
import type { ContractOrder } from '../../common/api/contract'
import { startContractEngine } from '../../server/trading/contract/engine'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import type { TestUser } from '../helpers/server-users'
import {
  contractSuite,
  expectBalancedLedger,
  open,
  positions,
  settled,
  trader,
  wallet,
  type ContractSuite,
} from './contract-fixtures'

let seq = 2_000_000_000

/** A book of one level a side, `size` BTC each, at the wall clock. */
function bookAt(s: ContractSuite, bid: number, ask: number, size = 5) {
  const ts = Date.now()
  s.market.emit({
    type: 'book',
    symbol: 'btcusdt',
    ts,
    tick: { bids: [[bid, size]], asks: [[ask, size]], version: seq++, ts },
  })
}

/** One print of `amount` BTC at `price`, at the wall clock. */
function printAt(s: ContractSuite, price: number, amount: number) {
  const id = seq++
  const ts = Date.now()
  s.market.emit({
    type: 'trades',
    symbol: 'btcusdt',
    ts,
    trades: [{ id, ts, tradeId: id, amount, price, direction: 'sell' }],
  })
}

/** The user's orders: pending (`open`) or done (`history`). */
const orders = async (s: ContractSuite, u: TestUser, state: 'open' | 'history' = 'open') =>
  (await moneyCall<{ list: ContractOrder[] }>(s.t.app, u.token, 'GET', 'contract/order_list', { state })).body.data.list

const closeAll = (s: ContractSuite, u: TestUser) => moneyCall(s.t.app, u.token, 'POST', 'contract/close_all', {})

function describePartialFills(name: string, s: ContractSuite) {
  it(`cancels only the rest of a partly filled order, releasing the rest's hold (${name})`, async () => {
    bookAt(s, 60000, 60010)
    const u = await trader(s, '5000')
    const placed = await open(s, u, { type: 'limit', price: '60000', amount: '0.5' })
    expect(placed.body.data).toMatchObject({ status: 'pending', margin: '3000', fee: '6', filled_amount: '0' })
    await settled(s)
    printAt(s, 59995, 0.2)
    await settled(s)
    expect.soft(await orders(s, u)).toMatchObject([{ filled_amount: '0.2', margin: '1800', fee: '3.6' }])
    // The position's margin 1,200 and the rest's 1,800 + 3.6 held; the part's fee 2.4 paid.
    expect(await wallet(s, u)).toEqual({ available: '1994', frozen: '3003.6' })
    const cancelled = await moneyCall<ContractOrder>(s.t.app, u.token, 'POST', 'contract/order_cancel', {
      id: placed.body.data.id,
    })
    expect.soft(cancelled.body.data).toMatchObject({ status: 'cancelled', filled_amount: '0.2', fill_price: '60000' })
    expect.soft(await positions(s, u)).toMatchObject([{ amount: '0.2', open_price: '60000', margin: '1200' }])
    expect(await wallet(s, u)).toEqual({ available: '3797.6', frozen: '1200' })
    await expectBalancedLedger(s)
    // A later print no longer fills the cancelled rest.
    printAt(s, 59990, 1)
    await settled(s)
    expect(await positions(s, u)).toMatchObject([{ amount: '0.2' }])
    await closeAll(s, u)
  })

  it(`takes a thin book at once as a taker and rests the rest as a maker (${name})`, async () => {
    bookAt(s, 60000, 60010, 0.3)
    const u = await trader(s, '10000')
    const placed = await open(s, u, { type: 'limit', price: '60100', amount: '1' })
    expect(placed.body.data).toMatchObject({
      status: 'pending',
      filled_amount: '0.3',
      fill_price: '60010',
      margin: '4207',
      fee: '8.414',
    })
    expect.soft(await positions(s, u)).toMatchObject([{ amount: '0.3', open_price: '60010', margin: '1800.3' }])
    // 10,000 − (1,800.3 + 9.0015) − (4,207 + 8.414).
    expect(await wallet(s, u)).toEqual({ available: '3975.2845', frozen: '6015.714' })
    await expectBalancedLedger(s)
    await settled(s)
    printAt(s, 60050, 0.7)
    await settled(s)
    expect.soft(await positions(s, u)).toMatchObject([{ amount: '1', open_price: '60073', margin: '6007.3' }])
    expect
      .soft(await orders(s, u, 'history'))
      .toMatchObject([{ status: 'filled', filled_amount: '1', fill_price: '60073', margin: '6007.3', fee: '17.4155' }])
    expect(await wallet(s, u)).toEqual({ available: '3975.2845', frozen: '6007.3' })
    await expectBalancedLedger(s)
    bookAt(s, 60000, 60010)
    await closeAll(s, u)
  })

  it(`never fills more than printed when two engines share one print (${name})`, async () => {
    bookAt(s, 60000, 60010)
    const second = await startContractEngine({ db: s.database.db, market: s.market })
    try {
      const users = [await trader(s, '2000'), await trader(s, '2000'), await trader(s, '2000')]
      for (const u of users) await open(s, u, { type: 'limit', price: '60000', amount: '0.2' })
      await Promise.all([settled(s), second.reloadAll()])
      printAt(s, 59995, 0.5)
      await Promise.all([settled(s), second.idle()])
      expect(second.stats().failures).toBe(0)
      let filled = parseDecimal('0')
      for (const u of users) {
        for (const p of await positions(s, u)) filled = add(filled, parseDecimal(String(p.amount)))
      }
      expect(filled).toBe('0.5')
      const pending = (await Promise.all(users.map((u) => orders(s, u)))).flat()
      expect(pending).toMatchObject([{ filled_amount: '0.1' }])
      await expectBalancedLedger(s)
      for (const u of users) {
        for (const o of await orders(s, u)) {
          await moneyCall(s.t.app, u.token, 'POST', 'contract/order_cancel', { id: o.id })
        }
        await closeAll(s, u)
      }
    } finally {
      await second.stop()
    }
  })

  it(`makes no part below the market's minimum unless it completes the order (${name})`, async () => {
    const config = await moneyCall(s.t.app, s.operator.token, 'POST', 'admin/contract_config', {
      symbol: 'btcusdt',
      min_leverage: 1,
      max_leverage: 100,
      maintenance_margin_rate: '0.005',
      taker_fee_rate: '0.0005',
      maker_fee_rate: '0.0002',
      min_amount: '0.01',
      open: true,
    })
    expect(config.body.code, JSON.stringify(config.body)).toBe(1)
    bookAt(s, 60000, 60010)
    const u = await trader(s, '1000')
    await open(s, u, { type: 'limit', price: '60000', amount: '0.05' })
    await settled(s)
    const filled = async () => (await orders(s, u)).map((o) => o.filled_amount)
    printAt(s, 59995, 0.005)
    await settled(s)
    expect.soft(await filled(), 'a 0.005 part of 0.05 is below the 0.01 minimum').toEqual(['0'])
    printAt(s, 59995, 0.045)
    await settled(s)
    expect.soft(await filled(), 'the rest of 0.005 may be below it').toEqual(['0.045'])
    printAt(s, 59995, 0.005)
    await settled(s)
    expect.soft(await positions(s, u)).toMatchObject([{ amount: '0.05', open_price: '60000', margin: '300' }])
    expect(await wallet(s, u)).toEqual({ available: '699.4', frozen: '300' })
    // A crossing order whose book part would be below the minimum rests whole, at the maker rate.
    bookAt(s, 60000, 60010, 0.005)
    const thin = await open(s, u, { type: 'limit', price: '60100', amount: '0.05' })
    expect(thin.body.data).toMatchObject({ status: 'pending', filled_amount: '0', margin: '300.5', fee: '0.601' })
    await expectBalancedLedger(s)
    await moneyCall(s.t.app, u.token, 'POST', 'contract/order_cancel', { id: thin.body.data.id })
    bookAt(s, 60000, 60010)
    await closeAll(s, u)
  })
}

describe('futures partial fills on PGlite', () => {
  describePartialFills(
    'PGlite',
    contractSuite(() => pgliteTestDb()),
  )
})

await describePostgres('futures partial fills', (openDb) => {
  describe('futures partial fills on PostgreSQL', () => {
    describePartialFills('PostgreSQL', contractSuite(openDb))
  })
})
