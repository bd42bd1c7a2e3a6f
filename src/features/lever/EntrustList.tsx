import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { ContractOrder } from '../../../common/api/contract'
import type { Api } from '../../api'
import { Icon } from '../../ui/Icon'
import { showToast } from '../../ui/toast'
import { EntrustItem } from './EntrustItem'
import type { PairInfo } from './pair-info'

/** The current entrusts (pending limit orders), each revocable (spec §2 Lever). */
export function EntrustList({
  api,
  orders,
  pairOf,
  onChanged,
}: {
  api: Pick<Api, 'contractCancel'>
  orders: readonly ContractOrder[]
  pairOf: (symbol: string) => PairInfo
  /** After a cancel (read the account again). */
  onChanged: () => void
}) {
  const [cancelling, setCancelling] = useState<number | null>(null)
  const cancel = async (o: ContractOrder) => {
    setCancelling(o.id)
    try {
      await api.contractCancel(o.id)
      showToast(msg({ id: 'trade.cancelled', message: 'Order cancelled' }), 'success')
    } catch {
      // The request layer has shown why.
    } finally {
      setCancelling(null)
      onChanged()
    }
  }
  if (orders.length === 0) {
    return (
      <div className="empty-state">
        <Icon name="list" size={40} />
        <p>
          <Trans id="trade.noOpenOrders">No open orders</Trans>
        </p>
      </div>
    )
  }
  return (
    <ul className="lv-rows">
      {orders.map((o) => (
        <EntrustItem
          key={o.id}
          order={o}
          info={pairOf(o.symbol)}
          cancelling={cancelling === o.id}
          onCancel={() => void cancel(o)}
        />
      ))}
    </ul>
  )
}
