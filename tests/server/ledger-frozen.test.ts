/**
 * `ledger check` reconciles every frozen bucket with what holds it (issue 21 Part 9): after a mix of activity through
 * the API (a resting spot order, a pending futures order and an open position, a second contract, a yield
 * subscription, a pending withdrawal) it reports nothing; a frozen bucket moved behind the ledger's back (a direct
 * UPDATE) is reported by account, expected and actual figure and holders, by the API and by `npm run admin -- ledger
 * check` (exit 1). PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { LedgerCheck } from '../../common/api/assets'
import type { TickerTick } from '../../common/feed/messages'
import { runAdmin } from '../../server/cli/admin-commands'
import type { Database } from '../../server/db/client'
import { moneyUser, rowsOf, serviceCalls } from '../helpers/ledger-ops'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { moneyCall } from '../helpers/money-calls'
import { makeUser, type TestUser } from '../helpers/server-users'
import { contractSuite, marketAt, open, settled, type ContractSuite } from './contract-fixtures'
import { whilePricing } from './micro-suite'

/** A BTC/USDT ticker at `price`, now (what second contracts open at). */
function ticker(s: ContractSuite, price: number) {
  const ts = Date.now()
  const tick: TickerTick = {
    ...{ open: price, high: price, low: price, close: price, amount: 1, vol: price, count: 1 },
    ...{ bid: price, bidSize: 1, ask: price, askSize: 1, lastPrice: price, lastSize: 1 },
  }
  s.market.emit({ type: 'ticker', symbol: 'btcusdt', ts, tick })
}

/** A user with 10,000 USDT spread over the spot, futures and options wallets. */
async function busyUser(s: ContractSuite): Promise<TestUser> {
  const user = await makeUser(s.database.db)
  const calls = serviceCalls(s.database.db, new Map([[user.id, await moneyUser(s.database.db, user.id)]]))
  await calls.deposit(user.id, 'USDT', parseDecimal('10000'), randomUUID())
  const who = (key: string) => ({ userId: user.id, book: 'live' as const, key })
  await calls.transfer(who(randomUUID()), {
    currency: 'USDT',
    from: 'spot',
    to: 'contract',
    amount: parseDecimal('3000'),
  })
  await calls.transfer(who(randomUUID()), {
    currency: 'USDT',
    from: 'spot',
    to: 'option',
    amount: parseDecimal('1000'),
  })
  await calls.withdraw(who(randomUUID()), { currency: 'USDT', amount: parseDecimal('50') })
  return user
}

const check = async (s: ContractSuite) =>
  (await moneyCall<LedgerCheck>(s.t.app, s.operator.token, 'GET', 'admin/ledger_check')).body.data

function describeFrozen(name: string, openDb: () => Promise<Database>) {
  describe(`ledger check of frozen buckets on ${name}`, () => {
    const s = contractSuite(openDb)

    it('finds every frozen bucket equal to its holds after a mix of activity', async () => {
      const u = await busyUser(s)
      marketAt(s, 60000, 60010)
      ticker(s, 60005)
      const spot = await moneyCall(s.t.app, u.token, 'POST', 'trade/order_place', {
        symbol: 'btcusdt',
        side: 'buy',
        type: 'limit',
        price: '50000',
        amount: '0.01',
        client_oid: randomUUID(),
      })
      expect(spot.body.code, spot.body.msg).toBe(1)
      expect((await open(s, u, { amount: '0.01' })).body.code).toBe(1)
      expect((await open(s, u, { type: 'limit', price: '50000', amount: '0.01' })).body.code).toBe(1)
      // A contract opens at the first price received after it is accepted: the feed keeps pricing while it waits.
      const micro = await whilePricing(
        s,
        moneyCall(s.t.app, u.token, 'POST', 'micro/order_place', {
          symbol: 'btcusdt',
          duration_s: 30,
          direction: 'up',
          amount: '20',
          client_oid: randomUUID(),
        }),
        60005,
      )
      expect(micro.body.code, micro.body.msg).toBe(1)
      const products = await moneyCall<{ id: number }[]>(s.t.app, '', 'GET', 'financial/products')
      const buy = await moneyCall(s.t.app, u.token, 'POST', 'financial/buy', {
        product_id: products.body.data[0]!.id,
        amount: '1000',
      })
      expect(buy.body.code, buy.body.msg).toBe(1)
      await settled(s)
      const holds = await rowsOf<{ wallet: string; frozen: string }>(
        s.database.db,
        sql`select wallet, frozen::text as frozen from ledger_accounts where user_id = ${u.id} and frozen <> 0`,
      )
      expect(holds.map((h) => h.wallet).sort()).toEqual(['contract', 'option', 'spot'])
      expect(await check(s)).toMatchObject({ ok: true, mismatches: [], frozen_mismatches: [] })
      // Every user account counts as one reconciled frozen bucket, and the command line says so.
      const [accounts] = await rowsOf<{ n: number }>(
        s.database.db,
        sql`select count(*)::int as n from ledger_accounts where user_id is not null`,
      )
      expect((await check(s)).frozen_buckets).toBe(Number(accounts!.n))
      const out: string[] = []
      await runAdmin(s.database.db, ['ledger', 'check'], { out: (l) => void out.push(l), err: () => {} })
      expect(out).toContain(`frozen: ${accounts!.n} buckets reconciled, 0 mismatches`)
    })

    it('names a frozen bucket moved behind the ledger, with its holders, by API and command line', async () => {
      const u = await busyUser(s)
      const [account] = await rowsOf<{ id: number }>(
        s.database.db,
        sql`update ledger_accounts set frozen = frozen + 7 where user_id = ${u.id} and wallet = 'spot'
          and currency = 'USDT' returning id`,
      )
      const [w] = await rowsOf<{ id: number }>(s.database.db, sql`select id from withdrawals where user_id = ${u.id}`)
      const r = await check(s)
      expect(r.ok).toBe(false)
      expect(r.frozen_mismatches).toEqual([
        {
          account_id: account!.id,
          owner: `user:${u.id}`,
          book: 'live',
          wallet: 'spot',
          currency: 'USDT',
          frozen: '58',
          holds: '51',
          holders: [`withdrawal:${w!.id}`],
        },
      ])
      const err: string[] = []
      const out: string[] = []
      const code = await runAdmin(s.database.db, ['ledger', 'check'], {
        out: (l) => void out.push(l),
        err: (l) => void err.push(l),
      })
      expect(code).toBe(1)
      expect(out.join('\n')).toMatch(/^frozen: \d+ buckets reconciled, 1 mismatches$/m)
      expect(err.join('\n')).toContain(`(user:${u.id} live spot USDT): frozen 58 vs holds 51 of withdrawal:${w!.id}`)
      await s.database.db.execute(sql`update ledger_accounts set frozen = frozen - 7 where id = ${account!.id}`)
      expect((await check(s)).ok).toBe(true)
    })
  })
}

describeFrozen('PGlite', () => pgliteTestDb())

await describePostgres('ledger check of frozen buckets', (openDb) => describeFrozen('PostgreSQL', openDb))
