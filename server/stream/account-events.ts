/**
 * `accounts.update` events (issue 22 part 1): every change of a user's balance, written by the ledger in the
 * transaction that posts it (server/ledger/post.ts, post-many.ts), so the stream sees each change exactly when it
 * commits, with the ledger transaction that made it.
 */
import type { DecimalString } from '../../common/amount'
import type { AccountEventData } from '../../common/api/stream'
import type { Book } from '../../common/api/user-info'
import type { Db } from '../db/client'
import type { AccountOwner } from '../ledger/post'
import { emitEvents, type NewUserEvent } from './events'

/** One account a posting changed: its owner, currency, change and balance after. */
export interface BalanceChange {
  owner: AccountOwner
  currency: string
  change: { available: DecimalString; frozen: DecimalString }
  after: { available: DecimalString; frozen: DecimalString }
}

/** The `accounts.update` events of one posted ledger transaction (users' accounts only). */
export function balanceEvents(
  p: { book: Book; kind: string; reference: string; transactionId: number },
  changes: readonly BalanceChange[],
): (NewUserEvent & { userId: number })[] {
  return changes.flatMap((c) => {
    if ('system' in c.owner) return []
    const data: AccountEventData = {
      event: 'balance',
      book: p.book,
      wallet: c.owner.wallet,
      currency: c.currency,
      available: c.after.available,
      frozen: c.after.frozen,
      change_available: c.change.available,
      change_frozen: c.change.frozen,
      kind: p.kind,
      reference: p.reference,
      transaction_id: p.transactionId,
    }
    return [{ userId: c.owner.userId, topic: 'accounts' as const, data }]
  })
}

/** Writes the `accounts.update` events of posted transactions in the ledger's transaction `tx`. */
export async function emitBalanceEvents(tx: Db, events: readonly (NewUserEvent & { userId: number })[]): Promise<void> {
  if (events.length > 0) await emitEvents(tx, events)
}
