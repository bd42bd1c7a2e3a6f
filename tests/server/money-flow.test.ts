/**
 * The money calls end to end through the HTTP layer (issue 10 "Done when", server side): a deposit claim approved
 * once, a transfer, a withdrawal refused for a wrong transaction password, a correct one freezing amount + fee, a
 * rejection with its reason unfreezing it, the demo book apart from the live one, and the refusals that name their
 * field and write no ledger row. Runs on PGlite and PostgreSQL.
 */
import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Overview } from '../../common/api/assets'
import type { Database } from '../../server/db/client'
import { ledgerTransactions } from '../../server/db/schema'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import {
  fundUsdt,
  moneyCall,
  openUsdtTrc20,
  PAY_PASSWORD,
  TRON_ADDRESS_2,
  withPayPassword,
} from '../helpers/money-calls'
import { makeUser, type TestUser } from './identity-fixtures'

const balance = (o: Overview, wallet: string, currency = 'USDT') =>
  o.wallets.find((w) => w.wallet === wallet)!.balances.find((b) => b.currency === currency)!

function describeFlow(name: string, open: () => Promise<Database>) {
  describe(`money flow on ${name}`, () => {
    let database: Database
    let t: TestApp
    let user: TestUser
    let operator: TestUser
    const ledgerRows = async () => (await database.db.select({ n: count() }).from(ledgerTransactions))[0]!.n
    const overview = async (token = user.token) =>
      (await moneyCall<Overview>(t.app, token, 'GET', 'assets/overview')).body.data

    beforeAll(async () => {
      database = await open()
      t = await testApp({ db: database.db })
      user = await makeUser(database.db)
      operator = await makeUser(database.db, 'operator')
      await withPayPassword(database.db, user.id)
      await openUsdtTrc20(database.db, { min: '10', fee: '1' })
    })
    afterAll(async () => {
      await t?.app.close()
      await database?.close()
    })

    it('credits an approved deposit once; a second decision finds it reviewed', async () => {
      const id = await fundUsdt(t.app, user.token, operator.token, '1000')
      const o = await overview()
      expect(o.book).toBe('live')
      expect(balance(o, 'spot')).toMatchObject({ available: '1000', frozen: '0', amount: '1000', usdt_value: '1000' })
      const again = await moneyCall(t.app, operator.token, 'POST', 'admin/deposit_review', { id, approve: true })
      expect(again.body.code).not.toBe(1)
      expect(again.body.msg).toBe('This request has already been reviewed')
      expect(balance(await overview(), 'spot').available).toBe('1000')
      const list = await moneyCall<{ list: { id: number; status: string }[] }>(
        t.app,
        user.token,
        'GET',
        'assets/deposit_list',
      )
      expect(list.body.data.list[0]).toMatchObject({ id, status: 'approved' })
    })

    it('transfers 200 to the contract wallet instantly', async () => {
      const r = await moneyCall(t.app, user.token, 'POST', 'assets/transfer', {
        currency: 'USDT',
        from: 'spot',
        to: 'contract',
        amount: '200',
      })
      expect(r.body.code).toBe(1)
      const o = await overview()
      expect(balance(o, 'spot').available).toBe('800')
      expect(balance(o, 'contract').available).toBe('200')
      expect(o.total_usdt).toBe('1000')
    })

    it('refuses a wrong transaction password, freezes amount + fee on a right one, and a rejection gives it back', async () => {
      const saved = await moneyCall<{ id: number }>(t.app, user.token, 'POST', 'assets/address_save', {
        currency: 'USDT',
        chain: 'TRC20',
        address: TRON_ADDRESS_2,
        label: 'cold',
      })
      expect(saved.body.code).toBe(1)
      const ask = { currency: 'USDT', chain: 'TRC20', address_id: saved.body.data.id, amount: '100' }
      const before = await ledgerRows()
      const wrong = await moneyCall(t.app, user.token, 'POST', 'assets/withdraw', {
        ...ask,
        pay_password: 'nope-nope-1',
      })
      expect(wrong.body.msg).toBe('The transaction password is incorrect')
      expect(wrong.body.data).toMatchObject({ field: 'pay_password' })
      expect(await ledgerRows()).toBe(before)

      const right = await moneyCall<{ id: number; fee: string; arrival_amount: string }>(
        t.app,
        user.token,
        'POST',
        'assets/withdraw',
        { ...ask, pay_password: PAY_PASSWORD },
      )
      expect(right.body.data).toMatchObject({ status: 'pending', fee: '1', arrival_amount: '100' })
      expect(balance(await overview(), 'spot')).toMatchObject({ available: '699', frozen: '101', amount: '800' })

      const rejected = await moneyCall(t.app, operator.token, 'POST', 'admin/withdraw_review', {
        id: right.body.data.id,
        approve: false,
        reason: 'Address failed our screening',
      })
      expect(rejected.body).toMatchObject({ code: 1, data: { status: 'rejected' } })
      expect(balance(await overview(), 'spot')).toMatchObject({ available: '800', frozen: '0' })
      const record = await moneyCall<{ list: { id: number; status: string; reason: string }[] }>(
        t.app,
        user.token,
        'GET',
        'assets/withdraw_list',
      )
      expect(record.body.data.list[0]).toMatchObject({ status: 'rejected', reason: 'Address failed our screening' })
      const check = await moneyCall<{ ok: boolean }>(t.app, operator.token, 'GET', 'admin/ledger_check')
      expect(check.body.data.ok).toBe(true)
    })

    it('keeps the demo book apart: virtual funds once, live balances untouched, deposits closed', async () => {
      const entered = await moneyCall(t.app, user.token, 'POST', 'assets/demo_enter')
      expect(entered.body.data).toEqual({ book: 'demo' })
      const info = await moneyCall<{ book: string }>(t.app, user.token, 'GET', 'user/info')
      expect(info.body.data.book).toBe('demo')
      const demo = await overview()
      expect(demo.book).toBe('demo')
      expect(balance(demo, 'spot').available).toBe('100000')
      await moneyCall(t.app, user.token, 'POST', 'assets/transfer', {
        currency: 'USDT',
        from: 'spot',
        to: 'option',
        amount: '5000',
      })
      const claim = await moneyCall(t.app, user.token, 'POST', 'assets/deposit_claim', {
        currency: 'USDT',
        chain: 'TRC20',
        amount: '5',
        from_address: TRON_ADDRESS_2,
      })
      expect(claim.body.msg).toBe('Deposits and withdrawals are not available in the simulation account')
      expect((await moneyCall(t.app, user.token, 'POST', 'assets/demo_exit')).body.data).toEqual({ book: 'live' })
      expect((await moneyCall(t.app, user.token, 'POST', 'assets/demo_enter')).body.code).toBe(1)
      expect(balance(await overview(), 'spot').available, 'credited once').toBe('95000')
      await moneyCall(t.app, user.token, 'POST', 'assets/demo_exit')
      const live = await overview()
      expect(balance(live, 'spot').available).toBe('800')
      expect(balance(live, 'option').available).toBe('0')
    })

    it('answers a replayed key with the first answer and refuses it with another payload', async () => {
      const body = { currency: 'USDT', from: 'spot', to: 'option', amount: '1' }
      const first = await moneyCall<{ id: number }>(t.app, user.token, 'POST', 'assets/transfer', body, {
        key: 'k-replay',
      })
      const again = await moneyCall<{ id: number }>(t.app, user.token, 'POST', 'assets/transfer', body, {
        key: 'k-replay',
      })
      expect(again.body).toEqual(first.body)
      const other = await moneyCall(
        t.app,
        user.token,
        'POST',
        'assets/transfer',
        { ...body, amount: '2' },
        { key: 'k-replay' },
      )
      expect(other.body.msg).toBe('This request key was already used for a different request. Please submit again')
      expect(balance(await overview(), 'option').available).toBe('1')
    })

    it('refuses bad input by field, in the caller’s language, with no ledger row', async () => {
      const before = await ledgerRows()
      const transfer = (amount: string, extra: object = {}) =>
        moneyCall(t.app, user.token, 'POST', 'assets/transfer', {
          currency: 'USDT',
          from: 'spot',
          to: 'contract',
          amount,
          ...extra,
        })
      expect((await transfer('0')).body).toMatchObject({
        msg: 'The amount must be greater than 0',
        data: { field: 'amount' },
      })
      expect((await transfer('-3')).body.data).toMatchObject({ field: 'amount' })
      expect((await transfer('1.1234567')).body.msg).toBe('USDT amounts can have at most 6 decimal places')
      expect((await transfer('1000000')).body).toMatchObject({ msg: 'Lack of funds', data: { field: 'amount' } })
      expect((await transfer('1', { to: 'spot' })).body.data).toMatchObject({ field: 'to' })
      expect((await transfer('1', { currency: 'DOGEX' })).body.data).toMatchObject({ field: 'currency' })
      const zh = await moneyCall(
        t.app,
        user.token,
        'POST',
        'assets/transfer',
        { currency: 'USDT', from: 'spot', to: 'contract', amount: '1000000' },
        { lang: 'zh-CN' },
      )
      expect(zh.body.msg).toBe('余额不足')
      const noKey = await moneyCall(
        t.app,
        user.token,
        'POST',
        'assets/transfer',
        { currency: 'USDT', from: 'spot', to: 'contract', amount: '1' },
        { key: null },
      )
      expect(noKey.body.data).toMatchObject({ field: 'Idempotency-Key' })
      const badAddress = await moneyCall(t.app, user.token, 'POST', 'assets/address_save', {
        currency: 'USDT',
        chain: 'TRC20',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
      })
      expect(badAddress.body).toMatchObject({ msg: 'This is not a valid TRC20 address', data: { field: 'address' } })
      const badChain = await moneyCall(t.app, user.token, 'POST', 'assets/deposit_claim', {
        currency: 'BTC',
        chain: 'TRC20',
        amount: '1',
        from_address: TRON_ADDRESS_2,
      })
      expect(badChain.body.data).toMatchObject({ field: 'chain' })
      expect(await ledgerRows()).toBe(before)
    })

    it("hides another user's addresses and records", async () => {
      const other = await makeUser(database.db)
      const mine = await moneyCall<{ list: { id: number }[] }>(t.app, user.token, 'GET', 'assets/address_list')
      const addressId = mine.body.data.list[0]!.id
      const del = await moneyCall(t.app, other.token, 'POST', 'assets/address_delete', { id: addressId })
      expect(del.body.code).not.toBe(1)
      const records = await moneyCall<{ list: { id: number }[] }>(t.app, user.token, 'GET', 'assets/ledger')
      const recordId = records.body.data.list[0]!.id
      const peek = await moneyCall(t.app, other.token, 'GET', 'assets/ledger_detail', { id: String(recordId) })
      expect(peek.body.code).toBe(404)
      const own = await moneyCall<{ record: { id: number } }>(t.app, user.token, 'GET', 'assets/ledger_detail', {
        id: String(recordId),
      })
      expect(own.body.data.record.id).toBe(recordId)
      expect(
        (await moneyCall<{ list: unknown[] }>(t.app, other.token, 'GET', 'assets/withdraw_list')).body.data.list,
      ).toEqual([])
    })
  })
}

describeFlow('PGlite', () => pgliteTestDb())

await describePostgres('money flow', (open) => describeFlow('PostgreSQL', open))
