/**
 * Money-moving calls run once per Idempotency-Key (issue 10, reliability.md L4; Stripe's and TigerBeetle's model):
 * the key row is inserted first in the same database transaction as the effect, so a parallel duplicate waits on the
 * unique index until the first commits and then reads its answer; a refusal (lack of funds, below the minimum…) is
 * kept too, so a replay says the same thing; the same key with another call or payload is refused with its own
 * message. A deadlock or serialization failure (40P01, 40001) reruns the whole transaction, at most
 * MAX_TX_ATTEMPTS times, and never reaches the client as such.
 */
import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { idempotencyKeys } from '../db/schema'
import { rowsOf } from '../stream/events'
import { DomainError, type DomainErrorKind } from '../domain/errors'
import type { ServerMessageKey } from '../content/server-messages'

/** Attempts of one transaction on a deadlock or serialization failure (reliability.md L3: retried ≤ 5×). */
export const MAX_TX_ATTEMPTS = 5

const RETRY_SQLSTATES = new Set(['40001', '40P01'])

function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
  }
  return undefined
}

/**
 * Runs `fn` in one database transaction, again (up to MAX_TX_ATTEMPTS) when PostgreSQL aborted it as a deadlock
 * victim or a serialization failure. A unique violation on a ledger reference (the effect posted already) is a bug
 * the caller's state checks should have prevented: it propagates.
 */
export async function moneyTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx as unknown as Db))
    } catch (err) {
      if (attempt >= MAX_TX_ATTEMPTS || !RETRY_SQLSTATES.has(sqlState(err) ?? '')) throw err
    }
  }
}

/** The savepoint `runOnce` sets after the key row (the query builder's own nested transactions are named `sp<n>`). */
const EFFECT_SAVEPOINT = 'run_once_effect'

/** The call a key was used for. */
export interface KeyedCall {
  userId: number
  /** The client's Idempotency-Key (already checked against IDEMPOTENCY_KEY). */
  key: string
  /** The call's path, e.g. `assets/withdraw`. */
  call: string
  /** The call's input without secrets (no passwords): what "the same payload" means. */
  payload: unknown
}

/** Domain refusals worth saying again on a replay; transient ones (rate limits, unavailable) are not kept. */
const KEPT_REFUSALS: ReadonlySet<DomainErrorKind> = new Set([
  'bad_input',
  'rejected',
  'conflict',
  'not_found',
  'forbidden',
])

/** A refusal as the key row keeps it (`response` when `outcome` is `refused`). */
export interface StoredRefusal {
  kind: DomainErrorKind
  messageKey: ServerMessageKey
  field?: string
  vars?: Record<string, string | number>
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` hash alike. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  )
}

/** SHA-256 hex of the call and its payload. */
export function requestHash(call: string, payload: unknown): string {
  return createHash('sha256').update(call).update('\n').update(canonicalJson(payload)).digest('hex')
}

/** The DomainError a kept refusal says again. */
export function refusalOf(stored: StoredRefusal): DomainError {
  const issues = stored.field ? [{ field: stored.field, messageKey: stored.messageKey }] : []
  return new DomainError(stored.kind, stored.messageKey, { field: stored.field, issues, vars: stored.vars })
}

/** `err` as a key row keeps it, when it is a refusal worth saying again on a replay; else undefined. */
export function storedRefusal(err: unknown): StoredRefusal | undefined {
  if (!(err instanceof DomainError) || !KEPT_REFUSALS.has(err.kind)) return undefined
  return { kind: err.kind, messageKey: err.messageKey, field: err.field, vars: { ...err.vars } }
}

/**
 * Runs `effect` once for `keyed.key`: in one transaction with the key row, answering (or refusing) the same way on
 * every replay. `effect` gets the transaction; its result must be JSON (it is stored).
 * @throws DomainError conflict `idempotencyKeyReused` naming `Idempotency-Key` (same key, another call or payload);
 *   the effect's own DomainError (also on replay when it was kept).
 */
export async function runOnce<T>(db: Db, keyed: KeyedCall, effect: (tx: Db) => Promise<T>): Promise<T> {
  const hash = requestHash(keyed.call, keyed.payload)
  const outcome = await moneyTransaction(db, async (tx): Promise<{ value: T } | { refused: DomainError }> => {
    // Plain SQL, not the query builder: these two statements run in every money call (the builder cost about as much
    // as the statement, measured on the benches' machine).
    const inserted = await tx.execute<{ id: number }>(sql`
      insert into ${idempotencyKeys} (user_id, key, call, request_hash)
      values (${keyed.userId}, ${keyed.key}, ${keyed.call}, ${hash})
      on conflict do nothing
      returning id`)
    const mine = rowsOf<{ id: number }>(inserted)[0]
    if (!mine) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, keyed.userId), eq(idempotencyKeys.key, keyed.key)))
      if (!first || first.requestHash !== hash) {
        return { refused: new DomainError('conflict', 'idempotencyKeyReused', { field: 'Idempotency-Key' }) }
      }
      if (first.outcome === 'refused') return { refused: refusalOf(first.response as StoredRefusal) }
      return { value: first.response as T }
    }
    // A savepoint: a refusal undoes the effect's writes but keeps the key row, which then records the refusal, in
    // the same transaction (a duplicate waiting on the key reads the refusal). It is not released on success: COMMIT
    // releases it (one round trip less than the query builder's nested transaction, which releases it first).
    await tx.execute(sql.raw(`savepoint ${EFFECT_SAVEPOINT}`))
    try {
      const value = await effect(tx)
      await tx.execute(sql`
        update ${idempotencyKeys} set outcome = 'ok', response = ${value == null ? null : JSON.stringify(value)}::jsonb
        where id = ${mine.id}`)
      return { value }
    } catch (err) {
      const stored = storedRefusal(err)
      if (!stored) throw err
      await tx.execute(sql.raw(`rollback to savepoint ${EFFECT_SAVEPOINT}`))
      await tx
        .update(idempotencyKeys)
        .set({ outcome: 'refused', response: stored })
        .where(eq(idempotencyKeys.id, mine.id))
      return { refused: err as DomainError }
    }
  })
  if ('refused' in outcome) throw outcome.refused
  return outcome.value
}
