/**
 * Which user-stream events change the balances the money screens show: every `accounts.update` of the session's
 * current book (one per balance a ledger transaction changed, common/api/stream.ts). Used to read balances again
 * instead of polling while the stream is live.
 */
import type { Wallet } from '../../../common/api/assets'
import type { AccountEventData } from '../../../common/api/stream'
import type { UserEvent } from '../../../common/engine-api'
import { currentBook } from '../../state/user'

/** True for a balance event of the session's current book (any wallet, any currency): the overview changed. */
export function concernsOverview(ev: UserEvent): boolean {
  return ev.ch === 'accounts.update' && (ev.data as AccountEventData).book === currentBook()
}

/** True for a balance event of `wallet` in `currency` on the session's current book. */
export function concernsWallet(ev: UserEvent, wallet: Wallet, currency: string): boolean {
  if (!concernsOverview(ev)) return false
  const d = ev.data as AccountEventData
  return d.wallet === wallet && d.currency === currency
}
