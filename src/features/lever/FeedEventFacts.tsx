import { useLingui } from '@lingui/react/macro'
import type { ContractHistory } from '../../../common/api/contract'
import { formatDateTime } from '../../lib/dates'
import { formatPrice } from '../../lib/format'
import { SourceBadge } from '../markets'
import { Facts } from './Facts'

/**
 * The feed event a close used (source, topic, event time, price, event id, recorded or derived), and for a close at
 * the mark price (take-profit, stop-loss, liquidation) the mark's inputs: book mid, last trade and their EMA.
 */
export function FeedEventFacts({ item, precision }: { item: ContractHistory; precision: number }) {
  const { t, i18n } = useLingui()
  const loc = i18n.locale
  const e = item.feed_event
  const m = item.mark_inputs
  const exact = (v: string) => formatPrice(v, precision + 2, loc)
  const origin =
    e.recorded === null
      ? null
      : e.recorded
        ? t({ id: 'trade.feedRecorded', message: 'Recorded' })
        : t({ id: 'trade.feedDerived', message: 'Derived from candles' })
  return (
    <div className="lv-event" data-testid="lever-feed-event">
      <p className="lv-event__title">
        {t({ id: 'trade.feedEvent', message: 'Feed event' })}
        <SourceBadge source={e.source} />
      </p>
      <Facts
        facts={[
          ['feed-topic', t({ id: 'trade.feedTopic', message: 'Topic' }), <code key="topic">{e.topic}</code>],
          ['feed-time', t({ id: 'trade.feedTime', message: 'Event time' }), formatDateTime(e.ts)],
          ['feed-price', t({ id: 'trade.feedPrice', message: 'Event price' }), formatPrice(e.price, precision, loc)],
          ['feed-ref', t({ id: 'trade.feedRef', message: 'Event id' }), <code key="ref">{e.ref}</code>],
          ['feed-origin', t({ id: 'trade.feedOrigin', message: 'Data' }), origin],
        ]}
      />
      {m && (
        <>
          <p className="lv-event__title">{t({ id: 'lever.markInputs', message: 'Mark price inputs' })}</p>
          <Facts
            facts={[
              ['mark-mid', t({ id: 'lever.markMid', message: 'Book mid' }), exact(m.mid)],
              ['mark-last', t({ id: 'lever.markLast', message: 'Last trade' }), exact(m.last)],
              ['mark-ema', t({ id: 'lever.markEma', message: 'Mid EMA (30 s)' }), exact(m.ema)],
            ]}
          />
        </>
      )}
    </div>
  )
}
