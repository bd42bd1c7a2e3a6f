/**
 * Closing positions in the caller's transaction (under the account lock, the position rows locked): the booking
 * every close shares, whoever asked for it (the user, Close all, a take-profit or stop-loss, a liquidation), one
 * position (`settleClose`), several of one account netted together (`settleAccountCloses`) or many accounts at once
 * (`settleCloses`, for a tick that liquidates a thousand accounts).
 *
 * The figures come from netting.ts (issue 21 part 1): realized PnL and fees settle against the account's whole
 * cross-margin wallet, a loss beyond the available balance is covered by the margin of the positions that stay open,
 * `insurance` pays only a liquidated account's net deficit (and receives its clearance fee), and a voluntary close
 * that would need insurance is refused. Ledger reference `position:<id>` (kind `contract_close`, or
 * `contract_liquidation`): a position is booked closed once. A closed position's pending reduce-only orders
 * (close-orders.ts) are cancelled with it.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { parseDecimal, type DecimalString } from '../../../common/amount'
import type { Db } from '../../db/client'
import { contractCloseOrders, contractPositions } from '../../db/schema'
import { postTransactions } from '../../ledger/post-many'
import { emitEvents } from '../../stream/events'
import type { PositionRow } from './account'
import { closedPositionEvent, closeOrderEvent } from './views'
import type { UserEventOf } from '../../stream/trading-events'
import type { MarkBoard } from './marks'
import { openPositionEvents } from './position-events'

/** The marks a settle shows open positions at in their `changed` events (none: without a mark). */
type Marks = Pick<MarkBoard, 'mark'>
import {
  planAccountCloses,
  type AccountCloses,
  type AccountPlan,
  type Closed,
  type CloseTerms,
  type PlannedClose,
} from './netting'

export type { AccountCloses, Closed, CloseTerms } from './netting'

/** The row's closing columns. */
function closedColumns(t: CloseTerms, c: Closed) {
  return {
    status: t.reason === 'liquidation' ? ('liquidated' as const) : ('closed' as const),
    closePrice: t.price,
    closeReason: t.reason,
    closeFee: c.fee,
    realizedPnl: c.pnl,
    insurancePaid: c.insurancePaid,
    closedAt: t.now,
    feedSource: t.event.source,
    feedTopic: t.event.topic,
    feedTs: new Date(t.event.ts),
    feedPrice: parseDecimal(t.event.price),
    feedRef: t.event.ref,
    feedRecorded: t.event.recorded,
    markInputs: t.markInputs ?? null,
  }
}

/**
 * Books the close of open position `p` at `terms.price` given the wallet's available balance before it (read under
 * lock by the caller), netted against the account's other open positions (read and locked here); answers the figures
 * and the available balance after.
 * @throws DomainError conflict `closeLossBeyondWallet` (id) when a voluntary close would need insurance.
 * @throws Error when the position is not open any more (the caller holds its lock, so this is a bug).
 */
export async function settleClose(
  tx: Db,
  p: PositionRow,
  terms: CloseTerms,
  available: DecimalString,
  marks?: Marks,
): Promise<Closed> {
  const others = await tx
    .select()
    .from(contractPositions)
    .where(
      and(
        eq(contractPositions.userId, p.userId),
        eq(contractPositions.book, p.book),
        eq(contractPositions.status, 'open'),
        ne(contractPositions.id, p.id),
      ),
    )
    .for('update')
  const [closed] = await settleAccountCloses(tx, { available, closes: [{ position: p, terms }], others }, 'id', marks)
  return closed!
}

/**
 * Books one account's closes netted together (netting.ts) in `tx`: the closed rows, their postings and the margin
 * the positions that stay open gave up. `field` is what a refusal names. Answers the closes in booking order.
 * @throws DomainError conflict `closeLossBeyondWallet` (field) when a voluntary close would need insurance.
 * @throws Error when a position is not open any more (the caller holds the locks: a bug), or a posting fails.
 */
export async function settleAccountCloses(
  tx: Db,
  a: AccountCloses,
  field = 'id',
  marks?: Marks,
): Promise<PlannedClose[]> {
  const plan = planAccountCloses(a, field)
  await book(tx, [plan], marks)
  return plan.closes
}

/**
 * Books the closes of many accounts in `tx` with a constant number of statements (one UPDATE of the positions, the
 * postings in bulk through post-many.ts), each account's closes netted as settleAccountCloses nets them.
 * @throws Error when a position is not open any more (the caller holds the locks: a bug), or a posting fails.
 */
export async function settleCloses(tx: Db, accounts: readonly AccountCloses[], marks?: Marks): Promise<void> {
  await book(
    tx,
    accounts.map((a) => planAccountCloses(a)),
    marks,
  )
}

/** Books `plans` with a constant number of statements (plus one per position that gave up margin). */
async function book(tx: Db, plans: readonly AccountPlan[], marks: Marks | undefined): Promise<void> {
  const rows: ReturnType<typeof closedColumns>[] = []
  const ids: number[] = []
  for (const plan of plans) {
    for (const c of plan.closes) {
      ids.push(c.position.id)
      rows.push(closedColumns(c.terms, c))
    }
  }
  if (ids.length === 0) return
  const list = (values: readonly (string | number | boolean | null)[]) =>
    `{${values.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`
  const moved = await tx.execute(sql`
    update ${contractPositions} as p
    set status = v.status, close_price = v.close_price, close_reason = v.close_reason, close_fee = v.close_fee,
      realized_pnl = v.realized_pnl, insurance_paid = v.insurance_paid, closed_at = v.closed_at,
      feed_source = v.feed_source, feed_topic = v.feed_topic, feed_ts = v.feed_ts, feed_price = v.feed_price,
      feed_ref = v.feed_ref, feed_recorded = v.feed_recorded, mark_inputs = v.mark_inputs
    from unnest(${list(ids)}::int[], ${list(rows.map((r) => r.status))}::text[],
                ${list(rows.map((r) => r.closePrice))}::numeric[], ${list(rows.map((r) => r.closeReason))}::text[],
                ${list(rows.map((r) => r.closeFee))}::numeric[], ${list(rows.map((r) => r.realizedPnl))}::numeric[],
                ${list(rows.map((r) => r.insurancePaid))}::numeric[],
                ${list(rows.map((r) => r.closedAt.toISOString()))}::timestamptz[],
                ${list(rows.map((r) => r.feedSource))}::text[], ${list(rows.map((r) => r.feedTopic))}::text[],
                ${list(rows.map((r) => r.feedTs.toISOString()))}::timestamptz[],
                ${list(rows.map((r) => r.feedPrice))}::numeric[], ${list(rows.map((r) => r.feedRef))}::text[],
                ${list(rows.map((r) => r.feedRecorded))}::boolean[],
                ${list(rows.map((r) => (r.markInputs ? JSON.stringify(r.markInputs) : null)))}::jsonb[])
      as v(id, status, close_price, close_reason, close_fee, realized_pnl, insurance_paid, closed_at, feed_source,
           feed_topic, feed_ts, feed_price, feed_ref, feed_recorded, mark_inputs)
    where p.id = v.id and p.status = 'open'
    returning p.id`)
  const count = (moved as { rows?: unknown[] }).rows?.length ?? (moved as unknown[]).length
  if (count !== ids.length)
    throw new Error(`contract positions changed under a batch close (${count} of ${ids.length})`)
  // A closed position's pending reduce-only orders end with it (they may never open the other side).
  const cancelled = await tx
    .update(contractCloseOrders)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(sql`${contractCloseOrders.positionId} = any(${list(ids)}::int[])`, eq(contractCloseOrders.status, 'pending')),
    )
    .returning()
  for (const plan of plans) {
    for (const [id, taken] of plan.cover) {
      const [o] = await tx
        .update(contractPositions)
        .set({ margin: sql`${contractPositions.margin} - ${taken}::numeric` })
        .where(and(eq(contractPositions.id, id), eq(contractPositions.status, 'open')))
        .returning({ id: contractPositions.id })
      if (!o) throw new Error(`contract position ${id} is not open`)
    }
  }
  await postTransactions(
    tx,
    plans.flatMap((p) => p.closes.map((c) => c.posting)),
  )
  // The users' events, in one statement for the whole batch: each position closed or liquidated (as history shows
  // it, with its close price and feed event), each reduce-only order that ended with it.
  const closed = await tx
    .select()
    .from(contractPositions)
    .where(sql`${contractPositions.id} = any(${list(ids)}::int[])`)
    .orderBy(asc(contractPositions.id))
  // The positions that stay open and gave up margin to cover a loss: `changed` (rare: a read of each such account).
  const changed: UserEventOf[] = []
  for (const plan of plans) {
    const first = plan.closes[0]?.position
    if (plan.cover.size === 0 || !first) continue
    changed.push(...(await openPositionEvents(tx, marks, first, [...plan.cover.keys()], 'changed')))
  }
  await emitEvents(tx, [
    ...closed.map(closedPositionEvent),
    ...changed,
    ...cancelled.sort((x, y) => x.id - y.id).map((o) => closeOrderEvent('cancelled', o)),
  ])
}
