/**
 * The ledger's invariants, checked against the database (`admin/ledger_check`, `npm run admin -- ledger check`, and
 * after every step of the model test): entries of each book and currency sum to zero, every account's `available`
 * and `frozen` equal the sums of its entries, no user bucket is negative (the CHECK makes that one impossible; it is
 * reported all the same should the constraint ever be dropped), and every user's `frozen` equals what its orders,
 * positions, contracts, subscriptions and withdrawals hold (frozen-check.ts).
 */
import { sql } from 'drizzle-orm'
import type { LedgerCheck } from '../../common/api/assets'
import type { Book } from '../../common/api/user-info'
import { parseDecimal, sign } from '../../common/amount'
import type { Db } from '../db/client'
import { frozenBucketCount, frozenMismatches } from './frozen-check'

type Mismatch = LedgerCheck['mismatches'][number]
type SumRow = { book: Book; currency: string; sum: string }
type OffRow = {
  id: number
  owner: string
  book: Book
  wallet: Mismatch['wallet']
  currency: string
  available: string
  frozen: string
  entries_available: string
  entries_frozen: string
}

/** One read of each invariant; `ok` when all hold. Reads in one REPEATABLE READ snapshot on PostgreSQL. */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  return db.transaction(
    async (tx) => {
      const sums = (await tx.execute<SumRow>(sql`
        select a.book, a.currency, coalesce(sum(e.amount), 0)::text as sum
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
        group by a.book, a.currency order by a.book, a.currency`)) as { rows: SumRow[] }
      const off = (await tx.execute<OffRow>(sql`
        select a.id, a.owner, a.book, a.wallet, a.currency, a.available::text, a.frozen::text,
          coalesce(s.av, 0)::text as entries_available, coalesce(s.fr, 0)::text as entries_frozen
        from ledger_accounts a
        left join (
          select account_id,
            sum(amount) filter (where bucket = 'available') as av,
            sum(amount) filter (where bucket = 'frozen') as fr
          from ledger_entries group by account_id
        ) s on s.account_id = a.id
        where a.available <> coalesce(s.av, 0) or a.frozen <> coalesce(s.fr, 0)
          or (a.user_id is not null and (a.available < 0 or a.frozen < 0))
        order by a.id`)) as { rows: OffRow[] }
      const currencies = sums.rows.map((r) => ({ book: r.book, currency: r.currency, sum: parseDecimal(r.sum) }))
      const mismatches: Mismatch[] = off.rows.map((r) => ({
        account_id: r.id,
        owner: r.owner,
        book: r.book,
        wallet: r.wallet,
        currency: r.currency,
        available: parseDecimal(r.available),
        frozen: parseDecimal(r.frozen),
        entries_available: parseDecimal(r.entries_available),
        entries_frozen: parseDecimal(r.entries_frozen),
      }))
      const frozen = await frozenMismatches(tx)
      const frozenBuckets = await frozenBucketCount(tx)
      const ok = mismatches.length === 0 && frozen.length === 0 && currencies.every((c) => sign(c.sum) === 0)
      return { ok, currencies, mismatches, frozen_mismatches: frozen, frozen_buckets: frozenBuckets }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}
