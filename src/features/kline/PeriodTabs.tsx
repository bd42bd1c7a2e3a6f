import { useLingui } from '@lingui/react/macro'
import { KLINE_PERIODS, type KlinePeriod } from '../../../common/feed/topics'

/** The K-line period switch (1m … 1M), a scrollable row of chips; the active one is marked aria-selected. */
export function PeriodTabs({ value, onChange }: { value: KlinePeriod; onChange: (p: KlinePeriod) => void }) {
  const { t } = useLingui()
  const labels: Record<KlinePeriod, string> = {
    '1min': t({ id: 'kline.period.1min', message: '1m' }),
    '5min': t({ id: 'kline.period.5min', message: '5m' }),
    '15min': t({ id: 'kline.period.15min', message: '15m' }),
    '30min': t({ id: 'kline.period.30min', message: '30m' }),
    '60min': t({ id: 'kline.period.60min', message: '1H' }),
    '4hour': t({ id: 'kline.period.4hour', message: '4H' }),
    '1day': t({ id: 'kline.period.1day', message: '1D' }),
    '1week': t({ id: 'kline.period.1week', message: '1W' }),
    '1mon': t({ id: 'kline.period.1mon', message: '1M' }),
  }
  return (
    <div className="kline-periods" role="tablist" aria-label={t({ id: 'kline.period.label', message: 'Chart period' })}>
      {KLINE_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          aria-selected={p === value}
          className={p === value ? 'kline-periods__item kline-periods__item--active' : 'kline-periods__item'}
          onClick={() => onChange(p)}
        >
          {labels[p]}
        </button>
      ))}
    </div>
  )
}
