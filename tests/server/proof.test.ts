/**
 * The proof of liabilities (server/custody/proof.ts, issue 23 part 6) on PGlite and PostgreSQL: the published totals
 * are every live user balance (available + frozen, every wallet) and nothing else — not the platform's accounts, not
 * the demo book — equal to the ledger's own entries; each user's path from `proof/mine` verifies against
 * `proof/latest`; a user without a balance is not in the tree; a new proof answers from the new tree.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Wallet } from '../../common/api/assets'
import type { ProofLatest, ProofMine } from '../../common/api/proof'
import { checkProof } from '../../common/proof/verify'
import { publishProof } from '../../server/custody/proof'
import { dailyProofPass } from '../../server/custody/proof-job'
import type { Database } from '../../server/db/client'
import { ledgerAccounts, ledgerEntries } from '../../server/db/schema'
import { moneyTransaction } from '../../server/ledger/idempotent'
import { postTransaction, type Posting } from '../../server/ledger/post'
import { moneyCall } from '../helpers/money-calls'
import { testApp, type TestApp } from '../helpers/server-app'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { makeUser, type TestUser } from '../helpers/server-users'

let n = 0
/** Credits `amount` of `currency` to a user's wallet from the platform's deposits account (the ledger's way in). */
async function credit(
  db: Database['db'],
  userId: number,
  wallet: Wallet,
  currency: string,
  amount: string,
  book: 'live' | 'demo' = 'live',
) {
  const source = book === 'live' ? ({ system: 'deposits' } as const) : ({ system: 'demo_faucet' } as const)
  const entries: Posting['entries'] = [
    { owner: source, currency, bucket: 'available', amount: parseDecimal(`-${amount}`) },
    { owner: { userId, wallet }, currency, bucket: 'available', amount: parseDecimal(amount) },
  ]
  await moneyTransaction(db, (tx) =>
    postTransaction(tx, { kind: 'deposit', book, userId, reference: `proof-test:${n++}`, actor: 'system', entries }),
  )
}

/** Moves `amount` of a user's wallet from available to frozen (as an open order holds it). */
async function freeze(db: Database['db'], userId: number, wallet: Wallet, currency: string, amount: string) {
  const owner = { userId, wallet }
  await moneyTransaction(db, (tx) =>
    postTransaction(tx, {
      kind: 'transfer',
      book: 'live',
      userId,
      reference: `proof-freeze:${n++}`,
      actor: 'system',
      entries: [
        { owner, currency, bucket: 'available', amount: parseDecimal(`-${amount}`) },
        { owner, currency, bucket: 'frozen', amount: parseDecimal(amount) },
      ],
    }),
  )
}

function describeProof(name: string, open: () => Promise<Database>) {
  describe(`proof of liabilities on ${name}`, () => {
    let database: Database
    let t: TestApp
    let alice: TestUser
    let bob: TestUser
    let carol: TestUser
    const latest = async () => (await moneyCall<ProofLatest>(t.app, '', 'GET', 'proof/latest')).body.data
    const mine = async (u: TestUser) => (await moneyCall<ProofMine>(t.app, u.token, 'GET', 'proof/mine')).body.data

    /** Checks `u`'s answer of proof/mine against proof/latest as the app and the verifier script do. */
    async function verifies(u: TestUser) {
      const check = checkProof({ latest: await latest(), mine: await mine(u) }, u.id)
      return check.ok ? null : check.failure
    }

    beforeAll(async () => {
      database = await open()
      t = await testApp({ db: database.db })
      ;[alice, bob, carol] = [await makeUser(database.db), await makeUser(database.db), await makeUser(database.db)]
      const db = database.db
      await credit(db, alice.id, 'spot', 'USDT', '100')
      await credit(db, alice.id, 'contract', 'USDT', '50.5')
      await freeze(db, alice.id, 'spot', 'USDT', '30')
      await credit(db, bob.id, 'spot', 'BTC', '0.5')
      await credit(db, bob.id, 'option', 'USDT', '10.000001')
      await credit(db, carol.id, 'spot', 'USDT', '999', 'demo') // demo money: not a liability
    })
    afterAll(async () => {
      await t?.app.close()
      await database?.close()
    })

    it('answers null before the first proof; proof/mine needs a session', async () => {
      expect(await latest()).toBeNull()
      expect(await mine(alice)).toBeNull()
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/proof/mine' })
      expect(anonymous.statusCode).toBe(401)
    })

    it("publishes every live user balance, frozen included, and exactly the ledger entries' sum", async () => {
      const p = await publishProof(database.db)
      const l = await latest()
      expect(l).toMatchObject({ id: p.id, root: p.root, leaf_count: 2 })
      expect(l!.totals).toEqual([
        { currency: 'BTC', liabilities: '0.5', reserves: null },
        { currency: 'USDT', liabilities: '160.500001', reserves: null },
      ])
      // The economic invariant, from the entries rather than the balances the proof read: what users are owed.
      const owed = await database.db
        .select({ currency: ledgerAccounts.currency, sum: sql<string>`sum(${ledgerEntries.amount})::text` })
        .from(ledgerEntries)
        .innerJoin(ledgerAccounts, eq(ledgerEntries.accountId, ledgerAccounts.id))
        .where(and(isNotNull(ledgerAccounts.userId), eq(ledgerAccounts.book, 'live')))
        .groupBy(ledgerAccounts.currency)
        .orderBy(ledgerAccounts.currency)
      expect(owed.map((o) => [o.currency, parseDecimal(o.sum)])).toEqual(
        l!.totals.map((x) => [x.currency, x.liabilities]),
      )
    })

    it('gives each user with a balance a path that verifies, and no leaf to a user without one', async () => {
      expect(await verifies(alice)).toBeNull()
      expect(await verifies(bob)).toBeNull()
      const a = (await mine(alice))!
      expect(a.leaf.balances).toEqual([
        { currency: 'BTC', amount: '0' },
        { currency: 'USDT', amount: '150.5' },
      ])
      expect(await mine(carol)).toBeNull()
    })

    it("is verified by npm run verify-proof, and neither a leaf claimed one unit larger nor another user's leaf is", async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tc-proof-'))
      const verify = (data: unknown, uid = bob.id) => {
        const file = join(dir, 'proof.json')
        writeFileSync(file, JSON.stringify(data))
        const cli = resolve('server/cli/verify-proof.ts')
        const r = spawnSync(process.execPath, ['--import', 'tsx', cli, file, '--user', String(uid)], {
          encoding: 'utf8',
        })
        return { status: r.status, out: r.stdout + r.stderr }
      }
      try {
        const file = { latest: await latest(), mine: await mine(bob) }
        const ok = verify(file)
        expect(ok.out).toContain('VERIFIED: your balances (0.5 BTC, 10.000001 USDT) are included')
        expect(ok.status).toBe(0)
        const claimed = structuredClone(file)
        claimed.mine!.leaf.balances[1]!.amount = '10.000001000000000001'
        const bad = verify(claimed)
        expect(bad.out).toContain('NOT VERIFIED: wrong-root-hash')
        expect(bad.status).toBe(1)
        expect(verify({ latest: file.latest }).out).toContain('NOT VERIFIED: malformed')
        // Bob's true leaf and path shown to Alice (a venue leaving Alice out): not hers.
        expect(verify(file, alice.id).out).toContain('NOT VERIFIED: not-yours')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })

    it('answers from the newest proof once another is published, with a fresh salt', async () => {
      const before = (await mine(alice))!
      await credit(database.db, carol.id, 'spot', 'USDT', '5')
      const p = await publishProof(database.db)
      const after = (await mine(alice))!
      expect(after.proof_id).toBe(p.id)
      expect(after.leaf.salt).not.toBe(before.leaf.salt)
      expect((await latest())!.leaf_count).toBe(3)
      for (const u of [alice, bob, carol]) expect(await verifies(u)).toBeNull()
    })

    it('publishes the daily proof once per UTC day, with the reserves it is given', async () => {
      const lines: string[] = []
      const reserves = async () => new Map([['USDT', parseDecimal('170')]])
      const log = (l: string) => void lines.push(l)
      // A proof was published today above: nothing more today.
      expect(await dailyProofPass({ db: database.db, reserves, log })).toBeUndefined()
      const tomorrow = new Date(Date.now() + 24 * 3600_000)
      const p = await dailyProofPass({ db: database.db, reserves, log, now: () => tomorrow })
      expect(p).toBeDefined()
      expect(lines).toEqual([expect.stringMatching(/^\[proof\] daily proof #\d+: root [0-9a-f]{64}, 3 users$/)])
      expect((await latest())!.totals).toContainEqual({ currency: 'USDT', liabilities: '165.500001', reserves: '170' })
    })
  })
}

describeProof('PGlite', () => pgliteTestDb())
await describePostgres('proof of liabilities', (open) => describeProof('PostgreSQL', open))
