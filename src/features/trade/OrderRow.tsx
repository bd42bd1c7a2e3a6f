import { useLingui } from '@lingui/react/macro'
import { OPEN_ORDER_STATES, type Order } from '../../../common/api/trade'
import { formatUtcDateTime } from '../../lib/dates'
import { formatAmount, formatMoney, formatPrice } from '../../lib/format'
import { RecordFacts } from '../funds'
import { SIDE_LABELS, STATE_LABELS, TYPE_LABELS } from './labels'

/** Is the order still open (it can fill or be cancelled)? */
export const isOpen = (o: Order): boolean => (OPEN_ORDER_STATES as readonly string[]).includes(o.status)

/**
 * One spot order (spec §3): the pair, side and type, then for an open order its entrust price and quantity, deal
 * amount, average price, status and create time with Cancel; for a finished one also the deal volume, fee and deal
 * time. Tapping the order opens its detail.
 */
export function OrderRow({
  order,
  pair,
  pricePrecision,
  onOpen,
  onCancel,
  cancelling,
}: {
  order: Order
  /** The pair's name, "BTC/USDT". */
  pair: string
  pricePrecision: number
  /** Opens the order's detail; none in the detail itself. */
  onOpen?: () => void
  onCancel?: (() => void) | undefined
  cancelling?: boolean
}) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const price = (p: string | null) => (p === null ? '--' : formatPrice(p, pricePrecision, loc))
  const [base = '', quote = ''] = pair.split('/')
  const amount = (a: string, currency = base) => `${formatMoney(a, loc, { minScale: 0 })} ${currency}`
  const open = isOpen(order)
  const facts: [string, string | null][] = [
    [
      t({ id: 'trade.entrustPrice', message: 'Entrust price' }),
      order.type === 'market' ? t(TYPE_LABELS.market) : price(order.entrust_price),
    ],
    [t({ id: 'trade.entrustAmount', message: 'Entrust quantity' }), amount(order.entrust_amount)],
    [t({ id: 'trade.dealAmount', message: 'Deal amount' }), amount(order.deal_amount)],
    [t({ id: 'trade.avgPrice', message: 'Average price' }), price(order.avg_price)],
  ]
  if (!open) {
    facts.push(
      [
        t({ id: 'trade.dealVolume', message: 'Deal volume' }),
        `${formatAmount(order.deal_volume, quote, loc)} ${quote}`,
      ],
      [
        t({ id: 'trade.fee', message: 'Fee' }),
        `${formatAmount(order.fee, order.fee_currency, loc, { charge: true })} ${order.fee_currency}`,
      ],
    )
  }
  facts.push([t({ id: 'trade.createdAt', message: 'Create time' }), formatUtcDateTime(order.created_at)])
  if (!open && order.deal_at)
    facts.push([t({ id: 'trade.dealAt', message: 'Deal time' }), formatUtcDateTime(order.deal_at)])
  const head = (
    <>
      <span className={`trade-order__side trade-order__side--${order.side}`}>{t(SIDE_LABELS[order.side])}</span>
      <span className="trade-order__pair">{pair}</span>
      <span className="trade-order__type">{t(TYPE_LABELS[order.type])}</span>
      <span className={`trade-order__state trade-order__state--${order.status}`}>{t(STATE_LABELS[order.status])}</span>
    </>
  )
  return (
    <li className="trade-order" data-testid="trade-order" data-status={order.status}>
      <div className="trade-order__head">
        {onOpen ? (
          <button type="button" className="trade-order__open" onClick={onOpen}>
            {head}
          </button>
        ) : (
          <div className="trade-order__open">{head}</div>
        )}
        {onCancel && (
          <button type="button" className="trade-order__cancel" onClick={onCancel} disabled={cancelling}>
            {t({ id: 'common.cancel', message: 'Cancel' })}
          </button>
        )}
      </div>
      <RecordFacts facts={facts} />
    </li>
  )
}
