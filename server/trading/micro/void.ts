/**
 * Voiding a second contract (issue 21 part 8): its stake leaves the frozen bucket and comes back with its fee to the
 * available bucket of the options wallet, from the platform's `fees` account; status `voided` with the reason. The
 * settler voids an order with no price within VOID_AFTER_MS after delivery (settler.ts); an operator voids one with
 * `admin/micro_void` or `npm run admin -- micro void <id>` (audited).
 *
 * Exactly once, with settlement too: the void posting has the settlement's kind and reference (`micro_settle`,
 * `micro:<id>`, unique), and the row moves from `open` by a conditional update in the same transaction.
 */
import { and, eq } from 'drizzle-orm'
import { add, negate, parseDecimal, sign } from '../../../common/amount'
import type { MicroOrder, MicroVoidReason } from '../../../common/api/micro'
import { audit } from '../../auth/audit'
import type { Db } from '../../db/client'
import { microOrders } from '../../db/schema'
import { DomainError, notFound } from '../../domain/errors'
import { moneyTransaction } from '../../ledger/idempotent'
import { postTransaction, type Entry, type Posting } from '../../ledger/post'
import { microSettledEvent, microView, type MicroRow } from './orders'
import { emitEvents } from '../../stream/events'

const d = parseDecimal

/** The ledger posting of a voided order: stake and fee back to the user's available options balance. */
export function voidPosting(o: MicroRow, actor: string): Posting {
  const user = { userId: o.userId, wallet: 'option' as const }
  const stake = d(o.amount)
  const fee = d(o.fee)
  const entries: Entry[] = [
    { owner: user, currency: o.currency, bucket: 'frozen', amount: negate(stake) },
    { owner: user, currency: o.currency, bucket: 'available', amount: add(stake, fee) },
  ]
  if (sign(fee) > 0)
    entries.push({ owner: { system: 'fees' }, currency: o.currency, bucket: 'available', amount: negate(fee) })
  return { kind: 'micro_settle', book: o.book, userId: o.userId, reference: `micro:${o.id}`, actor, entries }
}

/** The columns of a voided order (no close price: it did not settle). */
export function voidedColumns(reason: MicroVoidReason, now: Date) {
  return { status: 'voided' as const, voidReason: reason, pnl: d('0'), closePrice: null, closeTs: null, settledAt: now }
}

/** Who voids: an operator (`operatorId` null from the command line) and the request's address. */
export interface VoidBy {
  operatorId: number | null
  ip?: string
}

/**
 * An operator voids open order `id`: stake and fee back, status `voided` (reason `operator`), audited.
 * @throws DomainError not_found `orderNotFound` (id); conflict `microAlreadySettled` (id) when it is no longer open
 */
export async function voidMicro(db: Db, id: number, by: VoidBy): Promise<MicroOrder> {
  const now = new Date()
  const done = await moneyTransaction(db, async (tx) => {
    const [o] = await tx
      .select()
      .from(microOrders)
      .where(and(eq(microOrders.id, id), eq(microOrders.status, 'open')))
      .for('update')
    if (!o) return undefined
    const [row] = await tx
      .update(microOrders)
      .set(voidedColumns('operator', now))
      .where(and(eq(microOrders.id, id), eq(microOrders.status, 'open')))
      .returning()
    if (!row) return undefined
    await postTransaction(tx, voidPosting(o, by.operatorId === null ? 'cli' : `operator:${by.operatorId}`))
    await emitEvents(tx, [microSettledEvent(row)])
    await audit(tx, {
      userId: by.operatorId,
      action: 'micro_void',
      result: 'ok',
      detail: `options order ${o.id} of user ${o.userId} (${o.book}): ${d(o.amount)} ${o.currency} + fee ${d(o.fee)} back${by.operatorId === null ? ' by command line' : ''}`,
      ip: by.ip ?? '',
    })
    return row
  })
  if (done) return microView(done)
  const [exists] = await db.select({ id: microOrders.id }).from(microOrders).where(eq(microOrders.id, id))
  if (!exists) throw notFound('orderNotFound', 'id')
  throw new DomainError('conflict', 'microAlreadySettled', { field: 'id' })
}
