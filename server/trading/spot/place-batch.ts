/**
 * Group commit of resting limit orders (issue 22 part 8): the orders one account sends while its previous batch is
 * being written go together into the next database transaction, as matching engines batch their journal writes.
 * Placing one order alone writes it at once (a batch of one); under load, N orders share one lock of the account's
 * balance rows and one commit instead of queueing behind each other's (measured: `npm run bench -- trading`).
 *
 * Nothing changes for the caller: each order is still once per Idempotency-Key (its key row inserted in the batch's
 * transaction, answered or refused on a replay the same way) and once per `client_oid`; "Lack of funds" still leaves
 * nothing recorded or frozen, decided on the balance locked FOR UPDATE in order of arrival (the ledger's conditional
 * update checks it again); each order's events are written in its own order (its freeze's `accounts.update`, then
 * `placed`), as a one-order placement writes them.
 *
 * What a batch does not write itself goes to the one-order path (place.ts `placeOne`), which then behaves exactly as
 * before: an order that crosses the book by the time its batch is built (it takes liquidity), a second order under the
 * same key or `client_oid` as an earlier one of the batch (it is answered after the first commits, as a replay), a
 * key already used before (a replay). And if a batch fails as a whole (a bug, a refused posting, a `client_oid`
 * written meanwhile by another process), nothing of it stays and each of its orders goes the one-order way.
 *
 * Lanes live in the process: two api processes batch separately, and their transactions meet on the balance rows'
 * locks as one-order placements do.
 */
import { sql } from 'drizzle-orm'
import { parseDecimal, sign, subtract, type DecimalString } from '../../../common/amount'
import type { Order } from '../../../common/api/trade'
import type { Db } from '../../db/client'
import { ledgerAccounts, spotOrders } from '../../db/schema'
import { DomainError } from '../../domain/errors'
import { moneyTransaction, requestHash, storedRefusal, type KeyedCall } from '../../ledger/idempotent'
import { accountKeyText, postTransactions } from '../../ledger/post-many'
import { ownerKey } from '../../ledger/post'
import { numberArray, textArray } from '../../ledger/sql-arrays'
import type { MoneyCaller } from '../../money/deposits'
import { captureEvents, emitEvents, rowsOf } from '../../stream/events'
import { freezePosting, holdOf, orderColumns, sameOrder, type CheckedOrder } from './checked'
import type { OrderRow } from './fills'
import type { TradeDeps } from './place'
import { crossesBook } from './take'
import { orderView, spotPlacedEvents } from './views'

/** Orders per batch at most (the rest wait for the next one). */
export const MAX_BATCH = 64

/** One order waiting in its account's lane. */
interface Waiting {
  o: CheckedOrder
  keyed: KeyedCall
  hash: string
  /** The one-order path, for what the batch sends back. */
  one: () => Promise<Order>
  resolve: (order: Order) => void
  reject: (err: unknown) => void
}

/** What became of an order in its batch. */
type Outcome = { value: Order } | { refused: DomainError } | { one: true }

interface Lane {
  queue: Waiting[]
  running: boolean
}

/** Per database, per `user:book`: the lanes with orders waiting or a batch being written. */
const lanes = new WeakMap<Db, Map<string, Lane>>()

/** Counts since the process started (tests and benches read them). */
export const batchStats = { batches: 0, orders: 0, fallbacks: 0 }

/**
 * Places the resting limit order `o` of `who` in its account's next batch; answers it as `order_detail` shows it.
 * @param one the one-order path (place.ts), for an order the batch does not write itself
 * @throws DomainError `lackOfFunds` (amount), `clientOidReused` (client_oid), `idempotencyKeyReused`, and whatever the
 *   one-order path throws for the orders sent there
 */
export function placeResting(
  deps: TradeDeps,
  who: MoneyCaller,
  o: CheckedOrder,
  keyed: KeyedCall,
  one: () => Promise<Order>,
): Promise<Order> {
  let byAccount = lanes.get(deps.db)
  if (!byAccount) lanes.set(deps.db, (byAccount = new Map<string, Lane>()))
  const name = `${who.userId}:${who.book}`
  let lane = byAccount.get(name)
  if (!lane) byAccount.set(name, (lane = { queue: [], running: false }))
  const hash = requestHash(keyed.call, keyed.payload)
  const placed = new Promise<Order>((resolve, reject) => lane.queue.push({ o, keyed, hash, one, resolve, reject }))
  if (!lane.running) void drain(deps, who, byAccount, name, lane)
  return placed
}

/**
 * Writes the lane's batches one after the other until nothing waits. Each batch starts in a later turn of the event
 * loop (setImmediate), not straight after the previous commit: the callers it answered send their next orders in the
 * I/O callbacks of that turn, and they join the batch instead of waiting for the one after it (measured with 8
 * workers on one account: ~600 → ~900 orders/s, p99 ~24 → ~18 ms; without it the workers split into two groups whose
 * batches alternate, each order waiting about two batch cycles).
 */
async function drain(deps: TradeDeps, who: MoneyCaller, byAccount: Map<string, Lane>, name: string, lane: Lane) {
  lane.running = true
  try {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve))
      if (lane.queue.length === 0) break
      const batch = lane.queue.splice(0, MAX_BATCH)
      // A bug here must not leave callers waiting forever (nor reject where no one listens).
      await runBatch(deps, who, batch).catch((err: unknown) => batch.forEach((w) => w.reject(err)))
    }
  } finally {
    lane.running = false
    if (lane.queue.length === 0) byAccount.delete(name)
  }
}

async function runBatch(deps: TradeDeps, who: MoneyCaller, batch: Waiting[]): Promise<void> {
  let outcomes: Outcome[]
  try {
    outcomes = await moneyTransaction(deps.db, (tx) => writeBatch(tx, deps, who, batch))
    batchStats.batches++
  } catch {
    // Nothing of the batch stayed: each order the one-order way, which says what went wrong with it.
    batchStats.fallbacks++
    outcomes = batch.map(() => ({ one: true }))
  }
  batch.forEach((w, i) => {
    const out = outcomes[i]!
    if ('value' in out) w.resolve(out.value)
    else if ('refused' in out) w.reject(out.refused)
  })
  // After the batch's commit, in arrival order (a replay then finds the first answer).
  for (const [i, w] of batch.entries()) {
    if ('one' in outcomes[i]!) await w.one().then(w.resolve, w.reject)
  }
}

/** The batch in the caller's transaction `tx`: each order's outcome, in the order of `batch`. */
async function writeBatch(tx: Db, deps: TradeDeps, who: MoneyCaller, batch: Waiting[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = batch.map(() => ({ one: true }))
  // Sent to the one-order path: a crossing order, a key or client_oid repeated within the batch.
  const [keys, oids] = [new Set<string>(), new Set<string>()]
  const mine: number[] = []
  batch.forEach((w, i) => {
    if (crossesBook(deps.market, w.o.terms.symbol, w.o.side, w.o.price!)) return
    if (keys.has(w.keyed.key) || oids.has(w.o.clientOid)) return
    keys.add(w.keyed.key)
    oids.add(w.o.clientOid)
    mine.push(i)
  })
  if (mine.length === 0) return outcomes
  // The key rows (a key used before is a replay: the one-order path answers it after this commit) and, in the same
  // statement, which client_oids already have an order (the same order is answered, another one refused).
  const found = rowsOf<{ id: number | null; key: string | null; client_oid: string | null }>(
    await tx.execute(sql`
      with k as (
        insert into idempotency_keys (user_id, key, call, request_hash)
        select ${who.userId}, v.key, v.call, v.hash
        from unnest(${textArray(mine.map((i) => batch[i]!.keyed.key))}::text[],
                    ${textArray(mine.map((i) => batch[i]!.keyed.call))}::text[],
                    ${textArray(mine.map((i) => batch[i]!.hash))}::text[]) with ordinality as v(key, call, hash, n)
        order by v.n
        on conflict do nothing
        returning id, key
      )
      select id, key, null as client_oid from k
      union all
      select null, null, client_oid from ${spotOrders}
      where user_id = ${who.userId} and book = ${who.book}
        and client_oid = any(${textArray(mine.map((i) => batch[i]!.o.clientOid))}::text[])`),
  )
  const keyId = new Map(found.flatMap((r) => (r.key === null ? [] : [[r.key, Number(r.id)] as const])))
  const oidsTaken = new Set(found.flatMap((r) => (r.client_oid === null ? [] : [r.client_oid])))
  const keyed = mine.filter((i) => keyId.has(batch[i]!.keyed.key))
  if (keyed.length === 0) return outcomes
  const now = deps.now?.() ?? new Date()
  for (const i of keyed) {
    if (!oidsTaken.has(batch[i]!.o.clientOid)) continue
    outcomes[i] = await sameOrder(tx, who, batch[i]!.o).then(
      (old) => ({ value: orderView(old) }),
      (err: DomainError) => ({ refused: err }),
    )
  }

  // Funds: the balances locked, each order's hold taken in arrival order while it fits.
  const fresh = keyed.filter((i) => !oidsTaken.has(batch[i]!.o.clientOid))
  const holds = new Map(fresh.map((i) => [i, holdOf(batch[i]!.o)]))
  const currencies = [...new Set([...holds.values()].map((h) => h.currency))]
  const { available, locked } =
    fresh.length > 0
      ? await lockBalances(tx, who, currencies)
      : { available: new Map<string, DecimalString>(), locked: new Map<string, number>() }
  const accepted: number[] = []
  for (const i of fresh) {
    const hold = holds.get(i)!
    const left = subtract(available.get(hold.currency) ?? parseDecimal('0'), hold.amount)
    if (sign(left) < 0) {
      outcomes[i] = { refused: new DomainError('rejected', 'lackOfFunds', { field: 'amount' }) }
      continue
    }
    available.set(hold.currency, left)
    accepted.push(i)
  }

  if (accepted.length > 0) {
    const rows: OrderRow[] = await tx
      .insert(spotOrders)
      .values(accepted.map((i) => ({ ...orderColumns(who, batch[i]!.o, false, now), frozen: holds.get(i)!.amount })))
      .onConflictDoNothing()
      .returning()
    // Written meanwhile by another process under one of these client_oids: the whole batch goes one by one.
    if (rows.length !== accepted.length) throw new Error('a client_oid of the batch was taken meanwhile')
    const rowOf = new Map(rows.map((r) => [r.clientOid, r]))
    const ordered = accepted.map((i) => rowOf.get(batch[i]!.o.clientOid)!)
    const { events } = await captureEvents(tx, () =>
      postTransactions(
        tx,
        ordered.map((r, k) => freezePosting(r, holds.get(accepted[k]!)!)),
        locked,
      ),
    )
    // Each order's events together: its freeze's balance events, then `placed`.
    const byReference = new Map<string, typeof events>()
    for (const e of events) {
      const ref = String((e.data as { reference?: unknown }).reference)
      const list = byReference.get(ref)
      if (list) list.push(e)
      else byReference.set(ref, [e])
    }
    await emitEvents(
      tx,
      ordered.flatMap((r) => [...(byReference.get(`order:${r.id}`) ?? []), ...spotPlacedEvents(r)]),
    )
    ordered.forEach((r, k) => (outcomes[accepted[k]!] = { value: orderView(r) }))
  }

  // Every key row of the batch records its answer or its refusal.
  const answered = keyed.filter((i) => !('one' in outcomes[i]!))
  const kept = answered.map((i) => {
    const out = outcomes[i] as { value: Order } | { refused: DomainError }
    if ('value' in out) return { outcome: 'ok', response: JSON.stringify(out.value) }
    const stored = storedRefusal(out.refused)
    if (!stored) throw out.refused
    return { outcome: 'refused', response: JSON.stringify(stored) }
  })
  await tx.execute(sql`
    update idempotency_keys as k set outcome = v.outcome, response = v.response::jsonb
    from unnest(${numberArray(answered.map((i) => keyId.get(batch[i]!.keyed.key)!))}::int[],
                ${textArray(kept.map((k) => k.outcome))}::text[],
                ${textArray(kept.map((k) => k.response))}::text[]) as v(id, outcome, response)
    where k.id = v.id`)
  batchStats.orders += answered.length
  return outcomes
}

/**
 * The available balance of each of `currencies` in `who`'s spot wallet and the accounts' ids (by `accountKeyText`),
 * the rows locked FOR UPDATE in ascending id (the ledger's lock order); a currency without an account has none.
 */
async function lockBalances(tx: Db, who: MoneyCaller, currencies: string[]) {
  const owner = { userId: who.userId, wallet: 'spot' as const }
  const rows = rowsOf<{ id: number; currency: string; available: string }>(
    await tx.execute(sql`
      select id, currency, available::text as available from ${ledgerAccounts}
      where owner = ${ownerKey(owner)} and book = ${who.book} and wallet = 'spot'
        and currency = any(${textArray(currencies)}::text[])
      order by id for update`),
  )
  return {
    available: new Map<string, DecimalString>(rows.map((r) => [r.currency, parseDecimal(r.available)])),
    locked: new Map(rows.map((r) => [accountKeyText(owner, who.book, r.currency), Number(r.id)])),
  }
}
