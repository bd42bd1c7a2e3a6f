/**
 * Names of futures sides, order types and close reasons (spec §3 "Contract position": long/short; "Contract history":
 * state; §4 contract items: closed, take-profit/stop-loss, liquidated).
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ContractCloseReason, ContractSide } from '../../../common/api/contract'

export const SIDE_LABELS: Record<ContractSide, MessageDescriptor> = {
  long: msg({ id: 'lever.side.long', message: 'Long' }),
  short: msg({ id: 'lever.side.short', message: 'Short' }),
}

/** Market or limit open: the spot screen's words. */
export { TYPE_LABELS } from '../order-form'

/** The submit button of each side. */
export const OPEN_LABELS: Record<ContractSide, MessageDescriptor> = {
  long: msg({ id: 'lever.openLong', message: 'Open long' }),
  short: msg({ id: 'lever.openShort', message: 'Open short' }),
}

/** A closed position's state by why it closed. */
export const CLOSE_REASON_LABELS: Record<ContractCloseReason, MessageDescriptor> = {
  manual: msg({ id: 'lever.state.closed', message: 'Closed' }),
  take_profit: msg({ id: 'lever.state.takeProfit', message: 'Take-profit' }),
  stop_loss: msg({ id: 'lever.state.stopLoss', message: 'Stop-loss' }),
  liquidation: msg({ id: 'lever.state.liquidated', message: 'Liquidated' }),
}
