import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { CloseOrder } from '../../../common/api/contract'
import type { Api } from '../../api'
import { formatUtcDateTime } from '../../lib/dates'
import { showToast } from '../../ui/toast'
import { RecordFacts } from '../funds'
import { formatLeverPrice } from './format'
import { SIDE_LABELS } from './labels'
import type { PairInfo } from './pair-info'
import { formatMoney } from '../../lib/format'

/**
 * The pending reduce-only (close) orders with the open orders (issue 21 part 1): which position each reduces, its
 * price, amount and what has filled; Cancel ends it (it holds nothing).
 */
export function CloseOrderList({
  api,
  orders,
  pairOf,
  onChanged,
}: {
  api: Pick<Api, 'contractCloseOrderCancel'>
  orders: readonly CloseOrder[]
  pairOf: (symbol: string) => PairInfo
  /** After a cancel (read the account again). */
  onChanged: () => void
}) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const [cancelling, setCancelling] = useState<number | null>(null)
  const cancel = async (o: CloseOrder) => {
    setCancelling(o.id)
    try {
      await api.contractCloseOrderCancel(o.id)
      showToast(msg({ id: 'trade.cancelled', message: 'Order cancelled' }), 'success')
    } catch {
      // The request layer has shown why.
    } finally {
      setCancelling(null)
      onChanged()
    }
  }
  if (orders.length === 0) return null
  return (
    <ul className="lv-rows">
      {orders.map((o) => {
        const info = pairOf(o.symbol)
        const amount = (v: string) => `${formatMoney(v, loc, { minScale: 0 })} ${info.base}`
        return (
          <li className="lv-entrust" key={o.id} data-testid={`close-order-${o.id}`} data-side={o.side}>
            <div className="lv-entrust__head">
              <span className={`lv-side lv-side--${o.side}`}>{t(SIDE_LABELS[o.side])}</span>
              <span className="lv-pos__pair">{info.pair}</span>
              <span className="lv-tag">
                <Trans id="lever.reduceOnly">Reduce-only</Trans>
              </span>
              <span className="lv-pos__spacer" />
              <button type="button" className="lv-btn" disabled={cancelling === o.id} onClick={() => void cancel(o)}>
                <Trans id="common.cancel">Cancel</Trans>
              </button>
            </div>
            <RecordFacts
              facts={[
                [
                  t({ id: 'trade.entrustPrice', message: 'Entrust price' }),
                  formatLeverPrice(o.price, info.precision, loc),
                ],
                [t({ id: 'trade.entrustAmount', message: 'Entrust quantity' }), amount(o.amount)],
                [t({ id: 'lever.closeFilled', message: 'Closed so far' }), amount(o.filled)],
                [t({ id: 'trade.createdAt', message: 'Create time' }), formatUtcDateTime(o.created_at)],
              ]}
            />
          </li>
        )
      })}
    </ul>
  )
}
