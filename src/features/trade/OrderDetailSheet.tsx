import { useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { OrderDetail } from '../../../common/api/trade'
import type { Api } from '../../api'
import { LoadFailed } from '../markets'
import { Sheet } from '../../ui/Sheet'
import { Spinner } from '../../ui/Spinner'
import { FillItem } from './FillItem'
import { OrderRow } from './OrderRow'

/** One order with every fill and its feed event (trade/order_detail), in a bottom sheet; `id` null = closed. */
export function OrderDetailSheet({
  api,
  id,
  pair,
  pricePrecision,
  onClose,
}: {
  api: Pick<Api, 'orderDetail'>
  id: number | null
  pair: string
  pricePrecision: number
  onClose: () => void
}) {
  const { t } = useLingui()
  // The answer with the order and attempt it is for: another order's answer is never shown, and no reset is needed.
  const [answer, setAnswer] = useState<{ key: string; detail: OrderDetail | 'failed' } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const key = `${id}|${attempt}`
  useEffect(() => {
    if (id === null) return
    let live = true
    api.orderDetail(id, { silent: true }).then(
      (d) => live && setAnswer({ key, detail: d }),
      () => live && setAnswer({ key, detail: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [api, id, key])
  const detail = answer?.key === key ? answer.detail : null
  return (
    <Sheet open={id !== null} title={t({ id: 'trade.orderDetail', message: 'Order details' })} onClose={onClose}>
      {detail === null ? (
        <div className="trade-detail-state">
          <Spinner size={22} />
        </div>
      ) : detail === 'failed' ? (
        <LoadFailed onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <div className="trade-detail" data-testid="trade-order-detail">
          <ul className="trade-orders">
            <OrderRow order={detail} pair={pair} pricePrecision={pricePrecision} />
          </ul>
          <h3 className="trade-detail__fills">
            {t({ id: 'trade.fills', message: 'Fills' })} ({detail.fills.length})
          </h3>
          {detail.fills.length === 0 ? (
            <p className="trade-detail__none">{t({ id: 'trade.noFills', message: 'Nothing filled yet.' })}</p>
          ) : (
            <ul className="trade-fills">
              {detail.fills.map((f, i) => (
                <FillItem key={i} fill={f} pricePrecision={pricePrecision} />
              ))}
            </ul>
          )}
        </div>
      )}
    </Sheet>
  )
}
