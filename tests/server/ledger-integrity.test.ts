/**
 * Issue 21 Part 9, the holes of the money layer as an attacker would try them through the API (and, for the platform
 * accounts, through the ledger service itself): one deposit credited once whatever spelling of its tx hash, no 500
 * for an amount the schema accepts, claims bounded, platform accounts that only receive never negative. PGlite and
 * PostgreSQL; the PostgreSQL suite also races two claims of one hash.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Chain, Overview } from '../../common/api/assets'
import { parseDecimal } from '../../common/amount'
import type { Database } from '../../server/db/client'
import { ledgerAccounts } from '../../server/db/schema'
import { postTransaction } from '../../server/ledger/post'
import { moneyTransaction } from '../../server/ledger/idempotent'
import { TX_HASH_KEY_SQL, txHashKey } from '../../server/money/tx-hash'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { testApp, type TestApp } from '../helpers/server-app'
import { fundUsdt, moneyCall, openUsdtTrc20, TRON_ADDRESS_2 } from '../helpers/money-calls'
import { makeUser, type TestUser } from './identity-fixtures'

const HASH = 'b3c1f0e2a4d6978812345678909abcdef0123456789abcdef0123456789abcd'
const SPELLINGS = [HASH, `0x${HASH}`, HASH.toUpperCase(), ` 0X${HASH.toUpperCase()} `]

const spotUsdt = (o: Overview) =>
  o.wallets.find((w) => w.wallet === 'spot')!.balances.find((b) => b.currency === 'USDT')?.available ?? '0'

function describeIntegrity(name: string, open: () => Promise<Database>, parallel: boolean) {
  describe(`ledger integrity on ${name}`, () => {
    let database: Database
    let t: TestApp
    let user: TestUser
    let operator: TestUser
    const claim = (token: string, amount: string, tx_hash?: string) =>
      moneyCall<{ id: number; field?: string }>(t.app, token, 'POST', 'assets/deposit_claim', {
        currency: 'USDT',
        chain: 'TRC20',
        amount,
        from_address: TRON_ADDRESS_2,
        ...(tx_hash === undefined ? {} : { tx_hash }),
      })
    const approve = (id: number) =>
      moneyCall(t.app, operator.token, 'POST', 'admin/deposit_review', { id, approve: true })

    beforeAll(async () => {
      database = await open()
      t = await testApp({ db: database.db })
      user = await makeUser(database.db)
      operator = await makeUser(database.db, 'operator')
      await openUsdtTrc20(database.db, { min: '10', fee: '1' })
    })
    afterAll(async () => {
      await t?.app.close()
      await database?.close()
    })

    // Old code: all four claims accepted and approved, spot USDT 400 (credited 4×).
    it('credits one deposit tx hash once, whatever its spelling', async () => {
      const results = []
      for (const h of SPELLINGS) {
        const c = await claim(user.token, '100', h)
        if (c.body.code === 1) results.push(await approve(c.body.data.id))
        else results.push(c)
      }
      const o = (await moneyCall<Overview>(t.app, user.token, 'GET', 'assets/overview')).body.data
      expect(spotUsdt(o)).toBe('100')
      const refused = results.slice(1)
      for (const r of refused) {
        expect(r.body.code).not.toBe(1)
        expect(r.body.data).toMatchObject({ field: 'tx_hash' })
        expect(r.body.msg).toBe('This transaction hash has already been claimed')
      }
    })

    it('takes the hash again once its claim was rejected, and from another user never', async () => {
      const other = await makeUser(database.db)
      const h = `${HASH.slice(0, -4)}beef`
      const first = await claim(other.token, '5', h)
      expect(first.body.code).toBe(1)
      expect((await claim(user.token, '5', `0x${h}`)).body.data).toMatchObject({ field: 'tx_hash' })
      const reject = await moneyCall(t.app, operator.token, 'POST', 'admin/deposit_review', {
        id: first.body.data.id,
        approve: false,
        reason: 'Not found on chain',
      })
      expect(reject.body.code).toBe(1)
      expect((await claim(user.token, '5', h)).body.code).toBe(1)
    })

    it("computes the migration's backfill key exactly as the claim does", async () => {
      const cases: [Chain, string][] = [
        ['ERC20', `0x${HASH.toUpperCase()}`],
        ['ETH', HASH],
        ['TRC20', ` 0X${HASH} `],
        ['BTC', HASH.toUpperCase()],
        ['TRC20', 'NotHexButLettersAndDigits123'],
      ]
      for (const [chain, hash] of cases) {
        const r = (await database.db.execute(
          sql.raw(`select ${TX_HASH_KEY_SQL} as k from (values ('${chain}', '${hash}')) as t(chain, tx_hash)`),
        )) as { rows: { k: string }[] }
        expect(r.rows[0]!.k, `${chain} ${hash}`).toBe(txHashKey(chain, hash))
      }
      expect(txHashKey('ERC20', `0x${HASH.toUpperCase()}`)).toBe(`ethereum:${HASH}`)
    })

    if (parallel) {
      // Old code: both claims accepted.
      it('accepts exactly one of two claims of one hash sent at once', async () => {
        const h = `${HASH.slice(0, -4)}cafe`
        const [a, b] = await Promise.all([claim(user.token, '7', h), claim(user.token, '7', `0x${h.toUpperCase()}`)])
        expect([a.body.code, b.body.code].filter((c) => c === 1)).toHaveLength(1)
        const loser = a.body.code === 1 ? b : a
        expect(loser.status).toBeLessThan(500)
        expect(loser.body.data).toMatchObject({ field: 'tx_hash' })
      })
    }

    // Old code: HTTP 500 (the NUMERIC(38,18) column rounds 1e-21 to 0 and its CHECK > 0 fails).
    it('refuses a 1e-21 NEAR transfer by naming the amount, never with a 500', async () => {
      const r = await moneyCall(t.app, user.token, 'POST', 'assets/transfer', {
        currency: 'NEAR',
        from: 'spot',
        to: 'contract',
        amount: '0.000000000000000000001',
      })
      expect(r.status).toBeLessThan(500)
      expect(r.body.data).toMatchObject({ field: 'amount' })
      const claimNear = await moneyCall(t.app, user.token, 'POST', 'assets/deposit_claim', {
        currency: 'NEAR',
        chain: 'TRC20',
        amount: '1.0000000000000000001',
        from_address: TRON_ADDRESS_2,
      })
      expect(claimNear.status).toBeLessThan(500)
    })

    // Old code: a claim of 99999999999999999999 USDT accepted (code 1).
    it('refuses an absurd claim, withdrawal or transfer amount', async () => {
      const c = await claim(user.token, '99999999999999999999')
      expect(c.body.code).not.toBe(1)
      expect(c.body.data).toMatchObject({ field: 'amount' })
      expect(c.body.msg).toBe('The amount can be at most 1000000000000 USDT')
      const tr = await moneyCall(t.app, user.token, 'POST', 'assets/transfer', {
        currency: 'USDT',
        from: 'spot',
        to: 'contract',
        amount: '1000000000000.000001',
      })
      expect(tr.body.data).toMatchObject({ field: 'amount' })
      expect(tr.body.msg).toBe('The amount can be at most 1000000000000 USDT')
      expect((await claim(user.token, '1000000000000')).body.code).toBe(1)
    })

    // Old code: the posting went through and system:fees stood at -25.
    it('keeps the fees account from going negative: the ledger refuses, the database CHECK too', async () => {
      await fundUsdt(t.app, user.token, operator.token, '10')
      const fees = async () => {
        const [row] = await database.db
          .select({ available: ledgerAccounts.available })
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.owner, 'system:fees'), eq(ledgerAccounts.book, 'live')))
        return row ? parseDecimal(row.available) : '0'
      }
      const before = await fees()
      const post = moneyTransaction(database.db, (tx) =>
        postTransaction(tx, {
          kind: 'deposit',
          book: 'live',
          userId: user.id,
          reference: `exploit:${name}`,
          actor: 'system',
          entries: [
            { owner: { system: 'fees' }, currency: 'USDT', bucket: 'available', amount: parseDecimal('-25') },
            {
              owner: { userId: user.id, wallet: 'spot' },
              currency: 'USDT',
              bucket: 'available',
              amount: parseDecimal('25'),
            },
          ],
        }),
      )
      await expect(post).rejects.toThrow(/system:fees/)
      expect(await fees()).toBe(before)
      const sqlState = (q: ReturnType<typeof sql>) =>
        database.db.execute(q).then(
          () => 'written',
          (err: Error) => (err.cause as { code?: string } | undefined)?.code ?? (err as { code?: string }).code,
        )
      expect(
        await sqlState(sql`insert into ledger_accounts (owner, book, wallet, currency, available)
          values ('system:fees', 'live', 'spot', 'BTC', -1)`),
      ).toBe('23514')
      expect(await sqlState(sql`update ledger_accounts set available = 1 where owner = 'system:deposits'`)).toBe(
        '23514',
      )
    })
  })
}

describeIntegrity('PGlite', () => pgliteTestDb(), false)

await describePostgres('ledger integrity', (open) => describeIntegrity('PostgreSQL', open, true))
