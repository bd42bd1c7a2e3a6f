/**
 * Operator CLI of money (issue 10): `chains list|set`, `deposits list|approve|reject`, `withdrawals
 * list|approve|reject`, `demo set-funds`, `ledger check` — the same services as the admin calls, English lines, exit 1
 * on a refusal, and `ledger check` exiting 0 only while the ledger is balanced.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Overview } from '../../common/api/assets'
import { runAdmin } from '../../server/cli/admin-commands'
import type { Database } from '../../server/db/client'
import { ledgerAccounts } from '../../server/db/schema'
import { pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { moneyCall, PAY_PASSWORD, TRON_ADDRESS, TRON_ADDRESS_2, withPayPassword } from '../helpers/money-calls'
import { makeUser, type TestUser } from './identity-fixtures'

let database: Database
let t: TestApp
let user: TestUser

beforeAll(async () => {
  database = await pgliteTestDb()
  t = await testApp({ db: database.db })
  user = await makeUser(database.db)
  await withPayPassword(database.db, user.id)
})
afterAll(async () => {
  await t.app.close()
  await database.close()
})

async function admin(...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(database.db, argv, { out: (l) => void out.push(l), err: (l) => void err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}
const spot = async () =>
  (await moneyCall<Overview>(t.app, user.token, 'GET', 'assets/overview')).body.data.wallets[0]!.balances.find(
    (b) => b.currency === 'USDT',
  )!

describe('money CLI', () => {
  it('lists the seeded chains without addresses, then sets one (checked for the chain)', async () => {
    const listed = await admin('chains', 'list')
    expect(listed.out).toMatch(/USDT\s+TRC20\s+deposit open\s+\(no address\)/)
    expect(listed.out).toMatch(/ETH\s+ETH/)
    const bad = await admin('chains', 'set', 'USDT', 'TRC20', '--address', 'bc1qnotatronaddress')
    expect(bad.code).toBe(1)
    expect(bad.err).toContain('This is not a valid TRC20 address [deposit_address]')
    const set = await admin('chains', 'set', 'usdt', 'trc20', '--address', TRON_ADDRESS, '--min', '10', '--fee', '1.5')
    expect(set.out).toBe(`USDT TRC20: deposit address ${TRON_ADDRESS}, min 10, fee 1.5, deposit open, withdraw open`)
    const options = await moneyCall<{ options: { chain: string; address: string | null }[] }>(
      t.app,
      user.token,
      'GET',
      'assets/deposit_options',
    )
    expect(options.body.data.options.find((o) => o.chain === 'TRC20')!.address).toBe(TRON_ADDRESS)
  })

  it('approves a deposit once and rejects another with the reason the user sees', async () => {
    const claim = (amount: string) =>
      moneyCall<{ id: number }>(t.app, user.token, 'POST', 'assets/deposit_claim', {
        currency: 'USDT',
        chain: 'TRC20',
        amount,
        from_address: TRON_ADDRESS_2,
      })
    const a = (await claim('300')).body.data.id
    const b = (await claim('7')).body.data.id
    expect((await admin('deposits', 'list', '--status', 'pending')).out).toContain(`#${a}  pending`)
    expect((await admin('deposits', 'approve', String(a))).out).toBe(`deposit #${a} is now approved`)
    const again = await admin('deposits', 'approve', String(a))
    expect([again.code, again.err]).toEqual([1, `error: deposit #${a}: This request has already been reviewed`])
    expect((await admin('deposits', 'reject', String(b), 'No', 'such', 'transfer')).code).toBe(0)
    const list = await moneyCall<{ list: { id: number; reason: string | null }[] }>(
      t.app,
      user.token,
      'GET',
      'assets/deposit_list',
    )
    expect(list.body.data.list.find((d) => d.id === b)!.reason).toBe('No such transfer')
    expect((await spot()).available).toBe('300')
    expect((await admin('deposits', 'reject', String(b))).code, 'a reason is required').toBe(2)
  })

  it('approves a withdrawal: the frozen amount and fee leave the wallet', async () => {
    const saved = await moneyCall<{ id: number }>(t.app, user.token, 'POST', 'assets/address_save', {
      currency: 'USDT',
      chain: 'TRC20',
      address: TRON_ADDRESS_2,
    })
    const w = await moneyCall<{ id: number }>(t.app, user.token, 'POST', 'assets/withdraw', {
      currency: 'USDT',
      chain: 'TRC20',
      address_id: saved.body.data.id,
      amount: '100',
      pay_password: PAY_PASSWORD,
    })
    expect(await spot()).toMatchObject({ available: '198.5', frozen: '101.5' })
    expect((await admin('withdrawals', 'list')).out).toContain(`#${w.body.data.id}  pending  `)
    expect((await admin('withdrawals', 'approve', String(w.body.data.id))).out).toBe(
      `withdrawal #${w.body.data.id} is now approved`,
    )
    expect(await spot()).toMatchObject({ available: '198.5', frozen: '0' })
  })

  it('sets demo funds for new demo books and for one user', async () => {
    expect((await admin('demo', 'set-funds', '2500')).out).toBe('new demo books open with 2500 USDT')
    expect((await moneyCall(t.app, user.token, 'POST', 'assets/demo_enter')).body.code).toBe(1)
    expect((await spot()).available).toBe('2500')
    expect((await admin('demo', 'set-funds', '10', '--user', String(user.id))).code).toBe(0)
    expect((await spot()).available).toBe('10')
    expect((await admin('demo', 'set-funds', '-5')).code).toBe(1)
    await moneyCall(t.app, user.token, 'POST', 'assets/demo_exit')
    expect((await spot()).available, 'live untouched').toBe('198.5')
  })

  it("sets and removes a user's daily limit of withdrawals sent without review, naming a bad user or amount", async () => {
    const id = String(user.id)
    expect(await admin('withdrawals', 'auto-limit', id, 'eth', '1.5')).toMatchObject({
      code: 0,
      out: `user ${id}: ETH withdrawals on chain within 1.5 a UTC day go to the signer without review`,
    })
    expect(await admin('withdrawals', 'auto-limit', id, 'ETH', 'off')).toMatchObject({
      code: 0,
      out: `user ${id}: every ETH withdrawal waits for review`,
    })
    expect(await admin('withdrawals', 'auto-limit', '999999', 'ETH', '1')).toMatchObject({ code: 1 })
    expect((await admin('withdrawals', 'auto-limit', id, 'ETH', '-1')).code).not.toBe(0)
    expect((await admin('withdrawals', 'auto-limit', id, 'ETH')).code).toBe(2)
  })

  it('exits 0 on a balanced ledger and 1 naming the account once a balance is off its entries', async () => {
    const ok = await admin('ledger', 'check')
    expect(ok.code).toBe(0)
    expect(ok.out).toMatch(/live USDT\s+Σ entries 0/)
    expect(ok.out).toContain('ledger balanced')
    expect(ok.out).toMatch(/^frozen: [1-9]\d* buckets reconciled, 0 mismatches$/m)
    // What no code path may do: change a balance outside the ledger service.
    await database.db
      .update(ledgerAccounts)
      .set({ available: sql`${ledgerAccounts.available} + 1` })
      .where(eq(ledgerAccounts.owner, `user:${user.id}`))
    const off = await admin('ledger', 'check')
    expect(off.code).toBe(1)
    expect(off.err).toContain(`(user:${user.id} live spot USDT): available 199.5 vs entries 198.5`)
  })
})
