/**
 * Posting one balanced ledger transaction: the only code that writes `ledger_accounts.available/frozen`.
 *
 * Concurrency (decided for issue 10): READ COMMITTED with **conditional updates** —
 * `UPDATE … SET available = available + $d WHERE id = $id AND available + $d >= 0 … RETURNING`. PostgreSQL takes the
 * row lock, waits for a concurrent writer to commit and re-evaluates the WHERE on the newest row version (manual
 * §13.2.1), so two withdrawals racing for the same funds cannot both pass, with no read-then-write window and no
 * SERIALIZABLE retries. Accounts are updated in ascending id order, so two transactions touching the same accounts
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

const ownerKey = (o: AccountOwner) => ('system' in o ? `system:${o.system}` : `user:${o.userId}`)
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
 * Posts `p` inside the caller's database transaction `tx` (which must be one: a failure after some updates rolls
 * them back with it).
 * @throws DomainError rejected `lackOfFunds` naming `p.field` when a user bucket would go below zero (nothing is
 *   written); PlatformSignError when a platform account would leave its PLATFORM_SIGN; Error when the entries are not
 *   balanced; a unique violation when `kind`+`reference` was posted before.
 */
export async function postTransaction(tx: Db, p: Posting): Promise<Posted> {
  assertBalanced(p.entries)
  const ids: number[] = []
  const owners = new Map<number, AccountOwner>()
  for (const e of p.entries) {
    ids.push(await accountId(tx, e.owner, p.book, e.currency))
    owners.set(ids.at(-1)!, e.owner)
  }
  // Net change per account and bucket, applied in ascending account id order (no deadlocks, see the header).
  const deltas = new Map<number, { available: DecimalString; frozen: DecimalString }>()
  p.entries.forEach((e, i) => {
    const d = deltas.get(ids[i]!) ?? { available: parseDecimal('0'), frozen: parseDecimal('0') }
    d[e.bucket] = add(d[e.bucket], e.amount)
    deltas.set(ids[i]!, d)
  })
  const after = new Map<number, { available: DecimalString; frozen: DecimalString }>()
  for (const id of [...deltas.keys()].sort((a, b) => a - b)) {
    const d = deltas.get(id)!
    const [row] = await tx
      .update(ledgerAccounts)
      .set({
        available: sql`${ledgerAccounts.available} + ${d.available}::numeric`,
        frozen: sql`${ledgerAccounts.frozen} + ${d.frozen}::numeric`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(ledgerAccounts.id, id),
          signHoldsSql(
            sql`${ledgerAccounts.owner}`,
            sql`${ledgerAccounts.available} + ${d.available}::numeric`,
            sql`${ledgerAccounts.frozen} + ${d.frozen}::numeric`,
          ),
        ),
      )
      .returning({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
    if (!row) {
      const owner = owners.get(id)!
      if ('system' in owner) throw new PlatformSignError(ownerKey(owner))
      throw new DomainError('rejected', 'lackOfFunds', { field: p.field ?? 'amount' })
    }
    after.set(id, { available: parseDecimal(row.available), frozen: parseDecimal(row.frozen) })
  }
  const [txRow] = await tx
    .insert(ledgerTransactions)
    .values({ kind: p.kind, book: p.book, userId: p.userId, reference: p.reference, actor: p.actor })
    .returning({ id: ledgerTransactions.id })
  // balance_after of each entry: the account's final value minus the entries after it in this transaction.
  const running = new Map([...after].map(([id, v]) => [id, { ...v }]))
  const balanceAfter: DecimalString[] = []
  for (let i = p.entries.length - 1; i >= 0; i--) {
    const e = p.entries[i]!
    const b = running.get(ids[i]!)!
    balanceAfter[i] = b[e.bucket]
    b[e.bucket] = add(b[e.bucket], negate(e.amount))
  }
  const entryRows = await tx
    .insert(ledgerEntries)
    .values(
      p.entries.map((e, i) => ({
        transactionId: txRow!.id,
        accountId: ids[i]!,
        bucket: e.bucket,
        amount: e.amount,
        balanceAfter: balanceAfter[i]!,
      })),
    )
    .returning({ id: ledgerEntries.id })
  // The user stream's accounts.update events, committed with the posting (issue 22 part 1).
  const currencyOf = new Map(p.entries.map((e, i) => [ids[i]!, e.currency]))
  await emitBalanceEvents(
    tx,
    balanceEvents(
      { book: p.book, kind: p.kind, reference: p.reference, transactionId: txRow!.id },
      [...deltas]
        .filter(([, d]) => sign(d.available) !== 0 || sign(d.frozen) !== 0)
        .map(([id, change]) => ({
          owner: owners.get(id)!,
          currency: currencyOf.get(id)!,
          change,
          after: after.get(id)!,
        })),
    ),
  )
  return { transactionId: txRow!.id, entryIds: entryRows.map((r) => r.id) }
}
