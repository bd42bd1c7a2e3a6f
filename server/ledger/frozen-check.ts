/**
 * The frozen half of `ledger check` (issue 21 Part 9): every user's `frozen` bucket, per (owner, book, wallet,
 * currency), equals the sum of what its rows say they hold. Holds are read from the holders' own columns, never by
 * replaying postings, so the check keeps meaning "frozen equals the rows' holds" whatever the subsystems post:
 *
 * | holder              | wallet   | currency         | hold                  | while                        |
 * |---------------------|----------|------------------|-----------------------|------------------------------|
 * | `spot_order`        | spot     | quote (buy) / base (sell) | `frozen` (remaining hold) | any status (0 once done) |
 * | `contract_order`    | contract | `currency`       | `margin` + `fee` (its unfilled rest's hold) | `pending` |
 * | `contract_position` | contract | `currency`       | `margin`              | `open`                       |
 * | `micro_order`       | option   | `currency`       | `amount` (the stake)  | `open`                       |
 * | `financial_order`   | spot     | `currency`       | `amount` (principal)  | `in_progress`                |
 * | `withdrawal`        | spot (live) | `currency`    | `amount` + `fee`      | `pending`                    |
 */
import { sql } from 'drizzle-orm'
import type { LedgerCheck } from '../../common/api/assets'
import type { Book } from '../../common/api/user-info'
import { parseDecimal } from '../../common/amount'
import type { Db } from '../db/client'

type FrozenMismatch = LedgerCheck['frozen_mismatches'][number]

/** Holders named per mismatch at most (an account with thousands of orders is named by its first ones). */
export const HOLDERS_SHOWN = 20

type Row = {
  account_id: number | null
  owner: string
  book: Book
  wallet: FrozenMismatch['wallet']
  currency: string
  frozen: string
  holds: string
  holders: string | null
}

/** Every held amount: holder kind and id, whose, which bucket, how much. */
const HOLDS = sql`
  select 'spot_order:' || id as holder, user_id, book, 'spot' as wallet,
    case side when 'buy' then quote else base end as currency, frozen as hold
  from spot_orders where frozen <> 0
  union all
  select 'contract_order:' || id, user_id, book, 'contract', currency, margin + fee
  from contract_orders where status = 'pending'
  union all
  select 'contract_position:' || id, user_id, book, 'contract', currency, margin
  from contract_positions where status = 'open'
  union all
  select 'micro_order:' || id, user_id, book, 'option', currency, amount
  from micro_orders where status = 'open'
  union all
  select 'financial_order:' || id, user_id, book, 'spot', currency, amount
  from financial_orders where status = 'in_progress'
  union all
  select 'withdrawal:' || id, user_id, 'live', 'spot', currency, amount + fee
  from withdrawals where status in ('pending', 'sending')`

/** The frozen buckets the check compares: every user account, plus each holders' group without an account. */
const BUCKETS = sql`
  with holds as (${HOLDS}),
  expected as (select distinct user_id, book, wallet, currency from holds),
  accounts as (select user_id, book, wallet, currency from ledger_accounts where user_id is not null)
  select count(*)::int as n from accounts a
  full outer join expected e
    on e.user_id = a.user_id and e.book = a.book and e.wallet = a.wallet and e.currency = a.currency`

/** How many frozen buckets `frozenMismatches` reconciles (matched or not). Run inside the caller's snapshot. */
export async function frozenBucketCount(tx: Db): Promise<number> {
  const result = (await tx.execute<{ n: number | string }>(BUCKETS)) as { rows: { n: number | string }[] }
  return Number(result.rows[0]?.n ?? 0)
}

/**
 * Each user account whose `frozen` differs from the sum of its holders' holds (an account missing while something
 * holds funds in it counts as frozen 0), with the holders named. Run inside the caller's snapshot.
 */
export async function frozenMismatches(tx: Db): Promise<FrozenMismatch[]> {
  const result = (await tx.execute<Row>(sql`
    with holds as (${HOLDS}),
    expected as (
      select user_id, book, wallet, currency, sum(hold) as holds,
        string_agg(holder, ',' order by holder) as holders
      from holds group by user_id, book, wallet, currency
    ),
    accounts as (
      select id, user_id, owner, book, wallet, currency, frozen from ledger_accounts where user_id is not null
    )
    select a.id as account_id, coalesce(a.owner, 'user:' || e.user_id) as owner,
      coalesce(a.book, e.book) as book, coalesce(a.wallet, e.wallet) as wallet,
      coalesce(a.currency, e.currency) as currency,
      coalesce(a.frozen, 0)::text as frozen, coalesce(e.holds, 0)::text as holds, e.holders
    from accounts a
    full outer join expected e
      on e.user_id = a.user_id and e.book = a.book and e.wallet = a.wallet and e.currency = a.currency
    where coalesce(a.frozen, 0) <> coalesce(e.holds, 0)
    order by 2, 3, 4, 5`)) as { rows: Row[] }
  return result.rows.map((r) => ({
    account_id: r.account_id,
    owner: r.owner,
    book: r.book,
    wallet: r.wallet,
    currency: r.currency,
    frozen: parseDecimal(r.frozen),
    holds: parseDecimal(r.holds),
    holders: (r.holders ?? '').split(',').filter(Boolean).slice(0, HOLDERS_SHOWN),
  }))
}
