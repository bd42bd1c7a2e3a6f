/**
 * Writing user events into the outbox (issue 22 part 1): call `emitUserEvents` inside the transaction of the change
 * the events describe. They commit or roll back with it; the relay (relay.ts) publishes them after the commit.
 *
 * Sequence numbers: per user, over all topics, taken from `user_stream_seq` by one upsert that locks the user's row
 * until the transaction ends. Two transactions of one user therefore number their events in commit order, with no
 * gaps. The lock is taken after the caller's own (account, position) locks, and a transaction that emits for several
 * users does so in ascending user id (see `emitForUsers`), so it cannot deadlock with another.
 *
 * One statement per call: the upsert, the rows and a `pg_notify` waking the relays on commit (dropped on rollback).
 */
import { sql } from 'drizzle-orm'
import type { UserEventData, UserTopic } from '../../common/api/stream'
import type { Db } from '../db/client'

/** NOTIFY channel of committed user events; the payload is the user id. */
export const USER_EVENTS_CHANNEL = 'tc_user_events'

/** One event to write. */
export interface NewUserEvent {
  topic: UserTopic
  /** The market of an `orders` event; null for the other topics. */
  symbol?: string | null
  data: UserEventData
}

/** A stored event as the relay, the gateway and the resume read it. */
export interface UserEvent {
  userId: number
  seq: number
  topic: UserTopic
  symbol: string | null
  data: UserEventData
  /** When it was written, ms since the epoch. */
  createdAt: number
}

/**
 * Writes `events` of user `userId` in the caller's transaction `tx`, numbered after the user's last event.
 * @returns the sequence numbers given, in the order of `events` (empty when `events` is)
 */
export async function emitUserEvents(tx: Db, userId: number, events: readonly NewUserEvent[]): Promise<number[]> {
  const seqs = await emitEvents(
    tx,
    events.map((e) => ({ ...e, userId })),
  )
  return seqs
}

/** Events kept back per transaction object while `collectEvents` runs on it. */
const held = new WeakMap<object, (NewUserEvent & { userId: number })[]>()

/**
 * Runs `fn` with the events emitted on `tx` (by `emitEvents` and everything built on it, ledger postings included)
 * held back, then writes them all, in the order they were emitted, by one statement when `fn` has returned: one round
 * trip instead of one per emitter, and the users' `user_stream_seq` rows locked only at the end of the work. Nested
 * calls on the same `tx` leave the writing to the outermost; a savepoint inside `fn` is another transaction object
 * and writes its own at once. When `fn` throws nothing is written (its transaction rolls back anyway).
 */
export async function collectEvents<T>(tx: Db, fn: () => Promise<T>): Promise<T> {
  if (held.has(tx)) return fn()
  const events: (NewUserEvent & { userId: number })[] = []
  held.set(tx, events)
  let value: T
  try {
    value = await fn()
  } finally {
    held.delete(tx)
  }
  await emitEvents(tx, events)
  return value
}

/**
 * Runs `fn` with the events emitted on `tx` held back and answers them with its value, unwritten: the caller orders
 * them and writes them with `emitEvents` (group commits: one order's events together). Inside `collectEvents` on the
 * same `tx` the held events go to this capture, not to the outer one.
 */
export async function captureEvents<T>(
  tx: Db,
  fn: () => Promise<T>,
): Promise<{ value: T; events: (NewUserEvent & { userId: number })[] }> {
  const outer = held.get(tx)
  const events: (NewUserEvent & { userId: number })[] = []
  held.set(tx, events)
  try {
    return { value: await fn(), events }
  } finally {
    if (outer) held.set(tx, outer)
    else held.delete(tx)
  }
}

/**
 * Writes events of any number of users in one statement (batch jobs: thousands of settlements in one transaction).
 * Each user's events are numbered after its last, in the order given; the users' sequence rows are locked in
 * ascending user id (the lock order every emitter keeps, so two emitting transactions cannot deadlock).
 * @returns the sequence number of each event, in the order of `events`; empty inside `collectEvents` (numbered when
 *   written at its end)
 */
export async function emitEvents(tx: Db, events: readonly (NewUserEvent & { userId: number })[]): Promise<number[]> {
  if (events.length === 0) return []
  const holding = held.get(tx)
  if (holding) {
    holding.push(...events)
    return []
  }
  const ordinal = new Map<number, number>()
  const list = events.map((e) => {
    const ord = (ordinal.get(e.userId) ?? 0) + 1
    ordinal.set(e.userId, ord)
    return { u: e.userId, o: ord, t: e.topic, s: e.symbol ?? null, d: e.data }
  })
  const counts = [...ordinal].sort((a, b) => a[0] - b[0]).map(([u, n]) => ({ u, n }))
  const users = [...ordinal.keys()]
  const result = await tx.execute<{ user_id: number; seq: string | number }>(sql`
    with counts as (
      select (c->>'u')::int as user_id, (c->>'n')::bigint as n
      from jsonb_array_elements(${JSON.stringify(counts)}::jsonb) with ordinality as x(c, i) order by x.i
    ), s as (
      insert into user_stream_seq (user_id, last_seq) select user_id, n from counts order by user_id
      on conflict (user_id) do update set last_seq = user_stream_seq.last_seq + excluded.last_seq
      returning user_id, last_seq
    ), wake as (select pg_notify(${USER_EVENTS_CHANNEL}, ${users.length === 1 ? String(users[0]) : '*'}))
    insert into user_events (user_id, seq, topic, symbol, data)
    select v.user_id, s.last_seq - counts.n + v.ord, v.topic, v.symbol, v.data
    from (select (e->>'u')::int as user_id, (e->>'o')::bigint as ord, e->>'t' as topic, e->>'s' as symbol,
                 e->'d' as data
          from jsonb_array_elements(${JSON.stringify(list)}::jsonb) as e) as v
    join s on s.user_id = v.user_id join counts on counts.user_id = v.user_id cross join wake
    returning user_id, seq`)
  // Each user's numbers are one run, last_seq − n + 1 … last_seq, given in the order of its events.
  const first = new Map<number, number>()
  for (const r of rowsOf<{ user_id: number; seq: string | number }>(result)) {
    const u = Number(r.user_id)
    first.set(u, Math.min(first.get(u) ?? Infinity, Number(r.seq)))
  }
  const seqOf = new Map(list.map((e) => [`${e.u}:${e.o}`, first.get(e.u)! + e.o - 1]))
  return list.map((e) => seqOf.get(`${e.u}:${e.o}`)!)
}

/**
 * Writes events of several users in one transaction, in ascending user id (the lock order of `user_stream_seq`).
 */
export async function emitForUsers(tx: Db, byUser: ReadonlyMap<number, readonly NewUserEvent[]>): Promise<void> {
  await emitEvents(
    tx,
    [...byUser].flatMap(([userId, events]) => events.map((e) => ({ ...e, userId }))),
  )
}

/** The rows of a `db.execute` result: node-postgres answers `{ rows }`, PGlite too. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[]
  return (result as { rows?: T[] }).rows ?? []
}

/** The last sequence number of `userId` (0 before any event). */
export async function lastSeqOf(db: Db, userId: number): Promise<number> {
  const result = await db.execute<{ last_seq: string | number }>(
    sql`select last_seq from user_stream_seq where user_id = ${userId}`,
  )
  const [row] = rowsOf<{ last_seq: string | number }>(result)
  return row ? Number(row.last_seq) : 0
}

type EventRow = {
  user_id: number
  seq: string | number
  topic: UserTopic
  symbol: string | null
  data: UserEventData | string
  created_ms: string | number
} & Record<string, unknown>

/** A stored row as a UserEvent. */
export function eventOfRow(r: EventRow): UserEvent {
  return {
    userId: Number(r.user_id),
    seq: Number(r.seq),
    topic: r.topic,
    symbol: r.symbol,
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as UserEventData) : r.data,
    createdAt: Number(r.created_ms),
  }
}

/** Columns of `user_events` as EventRow. */
export const EVENT_COLUMNS = sql`user_id, seq, topic, symbol, data, (extract(epoch from created_at) * 1000)::bigint as created_ms`

/**
 * Events of `userId` after `afterSeq`, up to `toSeq` when given, in sequence, at most `limit`.
 */
export async function eventsAfter(
  db: Db,
  userId: number,
  afterSeq: number,
  opts: { toSeq?: number; limit?: number } = {},
): Promise<UserEvent[]> {
  const upTo = opts.toSeq === undefined ? sql`` : sql` and seq <= ${opts.toSeq}`
  const result = await db.execute<EventRow>(sql`
    select ${EVENT_COLUMNS} from user_events
    where user_id = ${userId} and seq > ${afterSeq}${upTo}
    order by seq limit ${opts.limit ?? 1000}`)
  return rowsOf<EventRow>(result).map(eventOfRow)
}

/**
 * The smallest sequence number a resume of `userId` can start after: events older than `keepMs` may be pruned, so a
 * `from_seq` below the first kept event of that window cannot be served gap-free.
 * @returns the seq of the oldest event within the window minus 1, or the user's last seq when none is that recent
 */
export async function resumeFloor(db: Db, userId: number, keepMs: number, now = Date.now()): Promise<number> {
  const since = new Date(now - keepMs)
  const result = await db.execute<{ seq: string | number | null }>(sql`
    select min(seq) as seq from user_events where user_id = ${userId} and created_at >= ${since.toISOString()}::timestamptz`)
  const [row] = rowsOf<{ seq: string | number | null }>(result)
  if (row?.seq !== null && row?.seq !== undefined) return Number(row.seq) - 1
  return lastSeqOf(db, userId)
}
