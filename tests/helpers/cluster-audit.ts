/**
 * What a stream of orders must leave behind whatever process died (issue 22 part 6), read from the database and the
 * users' stream clients once things settled:
 * - every acknowledged order is in the database once, under its client_oid, and no order is there that was not sent;
 *   every acknowledged cancel left its order cancelled;
 * - every order has its events: `placed` once; `cancelled`, `filled` or (second contracts) `settled` once when it is
 *   so; its last event shows the order as the database has it (status, filled amount);
 * - every balance change of a user (each ledger transaction × account) has its `accounts.update` event, every closed
 *   or liquidated position its `positions` event;
 * - each user's events are numbered 1…last with no gap, and the user's client applied each of them since it connected
 *   exactly once, in sequence, without giving up on a hole;
 * - the ledger check holds (entries sum to zero, balances equal their entries, frozen equals what holders hold).
 */
import { sql } from 'drizzle-orm'
import { compare, parseDecimal } from '../../common/amount'
import type { Db } from '../../server/db/client'
import { checkLedger } from '../../server/ledger/check'
import type { LoadRecord } from './cluster-load'
import { rowsOf } from './ledger-ops'
import type { ResumingStream } from './resuming-stream'

/** A user of the audit and the stream client that followed it. */
export interface AuditedUser {
  id: number
  stream: ResumingStream
}

/** Counts over the audited users (cumulative). */
export interface AuditFigures {
  orders: number
  fills: number
  cancels: number
  settlements: number
  liquidations: number
  events: number
}

type OrderRow = { kind: string; id: number; user_id: number; client_oid: string; status: string; filled: string | null }
type EventRow = { user_id: number; seq: number; ev: string; kind: string; oid: number | null; st: string | null }

/**
 * Waits until each client received its user's last event (as the database has it when the audit starts), then
 * checks everything above. @returns what does not hold (empty when all does) and the figures
 */
export async function auditCluster(
  db: Db,
  users: readonly AuditedUser[],
  record: LoadRecord,
  waitMs = 20_000,
): Promise<{ problems: string[]; figures: AuditFigures }> {
  const problems: string[] = []
  const figures: AuditFigures = { orders: 0, fills: 0, cancels: 0, settlements: 0, liquidations: 0, events: 0 }
  const lastSeq = new Map(
    (await rowsOf<{ user_id: number; last_seq: string }>(db, sql`select user_id, last_seq from user_stream_seq`)).map(
      (r) => [r.user_id, Number(r.last_seq)],
    ),
  )
  await Promise.all(
    users.map((u) =>
      u.stream
        .reach(lastSeq.get(u.id) ?? 0, waitMs)
        .catch((err: Error) => problems.push(`user ${u.id}: ${err.message}`)),
    ),
  )

  // One snapshot for every read below: an order filled meanwhile is seen with its event, or neither.
  await db.transaction(
    async (tx) => {
      problems.push(...(await auditSnapshot(tx, users, record, lastSeq, figures)))
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  const ledger = await checkLedger(db)
  if (!ledger.ok) problems.push(`ledger check: ${JSON.stringify(ledger)}`)
  return { problems, figures }
}

/** The checks of the module comment on one snapshot `db`, but the ledger check; fills `figures` in. */
async function auditSnapshot(
  db: Db,
  users: readonly AuditedUser[],
  record: LoadRecord,
  lastSeq: ReadonlyMap<number, number>,
  figures: AuditFigures,
): Promise<string[]> {
  const problems: string[] = []
  const ids = sql.join(
    users.map((u) => sql`${u.id}`),
    sql`, `,
  )
  const orders = await rowsOf<OrderRow>(
    db,
    sql`select 'spot' as kind, id, user_id, client_oid, status, filled_amount::text as filled from spot_orders
        where user_id in (${ids})
      union all select 'micro', id, user_id, client_oid, status, null from micro_orders where user_id in (${ids})
      union all select 'futures', id, user_id, client_oid, status, null from contract_orders where user_id in (${ids})`,
  )
  const byOid = new Map<string, OrderRow[]>()
  for (const o of orders) byOid.set(o.client_oid, [...(byOid.get(o.client_oid) ?? []), o])
  for (const a of record.acked) {
    const rows = byOid.get(a.clientOid) ?? []
    if (rows.length !== 1 || rows[0]!.id !== a.id || rows[0]!.kind !== a.kind)
      problems.push(`acknowledged ${a.kind} order ${a.id} (${a.clientOid}): in the database as ${JSON.stringify(rows)}`)
  }
  for (const o of orders)
    if (!record.sent.has(o.client_oid)) problems.push(`${o.kind} order ${o.id} in the database was never sent`)
  const spotById = new Map(orders.filter((o) => o.kind === 'spot').map((o) => [o.id, o]))
  for (const id of record.cancelled)
    if (spotById.get(id)?.status !== 'cancelled') problems.push(`cancel of ${id} acknowledged, order not cancelled`)

  const events = await rowsOf<EventRow>(
    db,
    sql`select user_id, seq::int as seq, coalesce(data->>'event', '') as ev, coalesce(data->>'kind', '') as kind,
        (data->'order'->>'id')::int as oid, data->'order'->>'status' as st
      from user_events where user_id in (${ids}) and topic = 'orders' order by user_id, seq`,
  )
  const eventsOf = new Map<string, EventRow[]>()
  for (const e of events) {
    const key = `${e.kind === 'micro' ? 'micro' : e.kind === 'spot' ? 'spot' : 'futures'}:${e.oid}`
    eventsOf.set(key, [...(eventsOf.get(key) ?? []), e])
  }
  const deals = await rowsOf<{ id: number; deal: string }>(
    db,
    sql`select distinct on (data->'order'->>'id') (data->'order'->>'id')::int as id, data->'order'->>'deal_amount' as deal
      from user_events where user_id in (${ids}) and topic = 'orders' and data->>'kind' = 'spot'
      order by data->'order'->>'id', seq desc`,
  )
  const lastDeal = new Map(deals.map((d) => [d.id, d.deal]))
  for (const o of orders) {
    if (o.kind === 'futures') continue
    const evs = eventsOf.get(`${o.kind}:${o.id}`) ?? []
    const count = (ev: string) => evs.filter((e) => e.ev === ev).length
    const once = (ev: string) =>
      count(ev) !== 1 && problems.push(`${o.kind} order ${o.id}: ${count(ev)} '${ev}' events`)
    once('placed')
    if (o.status === 'cancelled') once('cancelled')
    if (o.status === 'filled') once('filled')
    if (o.kind === 'micro' && o.status !== 'open') once('settled')
    const last = evs.at(-1)
    if (last?.st !== o.status) problems.push(`${o.kind} order ${o.id} is ${o.status}, its last event says ${last?.st}`)
    if (o.kind === 'spot' && compare(parseDecimal(lastDeal.get(o.id) ?? '0'), parseDecimal(o.filled!)) !== 0)
      problems.push(`spot order ${o.id} filled ${o.filled}, its last event says ${lastDeal.get(o.id)}`)
  }

  // Every balance change has its event (a transaction moving two buckets of one account is one event).
  const missing = await rowsOf<{ tx: number; user_id: number; wallet: string; currency: string }>(
    db,
    sql`select distinct e.transaction_id as tx, a.user_id, a.wallet, a.currency
      from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.user_id in (${ids})
      except select (data->>'transaction_id')::int, user_id, data->>'wallet', data->>'currency'
      from user_events where user_id in (${ids}) and topic = 'accounts'`,
  )
  for (const m of missing.slice(0, 20))
    problems.push(`ledger transaction ${m.tx} moved user ${m.user_id}'s ${m.wallet} ${m.currency}: no event`)
  const closed = await rowsOf<{ id: number; status: string; n: number }>(
    db,
    sql`select p.id, p.status, (select count(*)::int from user_events e where e.user_id = p.user_id
        and e.topic = 'positions' and (e.data->'position'->>'id')::int = p.id and e.data->>'event' = p.status) as n
      from contract_positions p where p.user_id in (${ids}) and p.status in ('closed', 'liquidated')`,
  )
  for (const p of closed) if (p.n !== 1) problems.push(`position ${p.id} ${p.status}: ${p.n} events`)

  // Numbered without a gap; each received once, in order per channel.
  const stored = await rowsOf<{ user_id: number; n: number; lo: number; hi: number }>(
    db,
    sql`select user_id, count(*)::int as n, min(seq)::int as lo, max(seq)::int as hi from user_events
      where user_id in (${ids}) group by user_id`,
  )
  let total = 0
  for (const u of users) {
    const s = stored.find((r) => r.user_id === u.id)
    const last = lastSeq.get(u.id) ?? 0
    total += s?.n ?? 0
    if (s && (s.lo !== 1 || s.n !== s.hi)) problems.push(`user ${u.id}: outbox holds ${s.n} events ${s.lo}…${s.hi}`)
    problems.push(...clientProblems(u, last))
  }

  const n = (status: string[], kind: string) =>
    orders.filter((o) => o.kind === kind && status.includes(o.status)).length
  const [fills] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from spot_fills f join spot_orders o on o.id = f.order_id where o.user_id in (${ids})`,
  )
  Object.assign(figures, {
    orders: orders.length,
    fills: fills!.n,
    cancels: n(['cancelled'], 'spot'),
    settlements: n(['won', 'lost', 'draw', 'voided'], 'micro'),
    liquidations: closed.filter((p) => p.status === 'liquidated').length,
    events: total,
  })
  return problems
}

/**
 * What `u`'s client got wrong about the seqs after the one it started from up to `last`: missing, applied twice or
 * out of order, holes given up.
 */
function clientProblems(u: AuditedUser, last: number): string[] {
  const problems: string[] = []
  const times = new Map<number, number>()
  for (const seq of u.stream.seqs) times.set(seq, (times.get(seq) ?? 0) + 1)
  const missing: number[] = []
  const twice: number[] = []
  for (let seq = u.stream.from + 1; seq <= last; seq++) {
    const t = times.get(seq) ?? 0
    if (t === 0) missing.push(seq)
    if (t > 1) twice.push(seq)
  }
  if (missing.length > 0)
    problems.push(`user ${u.id}'s client never applied seq ${ranges(missing)} of ${u.stream.from + 1}…${last}`)
  if (twice.length > 0) problems.push(`user ${u.id}'s client applied seq ${ranges(twice)} more than once`)
  const seqs = u.stream.seqs
  const back = seqs.findIndex((s, i) => i > 0 && s <= seqs[i - 1]!)
  if (back > 0) problems.push(`user ${u.id}'s client applied seq ${seqs[back]} after ${seqs[back - 1]}`)
  if (u.stream.holesSkipped() > 0) problems.push(`user ${u.id}'s client gave up ${u.stream.holesSkipped()} holes`)
  return problems
}

/** `[1,2,3,7]` → `1…3, 7`. */
function ranges(list: number[]): string {
  const out: string[] = []
  for (let i = 0; i < list.length;) {
    let j = i
    while (j + 1 < list.length && list[j + 1] === list[j]! + 1) j++
    out.push(i === j ? `${list[i]}` : `${list[i]}…${list[j]}`)
    i = j + 1
  }
  return out.join(', ')
}

/** A trade print of the market, as its public `trade.detail` channel shows it (feed time ms, price). */
export interface Print {
  ts: number
  price: number
}

/**
 * The prints among `prints` that traded through a resting limit buy of `symbol` open at their feed time (placed at
 * least `marginMs` before it, so committed when a matcher read the open orders), each with how many such orders it
 * reached (`open`) and how many fills cite it (`cited`: 0 is a fill lost).
 */
export async function printsThroughOpenOrders(
  db: Db,
  symbol: string,
  prints: readonly Print[],
  marginMs = 1000,
): Promise<(Print & { open: number; cited: number })[]> {
  const through: (Print & { open: number; cited: number })[] = []
  for (const p of prints) {
    const at = new Date(p.ts).toISOString()
    const placedBy = new Date(p.ts - marginMs).toISOString()
    const [r] = await rowsOf<{ open: number; cited: number }>(
      db,
      sql`with o as (select o.*, (select max(f.feed_ts) from spot_fills f where f.order_id = o.id) as last_fill
          from spot_orders o where o.symbol = ${symbol} and o.side = 'buy' and o.type = 'limit')
        select (select count(*)::int from o where o.price >= ${p.price} and o.created_at < ${placedBy}::timestamptz
            and (o.status in ('pending', 'partially_filled')
              or o.status = 'cancelled' and o.updated_at > ${at}::timestamptz
              or o.status = 'filled' and o.last_fill >= ${at}::timestamptz)) as open,
          (select count(*)::int from spot_fills f join spot_orders s on s.id = f.order_id
            where s.symbol = ${symbol} and f.feed_ts = ${at}::timestamptz) as cited`,
    )
    if (r!.open > 0) through.push({ ...p, ...r! })
  }
  return through
}
