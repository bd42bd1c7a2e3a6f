/**
 * Financial (yield) products through the HTTP calls and the accrual job (issue 12 part 2), on PGlite and PostgreSQL,
 * with the financial clock moved as an operator moves it (CLOCK_CONTROL=1 and the offset row):
 * - the seeded USDT products of 7, 30 and 90 days, named in the request's language;
 * - bad input by field (below the minimum, above the maximum, too many decimals, unknown or closed product, short
 *   funds, no Idempotency-Key), nothing moved;
 * - a purchase freezes exactly the principal; income is credited once per whole day (1 day → 1 credit, 2.5 days → 2,
 *   a second pass → none); at expiry the principal comes back once, without a fee;
 * - early redemption charges exactly principal × fee rate (rounded up), keeps the income paid, credits days due that
 *   the job had not reached; a redeemed order, someone else's, an unknown one, a matured one: refused naming `id`;
 * - the demo book on demo balances only; a replayed Idempotency-Key answers the same order;
 * - the ledger check after each.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { add, parseDecimal, subtract } from '../../common/amount'
import type { FinancialOrder } from '../../common/api/financial'
import { moneyCall } from '../helpers/money-calls'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { makeUser } from '../helpers/server-users'
import {
  advanceDays,
  buy,
  expectBalancedLedger,
  investor,
  orderOf,
  postingsOf,
  redeem,
  spot,
  suiteOn,
  type Suite,
} from './financial-fixtures'

process.env.CLOCK_CONTROL = '1'

function describeFinancial(name: string, s: Suite) {
  it(`lists the seeded products in the request's language (${name})`, async () => {
    const en = await moneyCall<unknown[]>(s.t.app, '', 'GET', 'financial/products')
    expect(en.body.data).toEqual([
      expect.objectContaining({ name: 'USDT 7-Day Savings', currency: 'USDT', daily_rate: '0.0005' }),
      expect.objectContaining({ name: 'USDT 30-Day Savings', daily_rate: '0.0006', annual_rate: '0.219' }),
      expect.objectContaining({ name: 'USDT 90-Day Savings', cycle_days: 90, early_redeem_fee_rate: '0.015' }),
    ])
    expect(en.body.data[0]).toEqual({
      id: s.products[7].id,
      name: 'USDT 7-Day Savings',
      currency: 'USDT',
      daily_rate: '0.0005',
      annual_rate: '0.1825',
      cycle_days: 7,
      min_amount: '10',
      max_amount: '100000',
      early_redeem_fee_rate: '0.005',
    })
    const zh = await moneyCall<{ name: string }[]>(s.t.app, '', 'GET', 'financial/products', undefined, {
      lang: 'zh-CN',
    })
    expect(zh.body.data.map((p) => p.name)).toEqual(['USDT 7天定期理财', 'USDT 30天定期理财', 'USDT 90天定期理财'])
  })

  it(`refuses bad input by field, moving nothing (${name})`, async () => {
    const u = await investor(s, '50')
    const id = s.products[7].id
    const refuse = async (productId: number, amount: string, field: string, msg: string) => {
      const r = await buy(s, u, productId, amount)
      expect(r.body, `${productId} ${amount}`).toMatchObject({ msg, data: { field } })
    }
    await refuse(id, '9.99', 'amount', 'The minimum subscription is 10 USDT')
    await refuse(id, '100000.01', 'amount', 'The maximum subscription is 100000 USDT')
    await refuse(id, '10.0000001', 'amount', 'USDT amounts can have at most 6 decimal places')
    await refuse(id, '-5', 'amount', 'The amount must be greater than 0')
    await refuse(id, '60', 'amount', 'Lack of funds')
    await refuse(999_999, '20', 'product_id', 'This product does not exist')
    const noKey = await buy(s, u, id, '20', { key: null })
    expect(noKey.body).toMatchObject({ data: { field: 'Idempotency-Key' } })
    const junk = await moneyCall(s.t.app, u.token, 'POST', 'financial/buy', { product_id: id, amount: 'ten' })
    expect(junk.body).toMatchObject({ data: { field: 'amount' } })
    const zh = await moneyCall(
      s.t.app,
      u.token,
      'POST',
      'financial/buy',
      { product_id: id, amount: '5' },
      { lang: 'zh-CN' },
    )
    expect(zh.body).toMatchObject({ msg: '最低申购金额为 10 USDT', data: { field: 'amount' } })
    expect(await spot(s, u.id)).toEqual({ available: '50', frozen: '0' })
    const list = await moneyCall<{ total: number }>(s.t.app, u.token, 'GET', 'financial/orders')
    expect(list.body.data.total).toBe(0)
    await expectBalancedLedger(s)
  })

  it(`credits income once per whole day and returns the principal once at expiry (${name})`, async () => {
    const u = await investor(s, '1000')
    const r = await buy(s, u, s.products[7].id, '100')
    expect(r.body.code).toBe(1)
    const o = r.body.data
    const at = (text: string) => new Date(`${text.replace(' ', 'T')}Z`).getTime()
    expect(o).toMatchObject({ amount: '100', status: 'in_progress', days_paid: 0, income: '0', cycle_days: 7 })
    expect(o).toMatchObject({ product_name: 'USDT 7-Day Savings', redeemed_early: false, returned: null })
    expect(at(o.expires_at) - at(o.bought_at)).toBe(7 * 86_400_000)
    expect(at(o.next_income_at!) - at(o.bought_at)).toBe(86_400_000)
    expect(await spot(s, u.id)).toEqual({ available: '900', frozen: '100' })
    expect(await postingsOf(s, 'financial_buy', o.id)).toBe(1)

    expect(await s.job.pass(), 'nothing is due within the first day').toBe(0)
    await advanceDays(s, 1)
    await s.job.pass()
    expect(await orderOf(s, u, o.id)).toMatchObject({ days_paid: 1, income: '0.05' })
    await advanceDays(s, 1.5) // 2.5 days since purchase: day 2 is due, day 3 is not
    await s.job.pass()
    await s.job.pass()
    expect(await orderOf(s, u, o.id)).toMatchObject({ days_paid: 2, income: '0.1', status: 'in_progress' })
    expect(await postingsOf(s, 'financial_income', o.id)).toBe(2)
    expect(await spot(s, u.id)).toEqual({ available: '900.1', frozen: '100' })

    await advanceDays(s, 5) // 7.5 days: the last five days and the principal
    await s.job.pass()
    await s.job.pass()
    const done = await orderOf(s, u, o.id)
    expect(done).toMatchObject({ status: 'redeemed', days_paid: 7, income: '0.35', redeemed_early: false })
    expect(done).toMatchObject({ redeem_fee: null, returned: '100', next_income_at: null })
    expect(await postingsOf(s, 'financial_income', o.id)).toBe(7)
    expect(await postingsOf(s, 'financial_redeem', o.id)).toBe(1)
    expect(await spot(s, u.id)).toEqual({ available: '1000.35', frozen: '0' })
    const again = await redeem(s, u, o.id)
    expect(again.body).toMatchObject({ msg: `Subscription #${o.id} has already been redeemed`, data: { field: 'id' } })
    await expectBalancedLedger(s)
  })

  it(`redeems early for exactly the fee, once; refuses others' and unknown orders (${name})`, async () => {
    const u = await investor(s, '1000')
    const other = await investor(s, '10')
    const o = (await buy(s, u, s.products[30].id, '333.33')).body.data
    await advanceDays(s, 1)
    await s.job.pass() // day 1 paid by the job: 333.33 × 0.0006 = 0.199998
    await advanceDays(s, 1.2) // day 2 due, not yet paid: the redemption pays it first
    const theirs = await redeem(s, other, o.id)
    expect(theirs.body).toMatchObject({ msg: `Subscription #${o.id} was not found`, data: { field: 'id' } })
    const unknown = await redeem(s, u, 2_000_000_000)
    expect(unknown.body).toMatchObject({ msg: 'Subscription #2000000000 was not found', data: { field: 'id' } })
    expect(await spot(s, u.id)).toEqual({ available: '666.869998', frozen: '333.33' })

    const r = await redeem(s, u, o.id)
    expect(r.body.code).toBe(1)
    // Fee 333.33 × 1 % = 3.3333 (exact at 6 decimals); back 329.9967; income 2 × 0.199998 stays.
    expect(r.body.data).toMatchObject({ status: 'redeemed', redeemed_early: true, redeem_fee: '3.3333' })
    expect(r.body.data).toMatchObject({ returned: '329.9967', days_paid: 2, income: '0.399996' })
    expect(await spot(s, u.id)).toEqual({ available: '997.066696', frozen: '0' })
    const twice = await redeem(s, u, o.id, { lang: 'ja' })
    expect(twice.body).toMatchObject({ msg: `申込 #${o.id} はすでに償還済みです`, data: { field: 'id' } })
    await advanceDays(s, 40)
    await s.job.pass()
    expect(await postingsOf(s, 'financial_income', o.id)).toBe(2)
    expect(await postingsOf(s, 'financial_redeem', o.id)).toBe(1)
    expect(await spot(s, u.id)).toEqual({ available: '997.066696', frozen: '0' })
    await expectBalancedLedger(s)
  })

  it(`rounds the fee up and refuses an early redemption once the order has matured (${name})`, async () => {
    const u = await investor(s, '100')
    const o = (await buy(s, u, s.products[7].id, '10.000001')).body.data
    await advanceDays(s, 7.01)
    const late = await redeem(s, u, o.id)
    expect(late.body.msg).toBe(
      `Subscription #${o.id} has reached its expiry date: the principal is returned automatically`,
    )
    await s.job.pass()
    expect(await orderOf(s, u, o.id)).toMatchObject({ status: 'redeemed', redeemed_early: false, income: '0.035' })
    const p = (await buy(s, u, s.products[7].id, '10.000001')).body.data
    const r = await redeem(s, u, p.id)
    // 10.000001 × 0.005 = 0.050000005 → 0.050001 (up); 10.000001 × 0.0005 = 0.0050000005 a day → 0.005 (down).
    expect(r.body.data).toMatchObject({ redeem_fee: '0.050001', returned: '9.95', income: '0' })
    await expectBalancedLedger(s)
  })

  it(`answers a replayed Idempotency-Key with the same order, once (${name})`, async () => {
    const u = await investor(s, '100')
    const key = randomUUID()
    const [a, b] = [
      await buy(s, u, s.products[90].id, '40', { key }),
      await buy(s, u, s.products[90].id, '40', { key }),
    ]
    expect(b.body.data).toEqual(a.body.data)
    const other = await buy(s, u, s.products[90].id, '41', { key })
    expect(other.body).toMatchObject({ data: { field: 'Idempotency-Key' } })
    expect(await spot(s, u.id)).toEqual({ available: '60', frozen: '40' })
  })

  it(`subscribes in the demo book on demo balances only (${name})`, async () => {
    const u = await investor(s, '50')
    expect((await moneyCall(s.t.app, u.token, 'POST', 'assets/demo_enter')).body.code).toBe(1)
    const demoSpot = await spot(s, u.id, 'demo')
    const o = (await buy(s, u, s.products[7].id, '5000')).body.data
    expect(o).toMatchObject({ amount: '5000', status: 'in_progress' })
    await advanceDays(s, 1)
    await s.job.pass()
    expect(await orderOf(s, u, o.id)).toMatchObject({ days_paid: 1, income: '2.5' })
    expect(await spot(s, u.id, 'demo')).toEqual({
      available: add(subtract(demoSpot.available, parseDecimal('5000')), parseDecimal('2.5')),
      frozen: '5000',
    })
    expect((await moneyCall(s.t.app, u.token, 'POST', 'assets/demo_exit')).body.code).toBe(1)
    expect(await spot(s, u.id)).toEqual({ available: '50', frozen: '0' })
    const live = await moneyCall<{ total: number }>(s.t.app, u.token, 'GET', 'financial/orders')
    expect(live.body.data.total).toBe(0)
    const fromLive = await redeem(s, u, o.id)
    expect(fromLive.body).toMatchObject({ data: { field: 'id' }, msg: `Subscription #${o.id} was not found` })
    expect(await spot(s, u.id, 'demo')).toMatchObject({ frozen: '5000' })
    await expectBalancedLedger(s)
  })

  it(`needs a session for the user calls (${name})`, async () => {
    const stranger = await makeUser(s.db)
    const list = await moneyCall<{ list: FinancialOrder[] }>(s.t.app, stranger.token, 'GET', 'financial/orders')
    expect(list.body.data.list).toEqual([])
    const anon = await moneyCall(s.t.app, '', 'GET', 'financial/orders')
    expect(anon.status).toBe(401)
  })
}

describe('financial products on PGlite', () => {
  const s = suiteOn(() => pgliteTestDb())
  describeFinancial('PGlite', s)
})

await describePostgres('financial products', (open) => {
  describe('financial products on PostgreSQL', () => {
    const s = suiteOn(open)
    describeFinancial('PostgreSQL', s)
  })
})
