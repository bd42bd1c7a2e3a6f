import { useLingui } from '@lingui/react/macro'
import type { Fill } from '../../../common/api/trade'
import { formatDateTime, formatUtcDateTime } from '../../lib/dates'
import { formatAmount, formatMoney, formatPrice } from '../../lib/format'
import { RecordFacts } from '../funds'
import { SourceBadge } from '../markets'

/**
 * One fill of an order and the feed event it was priced from (issue 11: source, topic, event time, price and the
 * event's id; a replayed event says whether it was recorded or derived from candles).
 */
export function FillItem({ fill, pricePrecision }: { fill: Fill; pricePrecision: number }) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const e = fill.feed_event
  const origin =
    e.recorded === null
      ? null
      : e.recorded
        ? t({ id: 'trade.feedRecorded', message: 'Recorded' })
        : t({ id: 'trade.feedDerived', message: 'Derived from candles' })
  return (
    <li className="trade-fill" data-testid="trade-fill">
      <RecordFacts
        facts={[
          [t({ id: 'trade.fillPrice', message: 'Fill price' }), formatPrice(fill.price, pricePrecision, loc)],
          [t({ id: 'trade.fillAmount', message: 'Fill quantity' }), formatMoney(fill.amount, loc, { minScale: 0 })],
          [
            t({ id: 'trade.fee', message: 'Fee' }),
            `${formatAmount(fill.fee, fill.fee_currency, loc, { charge: true })} ${fill.fee_currency}`,
          ],
          [t({ id: 'trade.dealAt', message: 'Deal time' }), formatUtcDateTime(fill.created_at)],
        ]}
      />
      <div className="trade-fill__event" data-testid="trade-feed-event">
        <p className="trade-fill__event-title">
          {t({ id: 'trade.feedEvent', message: 'Feed event' })}
          <SourceBadge source={e.source} />
        </p>
        <RecordFacts
          facts={[
            [t({ id: 'trade.feedTopic', message: 'Topic' }), <code key="topic">{e.topic}</code>],
            [t({ id: 'trade.feedTime', message: 'Event time' }), formatDateTime(e.ts)],
            [t({ id: 'trade.feedPrice', message: 'Event price' }), formatPrice(e.price, pricePrecision, loc)],
            [t({ id: 'trade.feedRef', message: 'Event id' }), <code key="ref">{e.ref}</code>],
            [t({ id: 'trade.feedOrigin', message: 'Data' }), origin],
          ]}
        />
      </div>
    </li>
  )
}
