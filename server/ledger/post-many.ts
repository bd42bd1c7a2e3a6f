/**
 * Posting many balanced ledger transactions in one database transaction with a constant number of statements, for
 * batch jobs (settling thousands of second contracts that expire together). Same rules as `postTransaction` (post.ts):
 * every posting balanced, one `ledger_transactions` row per posting under its unique kind + reference, entries with
 * their balance after, user buckets never below zero. The difference is only how it is written:
 *
 * - accounts are resolved with one read (and one insert of the missing ones);
 * - the net change per account over all postings is applied by one UPDATE over `unnest` arrays, after locking the
 *   accounts in ascending id order (`SELECT … ORDER BY id FOR UPDATE`, the same order post.ts uses, so batch and
 *   single postings cannot deadlock);
 * - transactions and entries are inserted in bulk, together by one statement up to ENTRY_CHUNK entries;
 * - accounts the caller has already locked (`locked`: the group commit of spot orders) are not read or locked again.
 *
 * All or nothing: when a user bucket would go below zero the whole call throws (the caller's transaction rolls back,
 * and it may post one by one to find the refused one).
 */
import { and, inArray, sql } from 'drizzle-orm'
import { fromUnits, LEDGER_SCALE, toUnits, type DecimalString } from '../../common/amount'
import type { Book } from '../../common/api/user-info'
import type { Db } from '../db/client'
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema'
import { DomainError } from '../domain/errors'
import { balanceEvents, emitBalanceEvents } from '../stream/account-events'
import { numberArray, textArray } from './sql-arrays'
import { accountKey, assertBalanced, PlatformSignError, signHoldsSql, type AccountOwner, type Posting } from './post'

/** Entries per INSERT statement (5 array parameters each; bounds one statement's size). */
const ENTRY_CHUNK = 5000

/** Both buckets of an account as whole units of 10^-LEDGER_SCALE (the columns' scale: every amount fits exactly). */
type Buckets = { available: bigint; frozen: bigint }
const zero = (): Buckets => ({ available: 0n, frozen: 0n })
const units = (a: DecimalString) => toUnits(a, LEDGER_SCALE)
const text = (u: bigint) => fromUnits(u, LEDGER_SCALE)
const keyText = (k: Pick<ReturnType<typeof accountKey>, 'owner' | 'book' | 'wallet' | 'currency'>) =>
  `${k.owner}|${k.book}|${k.wallet}|${k.currency}`

/** Ids of the accounts of `keys` (created at zero when missing), by key text. */
async function accountIds(tx: Db, keys: Map<string, ReturnType<typeof accountKey>>): Promise<Map<string, number>> {
  const read = async () => {
    const list = [...keys.values()]
    const rows = await tx
      .select({
        id: ledgerAccounts.id,
        owner: ledgerAccounts.owner,
        book: ledgerAccounts.book,
        wallet: ledgerAccounts.wallet,
        currency: ledgerAccounts.currency,
      })
      .from(ledgerAccounts)
      .where(
        and(
          inArray(ledgerAccounts.owner, [...new Set(list.map((k) => k.owner))]),
          inArray(ledgerAccounts.currency, [...new Set(list.map((k) => k.currency))]),
        ),
      )
    return new Map(rows.map((r) => [keyText(r), r.id]))
  }
  let ids = await read()
  const missing = [...keys].filter(([k]) => !ids.has(k)).map(([, v]) => v)
  if (missing.length > 0) {
    await tx.insert(ledgerAccounts).values(missing).onConflictDoNothing()
    ids = await read()
  }
  return ids
}

export { textArray } from './sql-arrays'

/** The key text `postTransactions` knows an account by (its `locked` map): owner, book, wallet and currency. */
export const accountKeyText = (owner: AccountOwner, book: Book, currency: string) =>
  keyText(accountKey(owner, book, currency))

/**
 * Posts every posting of `postings` inside the caller's database transaction `tx`.
 * @param locked accounts the caller has already locked FOR UPDATE in this transaction (ascending id), by
 *   `accountKeyText`: when they are every account the postings touch, they are neither read nor locked again
 * @throws DomainError rejected `lackOfFunds` when a user bucket would go below zero (nothing is written once the
 *   caller rolls back); PlatformSignError when a platform account would leave its sign (post.ts PLATFORM_SIGN); Error when a posting is not balanced; a unique violation when a kind + reference was posted
 *   before.
 */
export async function postTransactions(
  tx: Db,
  postings: readonly Posting[],
  locked?: ReadonlyMap<string, number>,
): Promise<void> {
  if (postings.length === 0) return
  for (const p of postings) assertBalanced(p.entries)
  const keys = new Map<string, ReturnType<typeof accountKey>>()
  const entryKey = (owner: AccountOwner, book: Book, currency: string) => {
    const k = accountKey(owner, book, currency)
    const text = keyText(k)
    keys.set(text, k)
    return text
  }
  const entryKeys = postings.map((p) => p.entries.map((e) => entryKey(e.owner, p.book, e.currency)))
  const known = locked && [...keys.keys()].every((k) => locked.has(k))
  const ids = known ? locked : await accountIds(tx, keys)
  const idOf = (text: string) => {
    const id = ids.get(text)
    if (id === undefined) throw new Error(`ledger: no account for ${text}`)
    return id
  }
  // Sums in whole units (one parse per entry, one format per written value), not a text round trip per step.
  const entryIds = entryKeys.map((row) => row.map(idOf))
  const entryUnits = postings.map((p) => p.entries.map((e) => units(e.amount)))
  const deltas = new Map<number, Buckets>()
  postings.forEach((p, i) =>
    p.entries.forEach((e, j) => {
      const id = entryIds[i]![j]!
      const d = deltas.get(id) ?? zero()
      d[e.bucket] += entryUnits[i]![j]!
      deltas.set(id, d)
    }),
  )
  const accounts = [...deltas.keys()].sort((a, b) => a - b)
  if (!known) {
    await tx.execute(
      sql`select id from ${ledgerAccounts} where id = any(${numberArray(accounts)}::int[]) order by id for update`,
    )
  }
  const changed = await tx.execute(sql`
    update ${ledgerAccounts} as a
    set available = a.available + v.da, frozen = a.frozen + v.df, updated_at = now()
    from unnest(${numberArray(accounts)}::int[],
                ${numberArray(accounts.map((id) => text(deltas.get(id)!.available)))}::numeric[],
                ${numberArray(accounts.map((id) => text(deltas.get(id)!.frozen)))}::numeric[]) as v(id, da, df)
    where a.id = v.id and ${signHoldsSql(sql`a.owner`, sql`a.available + v.da`, sql`a.frozen + v.df`)}
    returning a.id, a.available::text as available, a.frozen::text as frozen`)
  const rows = (changed as { rows: { id: number; available: string; frozen: string }[] }).rows
  if (rows.length !== accounts.length) {
    const done = new Set(rows.map((r) => Number(r.id)))
    const platform = [...keys].find(([text, k]) => k.userId === null && !done.has(idOf(text)))
    if (platform) throw new PlatformSignError(platform[1].owner)
    throw new DomainError('rejected', 'lackOfFunds', { field: 'amount' })
  }
  // balance_after of each entry: the final value minus every later entry of its account, walking back.
  const running = new Map(
    rows.map((r): [number, Buckets] => [
      Number(r.id),
      { available: units(r.available as DecimalString), frozen: units(r.frozen as DecimalString) },
    ]),
  )
  const balanceAfter = postings.map((p) => p.entries.map(() => 0n))
  for (let i = postings.length - 1; i >= 0; i--) {
    const entries = postings[i]!.entries
    for (let j = entries.length - 1; j >= 0; j--) {
      const b = running.get(entryIds[i]![j]!)!
      const bucket = entries[j]!.bucket
      balanceAfter[i]![j] = b[bucket]
      b[bucket] -= entryUnits[i]![j]!
    }
  }
  // Inserted from arrays (one parameter per column, `unnest … with ordinality` keeping the order): a multi-row VALUES
  // of thousands of rows costs the driver and the server one parameter per cell (measured: most of a 500-contract
  // settlement batch). Up to ENTRY_CHUNK entries, the transactions and their entries go in one statement (the entries
  // find their transaction by its posting's index); beyond, the entries follow in chunks.
  const entryCount = postings.reduce((n, p) => n + p.entries.length, 0)
  const together = entryCount <= ENTRY_CHUNK
  const entryOf = (pick: (p: Posting, i: number, j: number) => string | number) =>
    postings.flatMap((p, i) => p.entries.map((_, j) => pick(p, i, j)))
  const transactions = sql`
    insert into ${ledgerTransactions} (kind, book, user_id, reference, actor)
    select v.kind, v.book, v.user_id, v.reference, v.actor
    from unnest(${textArray(postings.map((p) => p.kind))}::text[],
                ${textArray(postings.map((p) => p.book))}::text[],
                ${textArray(postings.map((p) => (p.userId === null ? null : String(p.userId))))}::int[],
                ${textArray(postings.map((p) => p.reference))}::text[],
                ${textArray(postings.map((p) => p.actor))}::text[]) with ordinality as v(kind, book, user_id, reference, actor, n)
    order by v.n
    returning id, kind, reference`
  const inserted = together
    ? await tx.execute(sql`
        with t as (${transactions}),
        p as (
          select t.id, pk.n from t
          join unnest(${textArray(postings.map((p) => p.kind))}::text[],
                      ${textArray(postings.map((p) => p.reference))}::text[]) with ordinality as pk(kind, reference, n)
            on pk.kind = t.kind and pk.reference = t.reference
        ),
        e as (
          insert into ${ledgerEntries} (transaction_id, account_id, bucket, amount, balance_after)
          select p.id, v.account_id, v.bucket, v.amount, v.balance_after
          from unnest(${numberArray(entryOf((_, i) => i + 1))}::int[],
                      ${numberArray(entryOf((_, i, j) => entryIds[i]![j]!))}::int[],
                      ${textArray(entryOf((q, _, j) => q.entries[j]!.bucket) as string[])}::text[],
                      ${numberArray(entryOf((q, _, j) => q.entries[j]!.amount))}::numeric[],
                      ${numberArray(entryOf((_, i, j) => text(balanceAfter[i]![j]!)))}::numeric[])
            with ordinality as v(posting, account_id, bucket, amount, balance_after, n)
          join p on p.n = v.posting
          order by v.n
        )
        select id, kind, reference from t`)
    : await tx.execute(transactions)
  const txRows = (inserted as { rows: { id: number; kind: string; reference: string }[] }).rows
  const txId = new Map(txRows.map((r) => [`${r.kind}|${r.reference}`, Number(r.id)]))
  const entryRows = together
    ? []
    : postings.flatMap((p, i) =>
        p.entries.map((e, j) => ({
          transactionId: txId.get(`${p.kind}|${p.reference}`)!,
          accountId: entryIds[i]![j]!,
          bucket: e.bucket,
          amount: e.amount,
          balanceAfter: text(balanceAfter[i]![j]!),
        })),
      )
  for (let k = 0; k < entryRows.length; k += ENTRY_CHUNK) {
    const chunk = entryRows.slice(k, k + ENTRY_CHUNK)
    await tx.execute(sql`
      insert into ${ledgerEntries} (transaction_id, account_id, bucket, amount, balance_after)
      select v.transaction_id, v.account_id, v.bucket, v.amount, v.balance_after
      from unnest(${numberArray(chunk.map((r) => r.transactionId))}::int[],
                  ${numberArray(chunk.map((r) => r.accountId))}::int[],
                  ${textArray(chunk.map((r) => r.bucket))}::text[],
                  ${numberArray(chunk.map((r) => r.amount))}::numeric[],
                  ${numberArray(chunk.map((r) => r.balanceAfter))}::numeric[])
        with ordinality as v(transaction_id, account_id, bucket, amount, balance_after, n)
      order by v.n`)
  }
  // The user stream's accounts.update events, one per posting and user account, with the balance after that posting
  // (issue 22 part 1). `running` now holds each account's balance before the first posting: walk forward.
  const ownerOf = new Map<number, AccountOwner>()
  const currencyOf = new Map<number, string>()
  const events = postings.flatMap((p, i) => {
    const changes = new Map<number, Buckets>()
    p.entries.forEach((e, j) => {
      const id = entryIds[i]![j]!
      ownerOf.set(id, e.owner)
      currencyOf.set(id, e.currency)
      const c = changes.get(id) ?? zero()
      c[e.bucket] += entryUnits[i]![j]!
      changes.set(id, c)
      running.get(id)![e.bucket] += entryUnits[i]![j]!
    })
    return balanceEvents(
      { book: p.book, kind: p.kind, reference: p.reference, transactionId: txId.get(`${p.kind}|${p.reference}`)! },
      [...changes]
        .filter(([, c]) => c.available !== 0n || c.frozen !== 0n)
        .map(([id, change]) => {
          const after = running.get(id)!
          return {
            owner: ownerOf.get(id)!,
            currency: currencyOf.get(id)!,
            change: { available: text(change.available), frozen: text(change.frozen) },
            after: { available: text(after.available), frozen: text(after.frozen) },
          }
        }),
    )
  })
  await emitBalanceEvents(tx, events)
}
