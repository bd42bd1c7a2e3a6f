/** The order_place body of the futures form's values. */
import type { ContractOrderPlaceInput } from '../../../common/api/contract'
import { readAmount } from '../funds'
import { positive, type OpenDraft } from './open-math'

/**
 * The order_place body of a checked draft, without its client_oid: `price` only for a limit, `tp` / `sl` only when
 * shown and filled in. Null when the quantity cannot be read (the checks refuse such a draft before).
 */
export function orderInput(draft: OpenDraft, symbol: string): Omit<ContractOrderPlaceInput, 'client_oid'> | null {
  const amount = readAmount(draft.amount)
  if (amount === null) return null
  const trigger = (text: string) => (draft.tpsl ? (positive(text) ?? undefined) : undefined)
  return {
    symbol,
    side: draft.side,
    type: draft.type,
    amount,
    leverage: draft.leverage,
    price: draft.type === 'limit' ? (positive(draft.price) ?? undefined) : undefined,
    tp: trigger(draft.tp),
    sl: trigger(draft.sl),
  }
}
