/**
 * The order confirmation of the spot and futures forms (issue 24 part 3): the spec's "Do you confirm the order?" with
 * a table of what is confirmed, and "Don't ask again", which makes that form place orders at once until Mine →
 * "Order confirmations" turns asking back on (src/state/order-confirm.ts).
 */
import { msg } from '@lingui/core/macro'
import { skipsConfirm, stopAsking, type ConfirmedForm } from '../../state/order-confirm'
import { confirmWithOptOut, type DialogDetail } from '../../ui/dialog'
import type { ToastText } from '../../ui/toast'

/** The spec's confirmation sentence (§2 Trade). */
export const CONFIRM_ORDER = msg({ id: 'trade.confirm', message: 'Do you confirm the order?' })
const DONT_ASK = msg({ id: 'trade.dontAskAgain', message: "Don't ask again" })

/**
 * Asks to confirm an order of `form` showing `details`, unless the user chose not to be asked; resolves true to place.
 * @param confirmText the confirm button's label (default "Confirm")
 */
export async function confirmOrder(
  form: ConfirmedForm,
  details: readonly DialogDetail[],
  confirmText?: ToastText,
): Promise<boolean> {
  if (skipsConfirm(form)) return true
  const answer = await confirmWithOptOut({ message: CONFIRM_ORDER, confirmText, details, dontAsk: DONT_ASK })
  if (answer.ok && answer.dontAsk) stopAsking(form)
  return answer.ok
}

/** Labels of the confirmation table's lines, shared by both forms. */
export const DETAIL_LABELS = {
  side: msg({ id: 'confirm.side', message: 'Side' }),
  type: msg({ id: 'confirm.type', message: 'Type' }),
  price: msg({ id: 'confirm.price', message: 'Price' }),
  amount: msg({ id: 'confirm.amount', message: 'Quantity' }),
  total: msg({ id: 'trade.total', message: 'Transaction amount' }),
  fee: msg({ id: 'trade.fee', message: 'Fee' }),
  leverage: msg({ id: 'lever.leverage', message: 'Leverage' }),
  margin: msg({ id: 'lever.marginRequired', message: 'Margin' }),
  liquidation: msg({ id: 'lever.estLiq', message: 'Est. liq. price' }),
  market: msg({ id: 'confirm.marketPrice', message: 'Market' }),
}
