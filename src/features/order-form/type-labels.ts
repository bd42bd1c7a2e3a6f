/** Names of the order types, spot and futures alike (spec §3 "Spot order": order type limit/market). */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { OrderType } from '../../../common/api/trade'

export const TYPE_LABELS: Record<OrderType, MessageDescriptor> = {
  limit: msg({ id: 'trade.type.limit', message: 'Limit' }),
  market: msg({ id: 'trade.type.market', message: 'Market' }),
}
