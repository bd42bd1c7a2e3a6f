/** Names of spot order sides, types and states (spec §3 "Spot order": direction buy/sell, order type, status). */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OrderSide, OrderState } from '../../../common/api/trade'

export const SIDE_LABELS: Record<OrderSide, MessageDescriptor> = {
  buy: msg({ id: 'trade.side.buy', message: 'Buy' }),
  sell: msg({ id: 'trade.side.sell', message: 'Sell' }),
}

export { TYPE_LABELS } from '../order-form'

export const STATE_LABELS: Record<OrderState, MessageDescriptor> = {
  pending: msg({ id: 'trade.state.pending', message: 'Open' }),
  partially_filled: msg({ id: 'trade.state.partiallyFilled', message: 'Partially filled' }),
  filled: msg({ id: 'trade.state.filled', message: 'Filled' }),
  cancelled: msg({ id: 'trade.state.cancelled', message: 'Cancelled' }),
  rejected: msg({ id: 'trade.state.rejected', message: 'Rejected' }),
}
