/**
 * Closing positions in the caller's transaction (under the account lock, the position rows locked): the booking
 * every close shares, whoever asked for it (the user, a take-profit or stop-loss, a liquidation), one at a time
 * (`settleClose`) or many accounts at once (`settleCloses`, for a tick that liquidates a thousand accounts).
 *
 * The position's margin leaves the frozen bucket; the realized PnL comes from (or goes to) the platform's
 * counterparty; the closing fee goes to `fees` (none on a liquidation). Under cross margin a loss beyond the
 * position's own margin is taken from the wallet's available balance; what even that cannot cover is paid by the
 * platform's `insurance` account, so a user's balance never goes below zero (issue 12: "a shortfall is paid by a
 * platform insurance account in the ledger"). Ledger reference `position:<id>` (kind `contract_close`, or
 * `contract_liquidation`): a position is booked closed once.
 */
import { and, eq, sql } from 'drizzle-orm'
import { add, compare, negate, parseDecimal, sign, subtract, type DecimalString } from '../../../common/amount'
import type { ContractCloseReason, MarkInputs } from '../../../common/api/contract'
import type { FeedEvent } from '../../../common/api/trade'
import { realizedPnl, tradeFee } from '../../../common/trading/contract-math'
import type { Db } from '../../db/client'
import { contractPositions } from '../../db/schema'
import { postTransactions } from '../../ledger/post-many'
import { postTransaction, type Entry, type Posting } from '../../ledger/post'
import type { PositionRow } from './account'

const ZERO = parseDecimal('0')

/** How a position closes. */
export interface CloseTerms {
  /** The close price (quote currency). */
  price: DecimalString
  reason: ContractCloseReason
  event: FeedEvent
  /** The mark's inputs when it closes at the mark price. */
  markInputs?: MarkInputs | null
  actor: string
  now: Date
}

/** What a close booked. */
export interface Closed {
  pnl: DecimalString
  fee: DecimalString
  insurancePaid: DecimalString
  /** The wallet's available balance after it. */
  available: DecimalString
}

/** The figures and the ledger posting of closing `p` with `available` in the wallet before it. */
function closeOf(p: PositionRow, t: CloseTerms, available: DecimalString): Closed & { posting: Posting } {
  const liquidation = t.reason === 'liquidation'
  const margin = parseDecimal(p.margin)
  const amount = parseDecimal(p.amount)
  const pnl = realizedPnl(p.side, amount, parseDecimal(p.openPrice), t.price, p.currency)
  const fee = liquidation ? ZERO : tradeFee(amount, t.price, parseDecimal(p.closeFeeRate), p.currency)
  const delta = subtract(add(margin, pnl), fee)
  const after = add(available, delta)
  const shortfall = compare(after, ZERO) < 0 ? negate(after) : ZERO
  const user = { userId: p.userId, wallet: 'contract' as const }
  const entries: Entry[] = [
    { owner: user, currency: p.currency, bucket: 'frozen', amount: negate(margin) },
    { owner: user, currency: p.currency, bucket: 'available', amount: add(delta, shortfall) },
    { owner: { system: 'counterparty' }, currency: p.currency, bucket: 'available', amount: negate(pnl) },
    { owner: { system: 'fees' }, currency: p.currency, bucket: 'available', amount: fee },
    { owner: { system: 'insurance' }, currency: p.currency, bucket: 'available', amount: negate(shortfall) },
  ]
  const posting: Posting = {
    kind: liquidation ? 'contract_liquidation' : 'contract_close',
    book: p.book,
    userId: p.userId,
    reference: `position:${p.id}`,
    actor: t.actor,
    entries: entries.filter((e) => sign(e.amount) !== 0),
  }
  return { pnl, fee, insurancePaid: shortfall, available: add(after, shortfall), posting }
}

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
 * lock by the caller); answers the figures and the available balance after.
 * @throws Error when the position is not open any more (the caller holds its lock, so this is a bug).
 */
export async function settleClose(
  tx: Db,
  p: PositionRow,
  terms: CloseTerms,
  available: DecimalString,
): Promise<Closed> {
  const closed = closeOf(p, terms, available)
  const [moved] = await tx
    .update(contractPositions)
    .set(closedColumns(terms, closed))
    .where(and(eq(contractPositions.id, p.id), eq(contractPositions.status, 'open')))
    .returning({ id: contractPositions.id })
  if (!moved) throw new Error(`contract position ${p.id} is not open`)
  await postTransaction(tx, closed.posting)
  return closed
}

/** One account's closes of a batch: its positions in order, each with its terms, from the wallet's available. */
export interface AccountCloses {
  available: DecimalString
  closes: { position: PositionRow; terms: CloseTerms }[]
}

/**
 * Books the closes of many accounts in `tx` with a constant number of statements (one UPDATE of the positions, the
 * postings in bulk through post-many.ts). Same figures as settleClose, one after another within each account.
 * @throws Error when a position is not open any more (the caller holds the locks: a bug), or a posting fails.
 */
export async function settleCloses(tx: Db, accounts: readonly AccountCloses[]): Promise<void> {
  const rows: ReturnType<typeof closedColumns>[] = []
  const ids: number[] = []
  const postings: Posting[] = []
  for (const a of accounts) {
    let available = a.available
    for (const { position, terms } of a.closes) {
      const closed = closeOf(position, terms, available)
      available = closed.available
      ids.push(position.id)
      rows.push(closedColumns(terms, closed))
      postings.push(closed.posting)
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
  await postTransactions(tx, postings)
}
