/**
 * Futures through the HTTP calls and the risk engine (issue 12 part 1), on a fake feed whose books and trades the test
 * sends. Figures computed by hand (BTC/USDT, price precision 2; defaults: 0.05 % taker, 0.02 % maker, 0.5 %
 * maintenance), 1,000 USDT in the contract wallet:
 * - a 10× market long of 0.1 BTC takes the ask 60,010: notional 6,001, margin 600.1, fee 3.0005, available 396.8995;
 *   liquidation price (6,001 − 996.9995) / (0.1 × 0.995) = 50,291.4623… → 50,291.47 (rounded up);
 * - its take-profit 60,100 is reached when the mark (median of mid, last, EMA) gets to 60,105: it sells into the book's
 *   bid, 60,100 (a take-profit is a market order once triggered), PnL 9, closing fee 3.005, income 9 − 6.0055 =
 *   2.9945, the wallet 1,002.9945;
 * - a single trade at 40,000 with the book at 60,000/60,010 leaves the mark at the mid: nobody is liquidated; the
 *   book moving to 50,000/50,010 (mark 50,005) liquidates at 50,005: PnL −1,000.5, the balance 0, the insurance
 *   account pays the 3.5005 the balance could not;
 * - a limit long at 59,990 holds margin 599.9 + maker fee 1.1998 (another at 59,000: 590 + 1.18), fills at its own
 *   price from the first trade at or below it (a print of 0.5 BTC covers its 0.1), not from one above;
 * - bad input by field, nothing changed; another user's position; close all; the ledger balances after each.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type {
  ContractAccount,
  ContractHistory,
  ContractMarket,
  ContractOrder,
  Position,
} from '../../common/api/contract'
import { runAdmin } from '../../server/cli/admin-commands'
import { accountKeyOf } from '../../server/trading/contract/account'
import { ledgerAccounts } from '../../server/db/schema'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import {
  book,
  contractSuite,
  expectBalancedLedger,
  history,
  marketAt,
  open,
  positions,
  settled,
  trade,
  trader,
  wallet,
  type ContractSuite,
} from './contract-fixtures'

/** The platform's insurance account's balance in USDT (negative: what it paid). */
async function insurance(s: ContractSuite): Promise<string> {
  const [row] = await s.database.db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.owner, 'system:insurance'))
  return row ? String(Number(row.available)) : '0'
}

function describeContracts(name: string, s: ContractSuite) {
  it(`opens a 10× long at the ask with its margin, fee and liquidation price, and closes it by its take-profit (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const u = await trader(s, '1000')
    const placed = await open(s, u, { amount: '0.1', tp: '60100' })
    expect(placed.body.msg).toBe('success')
    expect(placed.body.data).toMatchObject({ status: 'filled', fill_price: '60010', margin: '600.1', fee: '3.0005' })
    expect(placed.body.data.feed_event).toMatchObject({ topic: 'market.btcusdt.depth.step0', price: '60010' })
    expect(await wallet(s, u)).toEqual({ available: '396.8995', frozen: '600.1' })
    const [p] = await positions(s, u)
    expect(p).toMatchObject({
      side: 'long',
      amount: '0.1',
      leverage: 10,
      margin: '600.1',
      open_price: '60010',
      mark_price: '60005',
      liquidation_price: '50291.47',
      tp: '60100',
      unrealized_pnl: '-0.5',
    })
    await settled(s)
    marketAt(s, 60050, 60060) // mark 60055: below the take-profit
    await settled(s)
    expect(await positions(s, u)).toHaveLength(1)
    marketAt(s, 60100, 60110) // mark 60105 ≥ 60100
    await settled(s)
    expect(await positions(s, u)).toEqual([])
    const [h] = await history(s, u)
    expect(h).toMatchObject({
      close_price: '60100',
      liquidation_price: null,
      close_reason: 'take_profit',
      realized_pnl: '9',
      fee: '6.0055',
      income: '2.9945',
      insurance_paid: '0',
      state: 'closed',
    })
    expect(h!.feed_event.topic).toMatch(/^market\.btcusdt\./)
    expect(h!.mark_inputs).toMatchObject({ mid: '60105' })
    expect(await wallet(s, u)).toEqual({ available: '1002.9945', frozen: '0' })
    // The Assets tab's daily income: the realized PnL (9) less both fees (6.0055, shown rounded down: 6.01): 2.99, as
    // the account went from 1,000 to 1,002.9945 (USDT only is held: no price change).
    const overview = await moneyCall<{ daily_income_usdt: string }>(s.t.app, u.token, 'GET', 'assets/overview')
    expect(overview.body.data.daily_income_usdt).toBe('2.99')
    await expectBalancedLedger(s)
  })

  it(`liquidates when the mark price (not a single-trade spike) calls for it, at the book, never below zero (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const u = await trader(s, '1000')
    await open(s, u, { amount: '0.1' })
    await settled(s)
    const paidBefore = Number(await insurance(s))
    trade(s, 40000) // one print far below the liquidation price; the book stays
    await settled(s)
    expect(await positions(s, u)).toHaveLength(1)
    expect((await positions(s, u))[0]!.mark_price).toBe('60005')
    book(s, 50000, 50010) // the book moves: mid 50005, the EMA still near 60005, last 40000 → mark 50005
    await settled(s)
    expect(await positions(s, u)).toEqual([])
    const [h] = await history(s, u)
    // Sold into the bid 50,000 (issue 21 part 5), with the taker fee 2.5: 996.9995 − 1,001 − 2.5 = −6.5005 from insurance.
    expect(h).toMatchObject({
      close_price: null,
      liquidation_price: '50000',
      close_reason: 'liquidation',
      realized_pnl: '-1001',
      fee: '5.5005',
      insurance_paid: '6.5005',
      income: '-1000',
      state: 'liquidated',
    })
    expect(h!.mark_inputs).toMatchObject({ mid: '50005', last: '40000' })
    expect(await wallet(s, u)).toEqual({ available: '0', frozen: '0' })
    expect(Number(await insurance(s))).toBeCloseTo(paidBefore - 6.5005, 6)
    await expectBalancedLedger(s)
    marketAt(s, 60000, 60010)
  })

  it(`liquidates a position the engine learns of only after the tick that crossed its liquidation price (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const u = await trader(s, '1000')
    await open(s, u, { amount: '0.1' })
    await settled(s)
    // Its notice not read yet (another process opened it, the listener lagging): the book does not hold the account
    // when the crash arrives, and the next tick may be a while away.
    s.engine.book.removeAccount(accountKeyOf('live', u.id))
    marketAt(s, 50000, 50010)
    await s.engine.idle()
    expect(await positions(s, u), 'no tick acts on an account the book does not hold').toHaveLength(1)
    await settled(s) // the reload brings the account in at mark 50,005
    expect(await positions(s, u)).toEqual([])
    expect((await history(s, u))[0]).toMatchObject({ state: 'liquidated', liquidation_price: '50000' })
    await expectBalancedLedger(s)
    marketAt(s, 60000, 60010)
  })

  it(`fills a limit long at its own price from the first trade at or below it, and cancels another (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const u = await trader(s, '2000')
    const limit = await open(s, u, { type: 'limit', price: '59990', amount: '0.1' })
    expect(limit.body.data).toMatchObject({ status: 'pending', margin: '599.9', fee: '1.1998', position_id: null })
    const other = await open(s, u, { type: 'limit', price: '59000', amount: '0.1', side: 'long' })
    expect(await wallet(s, u)).toEqual({ available: '807.7202', frozen: '1192.2798' })
    await settled(s)
    trade(s, 59995)
    await settled(s)
    expect(await positions(s, u)).toEqual([])
    trade(s, 59990)
    await settled(s)
    const [p] = await positions(s, u)
    expect(p).toMatchObject({ open_price: '59990', margin: '599.9' })
    const cancel = await moneyCall<ContractOrder>(s.t.app, u.token, 'POST', 'contract/order_cancel', {
      id: other.body.data.id,
    })
    expect(cancel.body.data.status).toBe('cancelled')
    const again = await moneyCall(s.t.app, u.token, 'POST', 'contract/order_cancel', { id: other.body.data.id })
    expect(again.body.msg).toBe('This order can no longer be cancelled')
    expect(await wallet(s, u)).toEqual({ available: '1398.9002', frozen: '599.9' })
    const list = await moneyCall<{ list: ContractOrder[] }>(s.t.app, u.token, 'GET', 'contract/order_list', {
      state: 'history',
    })
    expect(list.body.data.list.map((o) => o.status)).toEqual(['cancelled', 'filled'])
    await expectBalancedLedger(s)
  })

  it(`closes one position and then all, and refuses another user's (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const u = await trader(s, '5000')
    const stranger = await trader(s, '10')
    const a = await open(s, u, { amount: '0.1' })
    await open(s, u, { amount: '0.05', side: 'short', leverage: 20 })
    await open(s, u, { amount: '0.02', leverage: 50 })
    const theirs = await moneyCall(s.t.app, stranger.token, 'POST', 'contract/position_close', {
      id: a.body.data.position_id,
    })
    expect(theirs.body).toMatchObject({ msg: 'Position not found', data: { field: 'id' } })
    const one = await moneyCall<ContractHistory>(s.t.app, u.token, 'POST', 'contract/position_close', {
      id: a.body.data.position_id,
    })
    // A long closes into the bid: (60000 − 60010) × 0.1 = −1.
    expect(one.body.data).toMatchObject({ close_price: '60000', realized_pnl: '-1', close_reason: 'manual' })
    const twice = await moneyCall(s.t.app, u.token, 'POST', 'contract/position_close', { id: a.body.data.position_id })
    expect(twice.body.msg).toBe('This position is already closed')
    const all = await moneyCall<ContractHistory[]>(s.t.app, u.token, 'POST', 'contract/close_all', {})
    expect(all.body.data.map((h) => h.side).sort()).toEqual(['long', 'short'])
    expect(await positions(s, u)).toEqual([])
    const none = await moneyCall(s.t.app, u.token, 'POST', 'contract/close_all', {})
    expect(none.body.msg).toBe('You have no open positions')
    expect((await wallet(s, u)).frozen).toBe('0')
    const account = await moneyCall<ContractAccount>(s.t.app, u.token, 'GET', 'contract/account')
    expect(account.body.data).toMatchObject({ position_margin: '0', order_margin: '0', unrealized_pnl: '0' })
    await expectBalancedLedger(s)
  })

  it(`refuses bad input by field and changes nothing (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const u = await trader(s, '100')
    const refusal = async (order: object) => (await open(s, u, order)).body
    expect(await refusal({ amount: '0.01', leverage: 101 })).toMatchObject({
      msg: 'Leverage for BTC/USDT is from 1× to 100×',
      data: { field: 'leverage' },
    })
    expect(await refusal({ amount: '0.0000001' })).toMatchObject({ data: { field: 'amount' } })
    expect(await refusal({ type: 'limit', price: '60000', amount: '0.01', tp: '59000' })).toMatchObject({
      msg: 'The take-profit of a long position must be above 60000',
      data: { field: 'tp' },
    })
    expect(await refusal({ type: 'limit', price: '60000', amount: '0.01', sl: '61000' })).toMatchObject({
      msg: 'The stop-loss of a long position must be below 60000',
      data: { field: 'sl' },
    })
    expect(await refusal({ side: 'short', amount: '0.01', tp: '61000' })).toMatchObject({
      msg: 'The take-profit of a short position must be below 60000',
      data: { field: 'tp' },
    })
    expect(await refusal({ amount: '1' })).toMatchObject({ msg: 'Lack of funds', data: { field: 'amount' } })
    expect(await refusal({ type: 'limit', amount: '0.01' })).toMatchObject({ data: { field: 'price' } })
    expect(await refusal({ symbol: 'nosuch', amount: '0.01' })).toMatchObject({ data: { field: 'symbol' } })
    expect(await wallet(s, u)).toEqual({ available: '100', frozen: '0' })
    const zh = await moneyCall(
      s.t.app,
      u.token,
      'POST',
      'contract/order_place',
      { symbol: 'btcusdt', side: 'long', type: 'market', leverage: 500, amount: '0.01', client_oid: randomUUID() },
      { lang: 'zh-CN' },
    )
    expect(zh.body.data).toMatchObject({ field: 'leverage' })
    const placed = await open(s, u, { amount: '0.01' })
    const tpsl = (body: object) => moneyCall<Position>(s.t.app, u.token, 'POST', 'contract/position_tpsl', body)
    const id = placed.body.data.position_id
    expect((await tpsl({ id, tp: '59000' })).body).toMatchObject({ data: { field: 'tp' } })
    expect((await tpsl({ id, sl: '60010' })).body).toMatchObject({
      msg: 'The stop-loss of a long position must be below 60005',
    })
    expect((await tpsl({ id, tp: '61000', sl: '59000' })).body.data).toMatchObject({ tp: '61000', sl: '59000' })
    expect((await tpsl({ id, sl: null })).body.data).toMatchObject({ tp: '61000', sl: null })
    await expectBalancedLedger(s)
  })

  it(`trades futures in the demo book against demo balances only (${name})`, async () => {
    marketAt(s, 60000, 60010)
    const u = await trader(s, '100')
    expect((await moneyCall(s.t.app, u.token, 'POST', 'assets/demo_enter')).body.code).toBe(1)
    // Demo funds land in the demo coin account; move some to the demo futures wallet.
    const moved = await moneyCall(s.t.app, u.token, 'POST', 'assets/transfer', {
      currency: 'USDT',
      from: 'spot',
      to: 'contract',
      amount: '5000',
    })
    expect(moved.body.code).toBe(1)
    const placed = await open(s, u, { amount: '0.5' }) // margin 3,000.5: more than the live 100
    expect(placed.body.data).toMatchObject({ status: 'filled', margin: '3000.5' })
    expect(await positions(s, u)).toHaveLength(1)
    expect((await moneyCall(s.t.app, u.token, 'POST', 'assets/demo_exit')).body.code).toBe(1)
    expect(await positions(s, u)).toEqual([])
    expect(await wallet(s, u)).toEqual({ available: '100', frozen: '0' })
    await expectBalancedLedger(s)
  })

  it(`takes a market's terms from the operator, by CLI and admin API (${name})`, async () => {
    const out: string[] = []
    const io = { out: (l: string) => void out.push(l), err: (l: string) => void out.push(l) }
    const cli = (...args: string[]) => runAdmin(s.database.db, ['contract', 'config', 'ethusdt', ...args], io)
    expect(await cli('--max-leverage', '20', '--mmr', '0.01')).toBe(0)
    expect(out.at(-1)).toBe(
      'ethusdt (ETH/USDT): leverage 1–20×, maintenance margin 0.01, taker 0.0005, maker 0.0002, min 0.0001 ETH, open',
    )
    // 1 / 20 = 5 %: a maintenance rate at or above it would open positions already liquidatable.
    expect(await cli('--mmr', '0.05')).toBe(1)
    expect(out.at(-1)).toMatch(/maintenance_margin_rate/)
    const u = await trader(s, '100')
    const over = await open(s, u, { symbol: 'ethusdt', amount: '0.01', leverage: 25 })
    expect(over.body).toMatchObject({ msg: 'Leverage for ETH/USDT is from 1× to 20×', data: { field: 'leverage' } })
    const admin = await moneyCall<ContractMarket>(s.t.app, s.operator.token, 'POST', 'admin/contract_config', {
      symbol: 'ethusdt',
      min_leverage: 2,
      max_leverage: 50,
      maintenance_margin_rate: '0.006',
      taker_fee_rate: '0.0004',
      maker_fee_rate: '0.0001',
      min_amount: '0.01',
      open: false,
    })
    expect(admin.body.data).toMatchObject({ max_leverage: 50, open: false })
    const terms = await moneyCall<ContractMarket>(s.t.app, '', 'GET', 'contract/market_config', { symbol: 'ethusdt' })
    expect(terms.body.data).toMatchObject({ min_leverage: 2, maintenance_margin_rate: '0.006', min_amount: '0.01' })
    const closed = await open(s, u, { symbol: 'ethusdt', amount: '0.01', leverage: 10 })
    expect(closed.body).toMatchObject({ msg: 'Futures trading of ETH/USDT is not open', data: { field: 'symbol' } })
    const notOperator = await moneyCall(s.t.app, u.token, 'POST', 'admin/contract_config', { symbol: 'ethusdt' })
    expect(notOperator.status).toBe(403)
  })
}

describe('futures on PGlite', () => {
  describeContracts(
    'PGlite',
    contractSuite(() => pgliteTestDb()),
  )
})

await describePostgres('futures', (openDb) => {
  describe('futures on PostgreSQL', () => {
    describeContracts('PostgreSQL', contractSuite(openDb))
  })
})
