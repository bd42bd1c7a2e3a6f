/**
 * Futures risk limits and the operator's risk view (issue 21 parts 5 and 11), through the HTTP calls, the risk engine
 * and the CLI, on PGlite and PostgreSQL. Figures by hand (fees 0.05 % taker; books of 100 per level, the mark = mid):
 * - ETH/USDT with tiers ≤10,000 50× 1 %, ≤50,000 20× 2 % (cum 10,000 × 1 % = 100), ≤200,000 5× 5 % (cum 100 +
 *   50,000 × 3 % = 1,600), book 2,000/2,001 (mark 2,000.5): 10 ETH at 50× is refused ("at most 20×", 20,005); at
 *   20× it fills at 2,001 with rate 2 % and amount 100: maintenance 10 × 2,000.5 × 2 % − 100 = 300.1; wallet balance
 *   10,000 − 10.005 = 9,989.995, liquidation price (20,010 − (9,989.995 + 100)) / (10 × 0.98) = 1,012.2454…
 *   → 1,012.25 (1,022.45 without the amount: at mark 1,015.5 it survives, equity 134.995 > maintenance 103.1);
 *   20 more at 20× is refused ("at most 5×", 30 × 2,000.5 = 60,015); at 5× it opens with rate 5 % and amount
 *   40,020 × 5 % − (f(60,030) − f(20,010)) = 2,001 − (1,401.5 − 300.2) = 899.7: the account's maintenance is
 *   300.1 + (40,010 × 5 % − 899.7) = 1,400.9 (the ladder's f(60,015) = 1,400.75).
 * - LTC/USDT at 2,000.5 with a 30,000 position cap and 100,000 open interest: a 10 + 5 long refused (max 30,000 /
 *   2,000.5 − 10 = 4.9962); 38 open, a 14 short refused (max 49.9875 − 38 = 11.9875).
 * - BTC/USDT at 2,000.5, net exposure cap 20,000: 9 long; 2 more long refused (max 9.9975 − 9 = 0.9975); 5 short
 *   accepted; cap 5,000 (exposure 4 × 2,000.5 = 8,002 above it): 1 short accepted, 0.01 long refused (max 0).
 * - Risk view at 60,005 (book 60,000/60,010): A long 0.1 (10×), B short 0.05 (10×), C long 0.3 (50×): long 0.4 =
 *   24,002, short 0.05 = 3,000.25, platform net −0.35 = −21,001.75, users' PnL −0.5 − 0.25 − 1.5 = −2.25; margin
 *   ratio C 90.0075 / 989.4985 → 0.091, A 30.0025 / 996.4995 → 0.0302, B 15.00125 / 998.25 → 0.0151.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ContractAccount, Insurance, Position, RiskLimits, RiskOverview } from '../../common/api/contract'
import type { LedgerKind } from '../../common/api/assets'
import { parseDecimal } from '../../common/amount'
import { runAdmin } from '../../server/cli/admin-commands'
import { postTransaction, type AccountOwner } from '../../server/ledger/post'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import type { TestUser } from '../helpers/server-users'
import {
  book,
  contractSuite,
  expectBalancedLedger,
  open,
  positions,
  settled,
  trade,
  trader,
  type ContractSuite,
} from './contract-fixtures'

/** A book of 100 at `bid`/`ask` and a trade at the mid: the mark becomes the mid. */
function deepMarket(s: ContractSuite, bid: number, ask: number, symbol: string) {
  book(s, bid, ask, symbol, 100)
  trade(s, (bid + ask) / 2, symbol)
}

/** POST admin/contract_config with the default terms and `risk`. */
const configure = (s: ContractSuite, symbol: string, risk: object, terms: object = {}) =>
  moneyCall(s.t.app, s.operator.token, 'POST', 'admin/contract_config', {
    symbol,
    min_leverage: 1,
    max_leverage: 100,
    maintenance_margin_rate: '0.005',
    taker_fee_rate: '0.0005',
    maker_fee_rate: '0.0002',
    min_amount: '0.0001',
    open: true,
    ...terms,
    ...risk,
  })

const account = async (s: ContractSuite, u: TestUser) =>
  (await moneyCall<ContractAccount>(s.t.app, u.token, 'GET', 'contract/account')).body.data

/** Closes every position of `users` at a fresh book (a slow machine may have let the last one age). */
async function closeAll(s: ContractSuite, users: TestUser[], symbol: string, bid: number, ask: number) {
  for (const u of users) {
    book(s, bid, ask, symbol, 100)
    expect((await moneyCall(s.t.app, u.token, 'POST', 'contract/close_all', {})).body.msg).toBe('success')
  }
}

/** A ledger posting of `amount` USDT from one live account to another (the test's stand-in for liquidations and funding). */
async function post(s: ContractSuite, kind: string, from: AccountOwner, to: AccountOwner, amount: string) {
  await postTransaction(s.database.db, {
    kind: kind as LedgerKind,
    book: 'live',
    userId: 'userId' in from ? from.userId : 'userId' in to ? to.userId : null,
    reference: randomUUID(),
    actor: 'system',
    entries: [
      { owner: from, currency: 'USDT', bucket: 'available', amount: parseDecimal(`-${amount}`) },
      { owner: to, currency: 'USDT', bucket: 'available', amount: parseDecimal(amount) },
    ],
  })
}

const counterparty = { system: 'counterparty' } as const
const insurance = { system: 'insurance' } as const

/** Each test drives several users, the engine and the CLI: room for a loaded machine. */
const SLOW = 120_000

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

function describeRisk(name: string, s: ContractSuite) {
  it(
    `publishes the insurance fund's balance and its daily history from the ledger (${name})`,
    async () => {
      await post(s, 'contract_liquidation', counterparty, insurance, '100')
      await post(s, 'contract_liquidation', insurance, counterparty, '30')
      // The first payment two days ago: the history carries its balance through the day without entries.
      await s.database.db.execute(sql`
      update ledger_entries set created_at = now() - interval '2 days'
      where transaction_id = (select min(transaction_id) from ledger_entries e join ledger_accounts a
        on a.id = e.account_id where a.owner = 'system:insurance')`)
      const fund = await moneyCall<Insurance>(s.t.app, '', 'GET', 'contract/insurance', { currency: 'usdt' })
      expect(fund.body.data).toEqual({
        currency: 'USDT',
        balance: '70',
        history: [
          { date: day(-2), balance: '100' },
          { date: day(-1), balance: '100' },
          { date: day(0), balance: '70' },
        ],
      })
      const unknown = await moneyCall(s.t.app, '', 'GET', 'contract/insurance', { currency: 'NOPE' })
      expect(unknown.body).toMatchObject({ data: { field: 'currency' } })
    },
    SLOW,
  )

  it(
    `shows the operator the platform's exposure, PnL, insurance, accounts near liquidation and funding (${name})`,
    async () => {
      const a = await trader(s, '1000')
      const b = await trader(s, '1000')
      const c = await trader(s, '1000')
      book(s, 60000, 60010, 'btcusdt', 100)
      trade(s, 60005, 'btcusdt')
      expect((await open(s, a, { amount: '0.1' })).body.msg).toBe('success')
      expect((await open(s, b, { amount: '0.05', side: 'short' })).body.msg).toBe('success')
      expect((await open(s, c, { amount: '0.3', leverage: 50 })).body.msg).toBe('success')
      // Funding (issue 21 part 6) as its ledger kind: a position pays 2 to the counterparty and is paid 0.5.
      const d = { userId: (await trader(s, '100')).id, wallet: 'contract' } as const
      await post(s, 'contract_funding', d, counterparty, '2')
      await post(s, 'contract_funding', counterparty, d, '0.5')
      const view = await moneyCall<RiskOverview>(s.t.app, s.operator.token, 'GET', 'admin/risk_overview')
      const btc = view.body.data.markets.find((m) => m.symbol === 'btcusdt')
      expect(btc).toEqual({
        symbol: 'btcusdt',
        mark: '60005',
        long_amount: '0.4',
        short_amount: '0.05',
        long_notional: '24002',
        short_notional: '3000.25',
        platform_net_amount: '-0.35',
        platform_net_exposure: '-21001.75',
        max_net_exposure: '10000000',
        users_unrealized_pnl: '-2.25',
      })
      expect(view.body.data).toMatchObject({
        platform_net_exposure: '-21001.75',
        users_unrealized_pnl: '-2.25',
        insurance_balance: '70',
        funding_received: '2',
        funding_paid: '0.5',
        closest_to_liquidation: [
          { user_id: c.id, equity: '989.4985', maintenance_margin: '90.0075', margin_ratio: '0.091', positions: 1 },
          { user_id: a.id, equity: '996.4995', maintenance_margin: '30.0025', margin_ratio: '0.0302', positions: 1 },
          { user_id: b.id, equity: '998.25', maintenance_margin: '15.00125', margin_ratio: '0.0151', positions: 1 },
        ],
      })
      const notOperator = await moneyCall(s.t.app, a.token, 'GET', 'admin/risk_overview')
      expect(notOperator.status).toBe(403)

      const out: string[] = []
      const io = { out: (l: string) => void out.push(l), err: (l: string) => void out.push(l) }
      expect(await runAdmin(s.database.db, ['risk', '--mark', 'btcusdt=60005'], io)).toBe(0)
      expect(out).toContain(
        "btcusdt mark 60005 (--mark): long 0.4 (24002 USDT), short 0.05 (3000.25 USDT); platform net -0.35 = -21001.75 USDT (cap 10000000); users' unrealized PnL -2.25",
      )
      expect(out).toContain(
        "platform net exposure -21001.75 USDT; users' unrealized PnL -2.25 USDT (the platform's unrealized loss)",
      )
      expect(out).toContain('insurance 70 USDT')
      expect(out).toContain('funding received 2 USDT, paid 0.5 USDT')
      expect(out).toContain(`  user ${c.id}: margin ratio 0.091, equity 989.4985, maintenance 90.0075, 1 position(s)`)
      out.length = 0
      expect(await runAdmin(s.database.db, ['risk'], io)).toBe(0)
      expect(out.find((l) => l.startsWith('btcusdt'))).toMatch(/^btcusdt mark 600\d\d \(last traded\)/)
      await closeAll(s, [a, b, c], 'btcusdt', 60000, 60010)
      await expectBalancedLedger(s)
    },
    SLOW,
  )

  it(
    `refuses leverage above a risk tier's and keeps the tier's maintenance margin (${name})`,
    async () => {
      const tiers = [
        { cap: '10000', max_leverage: 50, maintenance_margin_rate: '0.01' },
        { cap: '50000', max_leverage: 20, maintenance_margin_rate: '0.02' },
        { cap: '200000', max_leverage: 5, maintenance_margin_rate: '0.05' },
      ]
      const saved = await configure(
        s,
        'ethusdt',
        { risk_tiers: tiers },
        { max_leverage: 50, maintenance_margin_rate: '0.01' },
      )
      expect(saved.body.msg).toBe('success')
      const limits = await moneyCall<RiskLimits>(s.t.app, '', 'GET', 'contract/risk_limits', { symbol: 'ethusdt' })
      expect(limits.body.data.tiers).toEqual([
        { floor: '0', cap: '10000', max_leverage: 50, maintenance_margin_rate: '0.01', maintenance_amount: '0' },
        { floor: '10000', cap: '50000', max_leverage: 20, maintenance_margin_rate: '0.02', maintenance_amount: '100' },
        { floor: '50000', cap: '200000', max_leverage: 5, maintenance_margin_rate: '0.05', maintenance_amount: '1600' },
      ])
      const u = await trader(s, '10000')
      deepMarket(s, 2000, 2001, 'ethusdt')
      const eth = { symbol: 'ethusdt' }
      const tooHigh = await open(s, u, { ...eth, amount: '10', leverage: 50 })
      expect(tooHigh.body).toMatchObject({
        msg: 'A position of 20005 USDT on ETH/USDT can use at most 20× leverage',
        data: { field: 'leverage' },
      })
      expect((await open(s, u, { ...eth, amount: '10', leverage: 20 })).body.data).toMatchObject({ status: 'filled' })
      expect(await positions(s, u)).toMatchObject([{ maintenance_margin_rate: '0.02', liquidation_price: '1012.25' }])
      expect((await account(s, u)).maintenance_margin).toBe('300.1')
      await settled(s)
      deepMarket(s, 1015, 1016, 'ethusdt') // equity 134.995 > 10 × 1,015.5 × 2 % − 100 = 103.1
      await settled(s)
      expect(await positions(s, u)).toHaveLength(1)
      deepMarket(s, 2000, 2001, 'ethusdt')
      await settled(s)
      const zh = await moneyCall(
        s.t.app,
        u.token,
        'POST',
        'contract/order_place',
        { ...eth, side: 'long', type: 'market', amount: '20', leverage: 20, client_oid: randomUUID() },
        { lang: 'zh-CN' },
      )
      expect(zh.body).toMatchObject({
        msg: 'ETH/USDT 上价值 60015 USDT 的仓位最高可用 5× 杠杆',
        data: { field: 'leverage' },
      })
      expect((await open(s, u, { ...eth, amount: '20', leverage: 5 })).body.data).toMatchObject({ status: 'filled' })
      const rates = (await positions(s, u)).map((p: Position) => p.maintenance_margin_rate).sort()
      expect(rates).toEqual(['0.02', '0.05'])
      expect((await account(s, u)).maintenance_margin).toBe('1400.9')
      await closeAll(s, [u], 'ethusdt', 2000, 2001)
      await expectBalancedLedger(s)
    },
    SLOW,
  )

  it(
    `refuses an order past the largest position or open interest, naming amount and the limit (${name})`,
    async () => {
      expect(
        (await configure(s, 'ltcusdt', { max_position_notional: '30000', max_open_interest: '100000' })).body.msg,
      ).toBe('success')
      const a = await trader(s, '10000')
      const b = await trader(s, '10000')
      deepMarket(s, 2000, 2001, 'ltcusdt')
      const ltc = { symbol: 'ltcusdt', leverage: 10 }
      expect((await open(s, a, { ...ltc, amount: '10' })).body.msg).toBe('success')
      expect((await open(s, a, { ...ltc, amount: '5' })).body).toMatchObject({
        msg: 'Your position on LTC/USDT (open positions and orders on this side) is limited to 30000 USDT. This order can be at most 4.9962 LTC',
        data: { field: 'amount' },
      })
      expect((await open(s, a, { ...ltc, amount: '14', side: 'short' })).body.msg).toBe('success')
      expect((await open(s, b, { ...ltc, amount: '14' })).body.msg).toBe('success')
      expect((await open(s, b, { ...ltc, amount: '14', side: 'short' })).body).toMatchObject({
        msg: 'Open interest on LTC/USDT is limited to 100000 USDT. This order can be at most 11.9875 LTC',
        data: { field: 'amount' },
      })
      expect((await open(s, b, { ...ltc, amount: '11.9875', side: 'short' })).body.msg).toBe('success')
      await closeAll(s, [a, b], 'ltcusdt', 2000, 2001)
      await expectBalancedLedger(s)
    },
    SLOW,
  )

  it(
    `refuses an order that grows the platform's net exposure past its cap and accepts one that shrinks it (${name})`,
    async () => {
      expect((await configure(s, 'btcusdt', { max_net_exposure: '20000' })).body.msg).toBe('success')
      const a = await trader(s, '10000')
      const b = await trader(s, '10000')
      deepMarket(s, 2000, 2001, 'btcusdt')
      expect((await open(s, a, { amount: '9' })).body.msg).toBe('success')
      expect((await open(s, b, { amount: '2' })).body).toMatchObject({
        msg: 'BTC/USDT cannot take more positions on this side right now. This order can be at most 0.9975 BTC',
        data: { field: 'amount' },
      })
      expect((await open(s, b, { amount: '5', side: 'short' })).body.msg).toBe('success')
      expect((await configure(s, 'btcusdt', { max_net_exposure: '5000' })).body.msg).toBe('success')
      expect((await open(s, b, { amount: '1', side: 'short' })).body.msg).toBe('success')
      expect((await open(s, a, { amount: '0.01' })).body).toMatchObject({
        msg: 'BTC/USDT cannot take more positions on this side right now. This order can be at most 0 BTC',
        data: { field: 'amount' },
      })
      await closeAll(s, [a, b], 'btcusdt', 2000, 2001)
      expect((await configure(s, 'btcusdt', { max_net_exposure: null })).body.msg).toBe('success')
      await expectBalancedLedger(s)
    },
    SLOW,
  )

  it(
    `takes tiers and caps from the operator's CLI and refuses a ladder that is not one (${name})`,
    async () => {
      const out: string[] = []
      const io = { out: (l: string) => void out.push(l), err: (l: string) => void out.push(l) }
      const cli = (...args: string[]) => runAdmin(s.database.db, ['contract', 'config', 'solusdt', ...args], io)
      expect(
        await cli(
          ...['--tiers', '5000:25:0.01,20000:10:0.02', '--max-position', '15000', '--max-exposure', '8000'],
          ...['--clearance', '0.01'],
        ),
      ).toBe(0)
      expect(out.at(-2)).toBe(
        'solusdt risk tiers: ≤5000 25× 0.01 (−0), ≤20000 10× 0.02 (−50); max position 15000 USDT, max open interest 50000000 USDT, max net exposure 8000 USDT, liquidation clearance fee 0.01',
      )
      expect(out.at(-1)).toMatch(/^solusdt \(SOL\/USDT\): leverage 1–25×, maintenance margin 0.01,/)
      expect(await cli('--tiers', '5000:10:0.01,20000:25:0.02')).toBe(1)
      expect(out.at(-1)).toMatch(/risk_tiers/)
      expect(
        await cli(
          ...['--tiers', 'default', '--max-position', 'default', '--max-exposure', 'default'],
          ...['--clearance', 'default'],
        ),
      ).toBe(0)
      expect(out.at(-2)).toMatch(/liquidation clearance fee 0\.005$/)
      expect(out.at(-2)).toMatch(/^solusdt risk tiers \(default\): ≤600000 25× 0.01 \(−0\), ≤3000000 25× 0.01 \(−0\),/)
      const bad = await configure(
        s,
        'solusdt',
        {
          risk_tiers: [{ cap: '1000', max_leverage: 50, maintenance_margin_rate: '0.03' }],
        },
        { max_leverage: 50, maintenance_margin_rate: '0.03' },
      )
      expect(bad.body).toMatchObject({ data: { field: 'maintenance_margin_rate' } })
      const notLadder = await configure(s, 'solusdt', {
        risk_tiers: [{ cap: '1000', max_leverage: 20, maintenance_margin_rate: '0.01' }],
      })
      expect(notLadder.body).toMatchObject({ data: { field: 'risk_tiers' } })
    },
    SLOW,
  )
}

describe('futures risk limits on PGlite', () => {
  describeRisk(
    'PGlite',
    contractSuite(() => pgliteTestDb()),
  )
})

await describePostgres('futures risk limits', (openDb) => {
  describe('futures risk limits on PostgreSQL', () => {
    describeRisk('PostgreSQL', contractSuite(openDb))
  })
})
