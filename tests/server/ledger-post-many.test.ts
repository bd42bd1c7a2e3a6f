/**
 * Many postings in one database transaction (server/ledger/post-many.ts), on PGlite and PostgreSQL: each posting gets
 * its own transaction row under its kind and reference — written exactly as given, whatever characters the reference
 * holds (the rows go in as PostgreSQL arrays: a comma, brace, quote or backslash must not split or bend an element) —
 * its entries in order with their balance after, the user's balance the sum, the ledger check whole; a posting that
 * would take a user bucket below zero writes nothing of any of them.
 */
import { asc, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { parseDecimal } from '../../common/amount'
import type { Database } from '../../server/db/client'
import { ledgerEntries, ledgerTransactions } from '../../server/db/schema'
import { checkLedger } from '../../server/ledger/check'
import { moneyTransaction } from '../../server/ledger/idempotent'
import { postTransactions, textArray } from '../../server/ledger/post-many'
import type { Posting } from '../../server/ledger/post'
import { bucketsOf, depositPosting } from '../helpers/ledger-ops'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import { makeUser } from '../helpers/server-users'

const REFERENCES = ['plain:1', 'a,b', '{braces}', 'say "hi"', 'back\\slash', 'NULL', ' spaced ', 'ünï,cödé']

function suite(name: string, open: () => Promise<Database>) {
  it(`writes each posting as given, references with any character (${name})`, async () => {
    const database = await open()
    try {
      const u = await makeUser(database.db)
      const refs = REFERENCES.map((r) => `${r}#${u.id}`)
      await moneyTransaction(database.db, (tx) =>
        postTransactions(
          tx,
          refs.map((r, i) => depositPosting(u.id, r, `${i + 1}.5`)),
        ),
      )
      const rows = await database.db
        .select()
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.reference, refs))
        .orderBy(asc(ledgerTransactions.id))
      expect(rows.map((r) => [r.reference, r.userId, r.kind, r.actor])).toEqual(
        refs.map((r) => [r, u.id, 'deposit', 'system']),
      )
      const entries = await database.db
        .select()
        .from(ledgerEntries)
        .where(
          inArray(
            ledgerEntries.transactionId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(ledgerEntries.id))
      // The user's entries in posting order, each with the balance after it: 1.5, 1.5 + 2.5, …
      const mine = entries.filter((e) => e.amount[0] !== '-')
      let total = 0
      const plain = (d: string) => d.replace(/\.?0+$/, '')
      expect(mine.map((e) => [plain(e.amount), plain(e.balanceAfter)])).toEqual(
        refs.map((_, i) => {
          total += i + 1.5
          return [`${i + 1}.5`, String(total)]
        }),
      )
      expect(await bucketsOf(database.db, u.id, 'USDT', 'spot')).toEqual({ available: String(total), frozen: '0' })
      expect(await checkLedger(database.db)).toMatchObject({ ok: true })
      // Nothing of a batch one posting of which would take a user below zero.
      const debit: Posting = {
        ...depositPosting(u.id, `too much#${u.id}`, '1'),
        kind: 'transfer',
        entries: [
          {
            owner: { userId: u.id, wallet: 'spot' },
            currency: 'USDT',
            bucket: 'available',
            amount: parseDecimal(`-${total + 2}`),
          },
          {
            owner: { userId: u.id, wallet: 'contract' },
            currency: 'USDT',
            bucket: 'available',
            amount: parseDecimal(`${total + 2}`),
          },
        ],
      }
      await expect(
        moneyTransaction(database.db, (tx) => postTransactions(tx, [depositPosting(u.id, `more#${u.id}`, '1'), debit])),
      ).rejects.toMatchObject({ kind: 'rejected', messageKey: 'lackOfFunds' })
      expect(
        await database.db
          .select()
          .from(ledgerTransactions)
          .where(eq(ledgerTransactions.reference, `more#${u.id}`)),
      ).toEqual([])
    } finally {
      await database.close()
    }
  })
}

describe('postTransactions', () => {
  it('quotes every text element of an array literal', () => {
    expect(textArray(['a,b', 'say "hi"', 'back\\slash', null])).toBe('{"a,b","say \\"hi\\"","back\\\\slash",NULL}')
  })
  suite('PGlite', () => pgliteTestDb())
})

await describePostgres('postTransactions on PostgreSQL', (open) => suite('PostgreSQL', open))
