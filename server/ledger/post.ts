/**
 * Posting one balanced ledger transaction: the only code that writes `ledger_accounts.available/frozen`.
 *
 * Concurrency (decided for issue 10): READ COMMITTED with **conditional updates** —
 * `UPDATE … SET available = available + $d WHERE id = $id AND available + $d >= 0 … RETURNING`. PostgreSQL takes the
 * row lock, waits for a concurrent writer to commit and re-evaluates the WHERE on the newest row version (manual
 * §13.2.1), so two withdrawals racing for the same funds cannot both pass, with no read-then-write window and no
 * SERIALIZABLE retries. Accounts are locked in ascending id order, so two transactions touching the same accounts
 * lock them in the same order and cannot deadlock. The `CHECK (available >= 0 AND frozen >= 0)` on user accounts is
 * the backstop should a caller ever bypass this module. On PGlite (one connection) transactions run one at a time.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { LedgerKind, Wallet } from '../../common/api/assets'
import type { Book } from '../../common/api/user-info'
import { add, negate, parseDecimal, sign, type DecimalString } from '../../common/amount'
import type { Db } from '../db/client'
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema'
import { DomainError } from '../domain/errors'
import { balanceEvents, emitBalanceEvents } from '../stream/account-events'
import { numberArray, textArray } from './sql-arrays'

/**
 * Platform accounts: the other side of every user entry. `insurance` pays what a liquidated account owes beyond its
 * balance, so a user's balance never goes below zero (issue 12).
 */
export const SYSTEM_ACCOUNTS = ['deposits', 'withdrawals', 'fees', 'counterparty', 'demo_faucet', 'insurance'] as const
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number]

/**
 * The sign each platform account may take (issue 21 Part 9), as the CHECK `ledger_accounts_platform_sign` of
 * server/db/schema-ledger.ts enforces it: `either` (counterparty, insurance: they win and lose against users;
 * demo_faucet: play money the operator may take back), `nonPositive` (deposits: the source of every deposit, which
 * nothing pays), `nonNegative` (every other one: it only receives).
 */
export const PLATFORM_SIGN: Readonly<Record<SystemAccount, 'either' | 'nonPositive' | 'nonNegative'>> = {
  counterparty: 'either',
  insurance: 'either',
  demo_faucet: 'either',
  deposits: 'nonPositive',
  withdrawals: 'nonNegative',
  fees: 'nonNegative',
}

/** A posting would take a platform account out of its sign (PLATFORM_SIGN): a bug of the caller, never a user's. */
export class PlatformSignError extends Error {
  constructor(readonly account: string) {
    super(`ledger: platform account ${account} would leave its sign (PLATFORM_SIGN)`)
    this.name = 'PlatformSignError'
  }
}

/** Whose balance: a user's wallet, or a platform account (its wallet is always `spot`). */
export type AccountOwner = { userId: number; wallet: Wallet } | { system: SystemAccount }

/** One side of a transaction: `amount` (signed, exact) added to one bucket of one account. */
export interface Entry {
  owner: AccountOwner
  currency: string
  bucket: 'available' | 'frozen'
  amount: DecimalString
}

/** A transaction to post. */
export interface Posting {
  kind: LedgerKind
  book: Book
  /** The user whose balances move (records, the user's change list); null for platform-only changes. */
  userId: number | null
  /** What it is about, unique per kind (`deposit:12`): posting the same effect twice fails. */
  reference: string
  /** `user:<id>`, `operator:<id>`, `cli` or `system`. */
  actor: string
  entries: readonly Entry[]
  /** Input field a refusal for lack of funds names (default `amount`). */
  field?: string
}

/** What was posted. */
export interface Posted {
  transactionId: number
  /** Entry ids in the order of `Posting.entries`. */
  entryIds: number[]
}

/** The `owner` column of an account of `o`: `user:<id>` or `system:<name>`. */
export const ownerKey = (o: AccountOwner) => ('system' in o ? `system:${o.system}` : `user:${o.userId}`)
const walletOf = (o: AccountOwner): Wallet => ('system' in o ? 'spot' : o.wallet)

/** The unique key of an account row (`ledger_accounts_key`) with its user: what identifies and creates it. */
export function accountKey(owner: AccountOwner, book: Book, currency: string) {
  return {
    owner: ownerKey(owner),
    book,
    wallet: walletOf(owner),
    currency,
    userId: 'system' in owner ? null : owner.userId,
  }
}

/**
 * The id of the account (created at zero on first use). Safe under concurrency: `ON CONFLICT DO NOTHING` then read.
 */
export async function accountId(tx: Db, owner: AccountOwner, book: Book, currency: string): Promise<number> {
  const key = accountKey(owner, book, currency)
  const [found] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.owner, key.owner),
        eq(ledgerAccounts.book, book),
        eq(ledgerAccounts.wallet, key.wallet),
        eq(ledgerAccounts.currency, currency),
      ),
    )
  if (found) return found.id
  await tx.insert(ledgerAccounts).values(key).onConflictDoNothing()
  return accountId(tx, owner, book, currency)
}

/**
 * Checks that the entries of each currency sum to zero and none is zero.
 * @throws Error (a programming error, never a user's) when they do not.
 */
export function assertBalanced(entries: readonly Entry[]): void {
  const sums = new Map<string, DecimalString>()
  for (const e of entries) {
    if (sign(e.amount) === 0) throw new Error(`ledger: zero entry in ${e.currency}`)
    sums.set(e.currency, add(sums.get(e.currency) ?? parseDecimal('0'), e.amount))
  }
  for (const [currency, sum] of sums) if (sign(sum) !== 0) throw new Error(`ledger: ${currency} entries sum to ${sum}`)
}

/** `(…)` list of the owner keys of platform accounts with `rule`, as SQL parameters. */
const ownersWith = (...rules: (typeof PLATFORM_SIGN)[SystemAccount][]) =>
  sql`(${sql.join(
    SYSTEM_ACCOUNTS.filter((a) => rules.includes(PLATFORM_SIGN[a])).map((a) => sql`${`system:${a}`}`),
    sql`, `,
  )})`

/**
 * The SQL condition under which an account whose owner is `owner` may hold `available` and `frozen`: users and the
 * platform accounts that only receive never negative, `deposits` never positive, the rest free (PLATFORM_SIGN).
 * Used in the conditional UPDATEs of post.ts and post-many.ts.
 */
export function signHoldsSql(owner: SQL, available: SQL, frozen: SQL): SQL {
  const either = ownersWith('either')
  const nonPositive = ownersWith('nonPositive')
  return sql`(${owner} in ${either}
    or (${owner} in ${nonPositive} and ${available} <= 0 and ${frozen} >= 0)
    or (${owner} not in ${ownersWith('either', 'nonPositive')} and ${available} >= 0 and ${frozen} >= 0))`
}

/**
 * Account ids seen in this process by account key text (`owner|book|wallet|currency`): a hint that saves the lookup
 * of `accountId`, never trusted on its own. The conditional UPDATE matches the id AND the key, so a hint that names
 * another row (another database opened by the same process, as tests do) updates nothing and is looked up again.
 * Bounded: cleared when it reaches ACCOUNT_HINTS_MAX.
 */
const accountHints = new Map<string, number>()
const ACCOUNT_HINTS_MAX = 100_000
const hintKey = (k: ReturnType<typeof accountKey>) => `${k.owner}|${k.book}|${k.wallet}|${k.currency}`

/**
 * The conditional update of a posting's accounts (see the module header), by one statement: their rows locked in
 * ascending id order first (the sub-select FOR UPDATE sorted by id, the order every posting locks in), then each one's
 * change added when the row is still the account of its key and its sign holds after. Answers the buckets after of
 * the accounts it updated, by id; one that did not match or would not hold is missing (and the others are changed:
 * the caller refuses or retries it, and the refusal rolls the transaction back).
 */
async function applyDeltas(
  tx: Db,
  list: readonly {
    id: number
    key: ReturnType<typeof accountKey>
    change: { available: DecimalString; frozen: DecimalString }
  }[],
): Promise<Map<number, { available: DecimalString; frozen: DecimalString }>> {
  const column = (pick: (a: (typeof list)[number]) => string | number) => list.map(pick)
  const result = await tx.execute<{ id: number; available: string; frozen: string }>(sql`
    update ${ledgerAccounts} as a set available = a.available + v.da, frozen = a.frozen + v.df, updated_at = now()
    from (
      select v.* from unnest(${numberArray(column((a) => a.id))}::int[],
                             ${textArray(column((a) => a.key.owner) as string[])}::text[],
                             ${textArray(column((a) => a.key.book) as string[])}::text[],
                             ${textArray(column((a) => a.key.wallet) as string[])}::text[],
                             ${textArray(column((a) => a.key.currency) as string[])}::text[],
                             ${numberArray(column((a) => a.change.available))}::numeric[],
                             ${numberArray(column((a) => a.change.frozen))}::numeric[])
        as v(id, owner, book, wallet, currency, da, df)
      join (select id from ${ledgerAccounts} where id = any(${numberArray(column((a) => a.id))}::int[])
            order by id for update) as locked on locked.id = v.id
    ) as v
    where a.id = v.id and a.owner = v.owner and a.book = v.book and a.wallet = v.wallet and a.currency = v.currency
      and ${signHoldsSql(sql`a.owner`, sql`a.available + v.da`, sql`a.frozen + v.df`)}
    returning a.id, a.available::text as available, a.frozen::text as frozen`)
  const rows = (result as { rows: { id: number | string; available: string; frozen: string }[] }).rows
  return new Map(
    rows.map((r) => [Number(r.id), { available: parseDecimal(r.available), frozen: parseDecimal(r.frozen) }]),
  )
}

/**
 * Posts `p` inside the caller's database transaction `tx` (which must be one: a failure after some updates rolls
 * them back with it). Statements, once the process has seen the accounts: one conditional UPDATE of all its accounts
 * (locked in ascending id order), one INSERT of the transaction with its entries, one of the user stream's events.
 * @throws DomainError rejected `lackOfFunds` naming `p.field` when a user bucket would go below zero (nothing is
 *   written); PlatformSignError when a platform account would leave its PLATFORM_SIGN; Error when the entries are not
 *   balanced; a unique violation when `kind`+`reference` was posted before.
 */
export async function postTransaction(tx: Db, p: Posting): Promise<Posted> {
  assertBalanced(p.entries)
  /** The posting's accounts by key text: their net change per bucket, their id once known. */
  const accounts = new Map<
    string,
    {
      key: ReturnType<typeof accountKey>
      owner: AccountOwner
      currency: string
      id: number
      change: { available: DecimalString; frozen: DecimalString }
      after?: { available: DecimalString; frozen: DecimalString }
    }
  >()
  const entryAccount = p.entries.map((e) => {
    const key = accountKey(e.owner, p.book, e.currency)
    const text = hintKey(key)
    let a = accounts.get(text)
    if (!a) {
      const zero = parseDecimal('0')
      a = { key, owner: e.owner, currency: e.currency, id: 0, change: { available: zero, frozen: zero } }
      accounts.set(text, a)
    }
    a.change[e.bucket] = add(a.change[e.bucket], e.amount)
    return text
  })
  // Ids from the hints while they name distinct rows; looked up otherwise.
  const hinted = [...accounts.keys()].map((text) => accountHints.get(text))
  const trustHints = hinted.every((id) => id !== undefined) && new Set(hinted).size === hinted.length
  for (const [text, a] of accounts) {
    a.id = trustHints ? accountHints.get(text)! : await lookUp(tx, a.owner, p.book, a.currency, text)
  }
  // Applied in ascending account id order (no deadlocks, see the header), all by one statement.
  const ordered = [...accounts.values()].sort((x, y) => x.id - y.id)
  const after = await applyDeltas(tx, ordered)
  for (const a of ordered) {
    a.after = after.get(a.id)
    if (!a.after && trustHints) {
      // Not updated: lack of funds, or a hint of another database (naming another row, or none: then the look-up
      // creates the account, maybe under that very id). Looked up and tried once more.
      a.id = await lookUp(tx, a.owner, p.book, a.currency, hintKey(a.key))
      a.after = (await applyDeltas(tx, [a])).get(a.id)
    }
    if (!a.after) {
      if ('system' in a.owner) throw new PlatformSignError(ownerKey(a.owner))
      throw new DomainError('rejected', 'lackOfFunds', { field: p.field ?? 'amount' })
    }
  }
  // balance_after of each entry: the account's final value minus the entries after it in this transaction.
  const running = new Map([...accounts].map(([text, a]) => [text, { ...a.after! }]))
  const balanceAfter: DecimalString[] = []
  for (let i = p.entries.length - 1; i >= 0; i--) {
    const e = p.entries[i]!
    const b = running.get(entryAccount[i]!)!
    balanceAfter[i] = b[e.bucket]
    b[e.bucket] = add(b[e.bucket], negate(e.amount))
  }
  // The transaction and its entries in one statement, entries in the order of `p.entries` (`with ordinality`).
  const inserted = await tx.execute<{ transaction_id: number; id: number }>(sql`
    with t as (
      insert into ${ledgerTransactions} (kind, book, user_id, reference, actor)
      values (${p.kind}, ${p.book}, ${p.userId}, ${p.reference}, ${p.actor})
      returning id
    )
    insert into ${ledgerEntries} (transaction_id, account_id, bucket, amount, balance_after)
    select t.id, v.account_id, v.bucket, v.amount, v.balance_after
    from t cross join unnest(${numberArray(entryAccount.map((text) => accounts.get(text)!.id))}::int[],
                             ${textArray(p.entries.map((e) => e.bucket))}::text[],
                             ${numberArray(p.entries.map((e) => e.amount))}::numeric[],
                             ${numberArray(balanceAfter)}::numeric[])
      with ordinality as v(account_id, bucket, amount, balance_after, n)
    order by v.n
    returning transaction_id, id`)
  const entryRows = (inserted as { rows: { transaction_id: number | string; id: number | string }[] }).rows
  const transactionId = Number(entryRows[0]!.transaction_id)
  // The user stream's accounts.update events, committed with the posting (issue 22 part 1).
  await emitBalanceEvents(
    tx,
    balanceEvents(
      { book: p.book, kind: p.kind, reference: p.reference, transactionId },
      [...accounts.values()]
        .filter((a) => sign(a.change.available) !== 0 || sign(a.change.frozen) !== 0)
        .map((a) => ({ owner: a.owner, currency: a.currency, change: a.change, after: a.after! })),
    ),
  )
  return { transactionId, entryIds: entryRows.map((r) => Number(r.id)) }
}

/** `accountId`, remembered as the account's hint. */
async function lookUp(tx: Db, owner: AccountOwner, book: Book, currency: string, text: string): Promise<number> {
  const id = await accountId(tx, owner, book, currency)
  if (accountHints.size >= ACCOUNT_HINTS_MAX) accountHints.clear()
  accountHints.set(text, id)
  return id
}
